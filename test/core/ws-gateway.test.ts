import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startHub, type TestHub } from '../support/hub.js'
import type { RecordingClient } from '../support/ws-client.js'

async function inject (hub: TestHub, Type: string, Payload: Record<string, unknown> = {}): Promise<void> {
  const response = await hub.fetch(`/api/v1/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Type, Payload }) })
  assert.equal(response.status, 202, await response.text())
}

describe('stream gateway', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ options: { devEventsIngest: true } }) })
  after(async () => hub.close())

  it('accepts every stream and every alias of the table, and unknown names', async () => {
    const names = ['', ...hub.hub.streams.definitions.flatMap((s) => [s.name, ...s.aliases]), 'Panel', 'no-such-stream']
    const clients = await Promise.all(names.map(async (n) => hub.connect(`/ws${n === '' ? '' : `/${n}`}`)))
    assert.equal(hub.hub.gateway.counts().connectedClients, names.length)
    for (const c of clients) c.close()
  })

  it('delivers panel.state to /ws/panel and /ws but not /ws/marquee; esevent only to /ws/esevent and its aliases', async () => {
    const firehose = await hub.connect(`/ws`)
    const panel = await hub.connect(`/ws/panel`)
    const marquee = await hub.connect(`/ws/marquee`)
    const esevent = await hub.connect(`/ws/esevent`)
    const esAlias = await hub.connect(`/ws/es-events`)
    const unknown = await hub.connect(`/ws/whatever`)
    const before = { firehose: firehose.frames.length, panel: panel.frames.length, marquee: marquee.frames.length }

    await inject(hub, 'panel.state', { SelectionKey: 'mame|1943', Marker: 'p1' })
    await inject(hub, 'esevent.events_refresh', { EventName: 'game-selected' })
    // Markers prove by ordering that nothing else was on its way to each client.
    await inject(hub, 'marquee.snapshot', { Marker: 'm1' })
    await inject(hub, 'ui.event', { EventName: 'marker' })

    await firehose.until((c) => c.types().includes('ui.event'))
    await panel.until((c) => c.frames.some((f) => f.Payload.Marker === 'p1'))
    await marquee.until((c) => c.frames.some((f) => f.Payload.Marker === 'm1'))
    await esevent.until((c) => c.types().includes('esevent.events_refresh'))
    await esAlias.until((c) => c.types().includes('esevent.events_refresh'))

    const newOn = (c: RecordingClient, from: number): string[] => c.types().slice(from)
    assert.deepEqual(newOn(firehose, before.firehose), ['panel.state', 'marquee.snapshot', 'ui.event'])
    assert.ok(!newOn(marquee, before.marquee).includes('panel.state'))
    assert.ok(!esevent.types().includes('panel.state'))
    assert.ok(panel.types().includes('panel.state'))

    const frame = JSON.parse(panel.raw.at(-1)!) as Record<string, unknown>
    assert.deepEqual(Object.keys(frame).sort(), ['CorrelationId', 'NodeId', 'Payload', 'Ts', 'Type'])
    assert.match(frame.Ts as string, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    assert.equal(frame.NodeId, 'cab-01')

    await inject(hub, 'ui.game.started', {})
    // The firehose has it, so the unknown stream would have had it by now: the gateway writes to every client in one pass.
    await firehose.until((c) => c.types().includes('ui.game.started'))
    assert.equal(unknown.frames.length, 0)
    for (const c of [firehose, panel, marquee, esevent, esAlias, unknown]) c.close()
  })

  it('replays retained events first to late joiners of every stream that includes them', async () => {
    await inject(hub, 'panel.config.changed', { Cabinet: { PlayerCount: 2 } })
    await inject(hub, 'panel.state', { SelectionKey: 'snes|smw', Marker: 'latest' })
    await inject(hub, 'achievements.catalog.updated', { Game: 'smw' })
    await inject(hub, 'achievements.session.updated', { Game: 'smw' })
    await inject(hub, 'score.live.changed', { Player: 1, Score: 1200 })

    const panel = await hub.connect(`/ws/panel`)
    await panel.until((c) => c.frames.length >= 2)
    assert.deepEqual(panel.types().slice(0, 2), ['panel.config.changed', 'panel.state'])
    assert.equal(panel.frames[1]!.Payload.Marker, 'latest')

    const cheevos = await hub.connect(`/ws/cheevos`)
    await cheevos.until((c) => c.frames.length >= 2)
    assert.deepEqual(cheevos.types(), ['achievements.catalog.updated', 'achievements.session.updated'])

    const firehose = await hub.connect(`/ws`)
    await firehose.until((c) => c.types().includes('score.live.changed'))
    assert.ok(firehose.types().includes('panel.state'))

    await inject(hub, 'achievements.session.ended', {})
    const late = await hub.connect(`/ws/achievements`)
    await inject(hub, 'achievements.achievement.unlock.confirmed', { AchievementId: 1 })
    await late.until((c) => c.types().includes('achievements.achievement.unlock.confirmed'))
    assert.deepEqual(late.types(), ['achievements.catalog.updated', 'achievements.achievement.unlock.confirmed'])
    for (const c of [panel, cheevos, firehose, late]) c.close()
  })

  it('never coalesces input events: a press and its release both arrive, in order', async () => {
    const panel = await hub.connect(`/ws/panel`)
    const start = panel.frames.length
    for (let i = 0; i < 200; i++) {
      hub.hub.bus.publish(i % 2 === 0 ? 'panel.input.pressed' : 'panel.input.released', { Player: 1, Slot: 1, N: i })
    }
    await panel.until((c) => c.frames.length >= start + 200)
    assert.deepEqual(panel.frames.slice(start).map((f) => f.Payload.N), [...Array(200).keys()])
    panel.close()
  })

  it('counts clients by stream in /api/v1/status', async () => {
    const a = await hub.connect(`/ws/scores`)
    const b = await hub.connect(`/ws/score`)
    const status = await (await hub.fetch(`/api/v1/status`)).json() as { webSocket: { enabled: boolean, connectedClients: number, clientsByStream: Record<string, number> } }
    assert.equal(status.webSocket.enabled, true)
    assert.equal(status.webSocket.clientsByStream.score, 2)
    a.close()
    b.close()
  })
})
