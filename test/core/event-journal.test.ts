/**
 * The event journal writes what was published a moment later, in bounded commits: a burst of
 * thousands of events (a venue relaying its cabinets' lamps) is written a few hundred rows a turn,
 * in order, and a reader never misses one that is still waiting.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it, mock } from 'node:test'
import { setImmediate as turn } from 'node:timers/promises'
import { startHub, type TestHub } from '../support/hub.js'

const lamp = (n: number) => ({ Type: 'cabemu.output.changed', Ts: new Date(0).toISOString(), NodeId: 'cab-01', CorrelationId: `lamp-${n}`, Payload: { Key: 'lamp0', Value: n } })

describe('event journal', () => {
  let hub: TestHub
  const written = (): number => (hub.hub.db.prepare('SELECT COUNT(*) AS n FROM event_journal').get() as { n: number }).n

  before(async () => {
    hub = await startHub()
    hub.hub.journal.flush()
    mock.timers.enable({ apis: ['setTimeout'] })
  })
  after(async () => {
    mock.timers.reset()
    await hub.close()
  })

  it('writes a burst 200 rows a turn, a quarter second after it began, and a reader gets all of it at once', async () => {
    const before = written()
    for (let n = 0; n < 450; n++) hub.hub.bus.relay(lamp(n))
    assert.equal(written(), before, 'nothing is written as the events are published')
    mock.timers.tick(250)
    assert.equal(written(), before + 200)
    await turn()
    assert.equal(written(), before + 400)
    for (let n = 450; n < 460; n++) hub.hub.bus.relay(lamp(n))
    assert.deepEqual(hub.hub.journal.recent(3, 'cabemu.').map((event) => event.CorrelationId), ['lamp-459', 'lamp-458', 'lamp-457'])
    assert.equal(written(), before + 460)
    mock.timers.tick(250)
    assert.equal(written(), before + 460, 'what the reader wrote is not written again')
  })
})
