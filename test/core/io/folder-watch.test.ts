/** The one folder watcher: changes of real files, reported once each, batched, down to the depth asked for. */
import assert from 'node:assert/strict'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { watchChanges } from '../../../src/core/folder-watch/watch-changes.js'
import { watchFiles } from '../../../src/core/folder-watch/watch-files.js'
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
    const watch = watchChanges({ folder: root, depth: 1, accepts: (file) => !file.endsWith('.tmp'), pollMs: 50, rescanMs: 60_000, debounceMs: 200, onChanged: seen.onChanged, onError: failOnError })
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

  it('reports a change once although the event and the safety-net walk both see it', async () => {
    const root = tempDir()
    writeFileSync(path.join(root, 'a.hi'), '1')
    const seen = recorder()
    const watch = watchChanges({ folder: root, accepts: (file) => file.endsWith('.hi'), pollMs: 50, rescanMs: 20, debounceMs: 10, onChanged: seen.onChanged, onError: failOnError })
    await watch.ready
    writeFileSync(path.join(root, 'a.hi'), '22')
    await seen.next(1)
    // Several walks later, the same change is still one report; a new change is a new one.
    writeFileSync(path.join(root, 'b.hi'), '1')
    await seen.next(2)
    assert.deepEqual(seen.batches, [[path.join(root, 'a.hi')], [path.join(root, 'b.hi')]])
    await watch.close()
  })

  it('finds a folder created after watching started, and reports its files and a sub-folder removed with its files', async () => {
    const root = path.join(tempDir(), 'dynpanels')
    const seen = recorder()
    const watch = watchChanges({ folder: root, depth: 1, accepts: (file) => file.endsWith('.json'), pollMs: 20, rescanMs: 60_000, debounceMs: 20, onChanged: seen.onChanged, onError: failOnError })
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
    const watch = watchFiles({ folder: root, accepts: () => true, settle: { settleMs: 50, checkMs: 10 }, pollMs: 20, reportExisting: false, onChanged: (file) => { arrived.push(file); wake() }, onError: failOnError })
    await watch.ready
    mkdirSync(root)
    writeFileSync(path.join(root, 'first.json'), '{}')
    while (arrived.length === 0) await new Promise<void>((resolve) => { wake = resolve })
    assert.deepEqual(arrived, [path.join(root, 'first.json')])
    await watch.close()
  })
})
