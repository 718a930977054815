/** A hiscore entry the full disk refused is held, in order, and admitted once the disk has room. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import pino from 'pino'
import type { PublishedEvent } from '../../src/core/event-bus.js'
import { hiscoreIntake } from '../../src/records/hiscore-intake.js'
import type { RecordStore } from '../../src/records/store.js'

const entry = (name: string, value: number): PublishedEvent => {
  const envelope = { Type: 'hiscore.entry.added', Ts: '2026-11-25T20:00:00.000Z', NodeId: 'cab-01', CorrelationId: 'c', Payload: { System: 'mame', Rom: 'galaga', Game: 'Galaga', Name: name, Value: value, Score: String(value), Rank: 1, At: '2026-11-25T20:00:00.000Z', RomMd5: null } }
  return { envelope, json: JSON.stringify(envelope), coalesceKey: null, retainSlot: null, clearsSlot: null }
}

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
    intake.onEvent(entry('ALI', 100))
    intake.onEvent(entry('BOB', 200))
    await intake.retryHeld()
    assert.deepEqual([written, intake.held()], [[], 2])
    await intake.retryHeld()
    assert.equal(intake.held(), 2, 'still full: still held')
    full = false
    intake.onEvent(entry('CAT', 300))
    await intake.retryHeld()
    assert.deepEqual(written, ['ALI', 'BOB', 'CAT'])
    assert.equal(admitted, 3)
    full = true
    intake.onEvent(entry('DAN', 400))
    await intake.retryHeld()
    full = false
    await intake.retryHeld()
    assert.deepEqual([written, intake.held()], [['ALI', 'BOB', 'CAT', 'DAN'], 0])
  })
})
