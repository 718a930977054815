/** The full machine list is background work: its MAME runs at the lowest CPU priority; lookups a request waits for do not. */
import assert from 'node:assert/strict'
import { chmodSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { MameProcess } from '../../src/roms/mame/process.js'
import { tempDir } from '../support/hub.js'

describe('MAME process priority', { skip: process.platform === 'win32' ? 'the nice value is read from /proc' : false }, () => {
  it('lowers the full -listxml and leaves lookups as they are', async () => {
    // A stand-in MAME that names its one machine after its own nice value (field 19 of /proc/self/stat).
    const mame = path.join(tempDir('cabinet-hub-mame-'), 'mame')
    writeFileSync(mame, `#!/bin/sh
sleep 0.2
nice=$(cut -d' ' -f19 /proc/$$/stat)
echo "<mame build=\\"0.251\\"><machine name=\\"nice$nice\\"><description>n</description></machine></mame>"
`)
    chmodSync(mame, 0o755)
    const mameProcess = new MameProcess(mame, new AbortController().signal)
    const full: string[] = []
    await mameProcess.everyMachine((machine) => full.push(machine.name))
    assert.deepEqual(full, ['nice19'])
    const looked = await mameProcess.machines(['nice0', 'nice19'])
    assert.deepEqual(looked.map((m) => m.name), ['nice0'])
  })
})
