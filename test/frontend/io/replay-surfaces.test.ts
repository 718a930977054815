/**
 * A game start spooled while the service was down, with no end, and a frontend that runs no game
 * now: the replay is history on every stream, and the end is the service's own conclusion.
 */
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { startFakeEs, type FakeEs } from '../../support/fake-es.js'
import { startHub, type TestHub } from '../../support/hub.js'
import { RecordingClient } from '../../support/ws-client.js'

const surfaceSnapshots = ['marquee.snapshot', 'topper.snapshot', 'instruction-card.snapshot', 'screen.snapshot']

describe('a replayed game start that no end followed', () => {
  let hub: TestHub
  let es: FakeEs
  let all: RecordingClient
  const firedAt = Date.now() - 60_000
  const sf = '/cab/roms/mame/sf.zip'
  before(async () => {
    es = await startFakeEs()
    hub = await startHub({ skipStart: true, options: { esUrl: es.url } })
    const spoolDir = path.join(hub.dataDir, 'events.d')
    mkdirSync(spoolDir, { recursive: true })
    const spool = (offsetMs: number, event: string, args: string[]): void => {
      writeFileSync(path.join(spoolDir, `${String((firedAt + offsetMs) * 1000).padStart(17, '0')}-test.json`), JSON.stringify({ event, args }))
    }
    spool(0, 'game-selected', ['mame', sf, 'Street Fighter'])
    spool(100, 'game-start', [sf, 'sf', 'Street Fighter'])
    all = await RecordingClient.inject(hub.app, '/ws')
    await hub.hub.start()
  })
  after(async () => {
    all.close()
    await hub.close()
    await es.close()
  })

  it('publishes every replayed event before startup.ready, and no surface snapshot of the replayed start without Replayed and its OccurredAt', async () => {
    await all.until((c) => c.types().includes('ui.game.ended'))
    const types = all.types()
    const ready = types.indexOf('startup.ready')
    assert.ok(ready > types.lastIndexOf('ui.game.started') && ready > types.lastIndexOf('ui.game.selected'), types.join(' '))
    const started = all.frames.find((f) => f.Type === 'ui.game.started')!
    const playing = all.frames.filter((f) => surfaceSnapshots.includes(f.Type) && (f.Payload.Selection as { State?: string }).State === 'playing')
    assert.deepEqual(playing.map((f) => f.Type), surfaceSnapshots, 'the replayed start is on every surface')
    for (const snapshot of playing) {
      assert.equal(snapshot.Payload.Replayed, true, snapshot.Type)
      assert.equal(snapshot.Payload.OccurredAt, started.Payload.OccurredAt, snapshot.Type)
    }
    assert.equal(started.Payload.OccurredAt, new Date(firedAt + 100).toISOString())
  })

  it('ends the game as the service\'s own conclusion (Inferred, not Replayed), and the surfaces show it browsing, as news', async () => {
    const afterEnd = (c: RecordingClient) => c.frames.slice(c.types().indexOf('ui.game.ended')).filter((f) => f.Type === 'screen.snapshot')
    await all.until((c) => afterEnd(c).length > 0)
    const ended = all.frames.find((f) => f.Type === 'ui.game.ended')!
    assert.equal(ended.Payload.Inferred, true)
    assert.equal(ended.Payload.Replayed, undefined)
    const last = afterEnd(all).at(-1)!
    assert.equal((last.Payload.Selection as { State: string }).State, 'browsing')
    assert.equal(last.Payload.Replayed, undefined)
    const state = await hub.app.inject({ method: 'GET', url: '/api/v1/context/state' })
    assert.equal(state.json<{ state: string }>().state, 'browsing')
  })
})
