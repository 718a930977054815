/** MAME's save folders: a changed save names its rom once MAME is done writing it; the saves there at start are not changes. */
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { SaveWatch } from '../../../src/hiscores/arcade/save-watch.js'
import { tempDir } from '../../support/hub.js'

describe('save watch', { timeout: 30_000 }, () => {
  it('names the rom of a changed .hi file or nvram file, once per burst of writes', async () => {
    const root = tempDir()
    const hiscoreDir = path.join(root, 'hiscore')
    const nvramDir = path.join(root, 'nvram')
    for (const rom of ['galaga', 'dkong']) mkdirSync(path.join(nvramDir, rom), { recursive: true })
    mkdirSync(hiscoreDir)
    writeFileSync(path.join(hiscoreDir, 'pacman.hi'), 'old')
    writeFileSync(path.join(nvramDir, 'galaga', 'galaga'), 'old')
    const changed: string[] = []
    let wake: () => void = () => {}
    const watch = new SaveWatch({ hiscoreDir, nvramDir, pollMs: 60_000, debounceMs: 100, changed: (rom) => { changed.push(rom); wake() }, onError: (error) => assert.fail(error) })
    await watch.start()
    // MAME writes a save in several steps: one report for them.
    writeFileSync(path.join(nvramDir, 'galaga', 'galaga'), 'step 1')
    writeFileSync(path.join(nvramDir, 'galaga', 'galaga'), 'step 2 of the save')
    writeFileSync(path.join(hiscoreDir, 'pacman.hi'), 'new table')
    writeFileSync(path.join(hiscoreDir, 'notes.txt'), 'not a save')
    while (changed.length < 2) await new Promise<void>((resolve) => { wake = resolve })
    assert.deepEqual([...changed].sort(), ['galaga', 'pacman'])
    writeFileSync(path.join(nvramDir, 'dkong', 'eeprom'), 'first save of dkong')
    while (changed.length < 3) await new Promise<void>((resolve) => { wake = resolve })
    assert.deepEqual(changed.slice(2), ['dkong'])
    await watch.stop()
  })
})
