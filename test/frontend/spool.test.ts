import assert from 'node:assert/strict'
import { readdirSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { drainSpool, type SpooledHook } from '../../src/frontend/spool.js'
import { tempDir } from '../support/hub.js'

/** 17-digit microseconds since the epoch, as our own writers start their names. */
const timed = (ms: number): string => String(ms * 1000).padStart(17, '0')

describe('spool folder order', () => {
  it('places a batch hook file (no time in its name) by its modification time among the timed names', async () => {
    const spool = tempDir('cabinet-hub-spool-')
    const start = Date.now() - 60_000
    writeFileSync(path.join(spool, `${timed(start)}-1-000000.json`), JSON.stringify({ event: 'system-selected', args: ['first'] }))
    writeFileSync(path.join(spool, `${timed(start + 2000)}-1-000001.json`), JSON.stringify({ event: 'system-selected', args: ['third'] }))
    // Named so that it sorts last by name, written in between.
    const bat = path.join(spool, 'bat-system-selected-123.ini')
    writeFileSync(bat, 'event=system-selected\r\n"second"\r\n')
    utimesSync(bat, new Date(start + 1000), new Date(start + 1000))
    // A second batch file with the same time: ties go by name.
    const twin = path.join(spool, 'bat-system-selected-124.ini')
    writeFileSync(twin, 'event=system-selected\r\n"second twin"\r\n')
    utimesSync(twin, new Date(start + 1000), new Date(start + 1000))

    const applied: SpooledHook[] = []
    const report = await drainSpool(spool, (hook) => applied.push(hook), (file, reason) => assert.fail(`${file}: ${reason}`))
    assert.deepEqual(report, { applied: 4, rejected: 0, heldFrom: null })
    assert.deepEqual(applied.map((h) => h.args[0]), ['first', 'second', 'second twin', 'third'])
    assert.deepEqual(readdirSync(spool), [])
  })

  it('orders hooks fired together by the order their shells started, across the wrap-around of process ids', async () => {
    const spool = tempDir('cabinet-hub-spool-')
    const start = Date.now() - 60_000
    // With pid_max at 32768 the shell ES started second got pid 300, and reached its clock first.
    writeFileSync(path.join(spool, `${timed(start + 1)}-sh-32760-32761.hook`), 'game-end\0')
    writeFileSync(path.join(spool, `${timed(start)}-sh-300-301.hook`), 'game-selected\0mame\0/cab/roms/mame/sf.zip\0Street Fighter\0')
    // Without a wrap, the smaller id started first.
    writeFileSync(path.join(spool, `${timed(start + 3000)}-sh-402-403.hook`), 'system-selected\0snes\0')
    writeFileSync(path.join(spool, `${timed(start + 3001)}-sh-400-401.hook`), 'system-selected\0mame\0')

    const applied: SpooledHook[] = []
    await drainSpool(spool, (hook) => applied.push(hook), (file, reason) => assert.fail(`${file}: ${reason}`))
    assert.deepEqual(applied.map((h) => `${h.event} ${h.args[0] ?? ''}`.trim()), ['game-end', 'game-selected mame', 'system-selected mame', 'system-selected snes'])
  })
})
