/**
 * The event journal writes what was published a moment later, in bounded commits: a burst of
 * thousands of events (a venue relaying its cabinets) is written a few hundred rows a turn, in
 * order, and a reader never misses one that is still waiting. Output changes, at lamp rate, are
 * not kept, whether this node published them or a venue relays them.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it, mock } from 'node:test'
import { setImmediate as turn } from 'node:timers/promises'
import { startHub, type TestHub } from '../support/hub.js'

const relayed = (type: string, n: number) => ({ Type: type, Ts: new Date(0).toISOString(), NodeId: 'cab-01', CorrelationId: `${type}-${n}`, Payload: { Key: 'lamp0', Value: n, Rom: `game-${n}` } })
const selection = (n: number) => relayed('ui.game.selected', n)

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
    for (let n = 0; n < 450; n++) hub.hub.bus.relay(selection(n))
    assert.equal(written(), before, 'nothing is written as the events are published')
    mock.timers.tick(250)
    assert.equal(written(), before + 200)
    await turn()
    assert.equal(written(), before + 400)
    for (let n = 450; n < 460; n++) hub.hub.bus.relay(selection(n))
    assert.deepEqual(hub.hub.journal.recent(3, 'ui.game.').map((event) => event.CorrelationId), ['ui.game.selected-459', 'ui.game.selected-458', 'ui.game.selected-457'])
    assert.equal(written(), before + 460)
    mock.timers.tick(250)
    assert.equal(written(), before + 460, 'what the reader wrote is not written again')
  })

  it('keeps no output change, published or relayed, and keeps the selection between them', () => {
    hub.hub.bus.relay(relayed('cabemu.output.changed', 1))
    hub.hub.bus.relay(selection(1000))
    hub.hub.bus.publish('arcade.output.changed', { Source: 'cabemu', MachineName: 'pong', Key: 'lamp0', Value: 1, Ts: new Date(0).toISOString() })
    hub.hub.bus.relay(relayed('arcade.output.changed', 2))
    const recent = hub.hub.journal.recent(3, '')
    assert.equal(recent[0]!.CorrelationId, 'ui.game.selected-1000')
    assert.equal(recent.filter((event) => event.Type.endsWith('.output.changed')).length, 0)
  })
})
