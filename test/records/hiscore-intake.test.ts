/** A hiscore entry the full disk refused is held, in order, and admitted once the disk has room. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import pino from 'pino'
import type { HiscoreFacts } from '../../src/hiscores/index.js'
import { hiscoreIntake } from '../../src/records/hiscore-intake.js'
import type { RecordStore } from '../../src/records/store.js'

const entry = (name: string, value: number): HiscoreFacts['EntryAdded'] =>
  ({ system: 'mame', rom: 'galaga', game: 'Galaga', name, value, score: String(value), rank: 1, at: '2026-11-25T20:00:00.000Z', romMd5: null })

describe('hiscore entries on a full disk', () => {
  it('holds what the disk refused and admits it in order before anything newer once there is room', async () => {
    let full = true
    const written: string[] = []
    const store = {
      async append (record: { player: string }) {
        if (full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
        written.push(record.player)
        return { count: written.length, root: '' }
      }
    } as unknown as RecordStore
    let admitted = 0
    const intake = hiscoreIntake({ store }, 'cab-01', pino({ level: 'silent' }), () => { admitted++ })
    intake.entryAdded(entry('ALI', 100))
    intake.entryAdded(entry('BOB', 200))
    await intake.retryHeld()
    assert.deepEqual([written, intake.held()], [[], 2])
    await intake.retryHeld()
    assert.equal(intake.held(), 2, 'still full: still held')
    full = false
    intake.entryAdded(entry('CAT', 300))
    await intake.retryHeld()
    assert.deepEqual(written, ['ALI', 'BOB', 'CAT'])
    assert.equal(admitted, 3)
    full = true
    intake.entryAdded(entry('DAN', 400))
    await intake.retryHeld()
    full = false
    await intake.retryHeld()
    assert.deepEqual([written, intake.held()], [['ALI', 'BOB', 'CAT', 'DAN'], 0])
  })

  it('records only integer scores with a player name, with the gamelist\'s md5 when it has one', async () => {
    const written: Array<Record<string, unknown>> = []
    const store = { async append (record: Record<string, unknown>) { written.push(record) } } as unknown as RecordStore
    const intake = hiscoreIntake({ store }, 'cab-01', pino({ level: 'silent' }), () => {})
    intake.entryAdded({ ...entry('BBB', 0), value: null, score: '1.2M' })
    intake.entryAdded({ ...entry('   ', 100) })
    intake.entryAdded({ ...entry('ALI', 100), romMd5: '89625f073887a5915c3ce2e2e4da8875' })
    await intake.retryHeld()
    assert.deepEqual(written.map((r) => [r.player, r.rom_md5]), [['ALI', '89625f073887a5915c3ce2e2e4da8875']])
  })
})
