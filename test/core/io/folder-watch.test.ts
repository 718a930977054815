/** The one folder watcher: changes of real files, reported once each, batched or once written, down to the depth asked for. */
import assert from 'node:assert/strict'
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { watchFolder } from '../../../src/core/folder-watch/folder-watch.js'
import { tempDir } from '../../support/hub.js'

/** Batches of changed files, and a way to wait for the next one. */
function recorder () {
  const batches: string[][] = []
  let wake: (() => void) | null = null
  return {
    batches,
    onChanged: (files: readonly string[]) => { batches.push([...files].sort()); wake?.() },
    async until (done: (batches: string[][]) => boolean): Promise<string[][]> {
      while (!done(batches)) await new Promise<void>((resolve) => { wake = resolve })
      return batches
    },
    async next (count: number): Promise<string[][]> {
      return this.until((all) => all.length >= count)
    }
  }
}

const failOnError = (error: Error): void => { assert.fail(error) }

describe('folder watcher', { timeout: 30_000 }, () => {
  it('reports what changes below the folder down to its depth, once, in one batch per quiet spell, and not what was there at start', async () => {
    const root = tempDir()
    mkdirSync(path.join(root, 'galaga'))
    writeFileSync(path.join(root, 'galaga', 'hiscore'), 'a')
    writeFileSync(path.join(root, 'top.cfg'), 'a')
    const seen = recorder()
    const watch = watchFolder({ folder: root, depth: 1, accepts: (file) => !file.endsWith('.tmp'), pollMs: 50, quiet: { batchMs: 200 }, onChanged: seen.onChanged, onError: failOnError })
    await watch.ready
    assert.deepEqual(seen.batches, [], 'the files there at start are the known state')
    writeFileSync(path.join(root, 'galaga', 'hiscore'), 'b')
    writeFileSync(path.join(root, 'galaga', 'eeprom'), 'b')
    writeFileSync(path.join(root, 'galaga', 'x.tmp'), 'ignored')
    const [first] = await seen.next(1)
    assert.deepEqual(first, [path.join(root, 'galaga', 'eeprom'), path.join(root, 'galaga', 'hiscore')])
    mkdirSync(path.join(root, 'dkong'))
    writeFileSync(path.join(root, 'dkong', 'nvram'), 'c')
    rmSync(path.join(root, 'top.cfg'))
    // A file in a new folder, and a file gone.
    const expected = [path.join(root, 'dkong', 'nvram'), path.join(root, 'top.cfg')]
    const later = (all: string[][]): string[] => all.slice(1).flat().sort()
    await seen.until((all) => expected.every((file) => later(all).includes(file)))
    assert.deepEqual(later(seen.batches), expected, 'each reported once')
    await watch.close()
  })

  it('reports, once watching starts, the files there that changed since the owner last looked, and not the older ones', async () => {
    const root = tempDir()
    writeFileSync(path.join(root, 'old.png'), 'a')
    await new Promise((resolve) => setTimeout(resolve, 50))
    const lookedAt = Date.now()
    // The file system's clock ticks coarsely (up to 10 ms behind): written well after the look.
    await new Promise((resolve) => setTimeout(resolve, 50))
    writeFileSync(path.join(root, 'new.png'), 'b')
    const seen = recorder()
    const watch = watchFolder({ folder: root, accepts: () => true, pollMs: 50, quiet: { batchMs: 50 }, changedSinceMs: lookedAt, onChanged: seen.onChanged, onError: failOnError })
    await watch.ready
    assert.deepEqual(seen.batches, [[path.join(root, 'new.png')]])
    await watch.close()
  })

  it('hears a file at once, reports it once it is written, and reports it gone', async () => {
    const root = tempDir()
    const heard: string[] = []
    const seen = recorder()
    const gone: string[] = []
    const watch = watchFolder({ folder: root, accepts: (file) => file.endsWith('.hook'), pollMs: 50, quiet: { writeFinish: { stillMs: 150, checkMs: 10 } }, onChanged: seen.onChanged, onGone: (files) => { gone.push(...files) }, onHeard: (file) => { heard.push(file) }, onError: failOnError })
    await watch.ready
    assert.equal(watch.hearsSystemEvents, true)
    const file = path.join(root, 'a.hook')
    writeFileSync(file, 'event=')
    await new Promise((resolve) => setTimeout(resolve, 60))
    assert.ok(heard.includes(file), 'heard before its writing finished')
    assert.deepEqual(seen.batches, [], 'still being written')
    appendFileSync(file, 'game-start')
    await seen.next(1)
    assert.deepEqual(seen.batches, [[file]])
    rmSync(file)
    while (gone.length === 0) await new Promise((resolve) => setTimeout(resolve, 10))
    assert.deepEqual(gone, [file])
    assert.deepEqual(seen.batches, [[file]], 'reported once')
    await watch.close()
  })

  it('finds its folder again after it was removed and created anew, with what it then holds', async () => {
    const root = path.join(tempDir(), 'spool')
    mkdirSync(root)
    const seen = recorder()
    const watch = watchFolder({ folder: root, accepts: () => true, pollMs: 20, quiet: { batchMs: 20 }, onChanged: seen.onChanged, onError: failOnError })
    await watch.ready
    rmSync(root, { recursive: true })
    await new Promise((resolve) => setTimeout(resolve, 100))
    mkdirSync(root)
    writeFileSync(path.join(root, 'back'), '1')
    await seen.until((all) => all.flat().includes(path.join(root, 'back')))
    await watch.close()
  })

  it('finds a folder created after watching started, and reports its files and a sub-folder removed with its files', async () => {
    const root = path.join(tempDir(), 'dynpanels')
    const seen = recorder()
    const watch = watchFolder({ folder: root, depth: 1, accepts: (file) => file.endsWith('.json'), pollMs: 20, quiet: { batchMs: 20 }, onChanged: seen.onChanged, onError: failOnError })
    await watch.ready
    mkdirSync(path.join(root, 'games'), { recursive: true })
    writeFileSync(path.join(root, 'games', 'sf2.json'), '{}')
    await seen.until((all) => all.flat().includes(path.join(root, 'games', 'sf2.json')))
    rmSync(path.join(root, 'games'), { recursive: true })
    await seen.until((all) => all.flat().filter((file) => file === path.join(root, 'games', 'sf2.json')).length === 2)
    await watch.close()
  })

  it('holds a dropped file until it is written, in a folder created after watching started', async () => {
    const root = path.join(tempDir(), 'later')
    const arrived: string[] = []
    let wake: () => void = () => {}
    const watch = watchFolder({ folder: root, accepts: () => true, quiet: { writeFinish: { stillMs: 50, checkMs: 10 } }, pollMs: 20, onChanged: (files) => { arrived.push(...files); wake() }, onError: failOnError })
    await watch.ready
    mkdirSync(root)
    writeFileSync(path.join(root, 'first.json'), '{}')
    while (arrived.length === 0) await new Promise<void>((resolve) => { wake = resolve })
    assert.deepEqual(arrived, [path.join(root, 'first.json')])
    await watch.close()
  })
})
