/**
 * Small media files answered from memory: a copy is used until it is looked at again (at most
 * `recheckMs` later), is only taken of a file the containment check allows, and the least
 * recently used copies go first.
 */
import assert from 'node:assert/strict'
import { rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { SmallFiles, type KeptFile, type SmallFilesOptions } from '../../src/media/small-files.js'
import { tempDir } from '../support/hub.js'

const recheckMs = 100
const allowAll = async (): Promise<boolean> => true
const bytesOf = (kept: KeptFile | 'outside' | null): string => {
  assert.ok(kept !== null && kept !== 'outside', `kept: ${String(kept)}`)
  return kept.bytes.toString()
}

/**
 * Kept files on a clock of their own that stands still until the test moves it past the recheck
 * interval: no sleeping through it, and a slow machine does not pass it early.
 */
function keptFiles (options: Omit<SmallFilesOptions, 'now'>): { files: SmallFiles, advance: (ms: number) => void } {
  let nowMs = Date.parse('2026-11-24T20:00:00Z')
  return { files: new SmallFiles({ ...options, now: () => new Date(nowMs) }), advance: (ms) => { nowMs += ms } }
}

describe('small files kept in memory', () => {
  const folder = tempDir('cabinet-hub-small-')
  const file = (name: string, text: string): string => {
    writeFileSync(path.join(folder, name), text)
    return path.join(folder, name)
  }

  it('answers from the copy until it is looked at again, then from the changed file', async () => {
    const { files, advance } = keptFiles({ maxFileBytes: 1024, maxTotalBytes: 4096, recheckMs })
    const marquee = file('marquee.png', 'first')
    assert.equal(bytesOf(await files.get(marquee, allowAll)), 'first')
    file('marquee.png', 'second, longer')
    assert.equal(bytesOf(await files.get(marquee, allowAll)), 'first', 'within the recheck interval, the copy')
    advance(recheckMs)
    const changed = await files.get(marquee, allowAll)
    assert.equal(bytesOf(changed), 'second, longer')
    assert.equal((changed as KeptFile).stats.size, 'second, longer'.length)
  })

  it('lets go of a removed file once it is looked at again', async () => {
    const { files, advance } = keptFiles({ maxFileBytes: 1024, maxTotalBytes: 4096, recheckMs })
    const wheel = file('wheel.png', 'wheel')
    assert.equal(bytesOf(await files.get(wheel, allowAll)), 'wheel')
    rmSync(wheel)
    advance(recheckMs)
    assert.equal(await files.get(wheel, allowAll), null)
  })

  it('keeps no copy of a file too big, and refuses one the containment check refuses', async () => {
    const { files } = keptFiles({ maxFileBytes: 8, maxTotalBytes: 4096, recheckMs })
    assert.equal(await files.get(file('video.mp4', 'more than eight bytes'), allowAll), null)
    let asked = 0
    const refuse = async (): Promise<boolean> => { asked++; return false }
    const secret = file('secret.png', 'secret')
    assert.equal(await files.get(secret, refuse), 'outside')
    assert.equal(await files.get(secret, refuse), 'outside', 'asked again: nothing was kept')
    assert.equal(asked, 2)
  })

  it('lets the least recently used copies go beyond the total size, and forgets all on clear', async () => {
    const { files } = keptFiles({ maxFileBytes: 1024, maxTotalBytes: 10, recheckMs: 60_000 })
    const a = file('a.png', 'aaaa')
    const b = file('b.png', 'bbbb')
    const c = file('c.png', 'cccc')
    await files.get(a, allowAll)
    await files.get(b, allowAll)
    await files.get(a, allowAll)
    await files.get(c, allowAll)
    // b was used least recently: it went, a and c stayed.
    for (const [name, text] of [['a.png', 'AAAA'], ['b.png', 'BBBB'], ['c.png', 'CCCC']]) file(name!, text!)
    assert.equal(bytesOf(await files.get(a, allowAll)), 'aaaa')
    assert.equal(bytesOf(await files.get(b, allowAll)), 'BBBB')
    files.clear()
    assert.equal(bytesOf(await files.get(c, allowAll)), 'CCCC')
  })
})
