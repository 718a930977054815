import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { HubModule } from '../../src/core/module.js'
import { startHub, type TestHub } from '../support/hub.js'
import { RecordingClient } from '../support/ws-client.js'

/** A stand-in domain module, to see its branch switched by its manager. */
const lampModule: HubModule = {
  name: 'lamps',
  gate: 'gameEvents',
  register: async (app) => {
    app.get('/api/v1/lamps', async () => ({ lamps: [] }))
  }
}

describe('manager gates on routes and events', () => {
  let hub: TestHub
  before(async () => {
    hub = await startHub({ modules: [lampModule], options: { devEventsIngest: true }, env: { CABINET_HUB_MANAGERS_GAME_EVENTS: 'false', CABINET_HUB_MANAGERS_API_REFERENCE: '0', CABINET_HUB_MANAGERS_CONTROL_PANEL: 'off' } })
  })
  after(async () => hub.close())

  it('answers 404 MANAGER_DISABLED on the whole branch, naming the manager and the way to switch it on', async () => {
    const response = await hub.fetch(`/api/v1/Lamps`)
    assert.equal(response.status, 404)
    const body = await response.json() as { code: string, message: string }
    assert.equal(body.code, 'MANAGER_DISABLED')
    assert.match(body.message, /Game Events Manager/)
    assert.match(body.message, /CABINET_HUB_MANAGERS_GAME_EVENTS=true/)
    assert.match(body.message, /global\.cabinethub\.game_events_manager\.enabled=1/)
  })

  // The Control Panel Manager is off too, so its retained panel.config.changed does not replay here.
  it('does not publish the events of a switched-off manager', async () => {
    const arcade = await hub.connect(`/ws/arcade`)
    const firehose = await hub.connect(`/ws`)
    const refused = await hub.fetch(`/api/v1/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Type: 'cabemu.output.changed', Payload: { Signals: [] } }) })
    assert.equal(refused.status, 404)
    assert.equal((await refused.json() as { code: string }).code, 'MANAGER_DISABLED')
    hub.hub.bus.publish('score.live.changed', { Player: 1, Score: 5 })
    hub.hub.bus.publish('ui.event', { EventName: 'marker' })
    await firehose.until((c) => c.types().includes('ui.event'))
    // The frontend's retained state replays to every client on connect; nothing else may come.
    assert.deepEqual(firehose.types().filter((t) => t !== 'ui.frontend.state'), ['ui.event'])
    assert.equal(arcade.frames.length, 0)
    arcade.close()
    firehose.close()
  })

  it('switches the API reference off: /swagger, /openapi.json and /asyncapi.json answer 404', async () => {
    for (const url of ['/swagger', '/swagger/static/index.html', '/openapi.json', '/asyncapi.json', '/asyncapi.yaml']) {
      const response = await hub.fetch(`${url}`)
      assert.equal(response.status, 404, url)
      assert.equal((await response.json() as { code: string }).code, 'MANAGER_DISABLED', url)
    }
  })
})

describe('WebSocket switch', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ options: { 'managers.webSocket': false } }) })
  after(async () => hub.close())

  it('refuses every /ws path with 404 while REST keeps working', async () => {
    for (const path of ['/ws', '/ws/panel']) {
      assert.equal(await RecordingClient.upgradeStatus(hub.app, path), 404, path)
    }
    const status = await (await hub.fetch(`/api/v1/status`)).json() as { webSocket: { enabled: boolean } }
    assert.equal(status.webSocket.enabled, false)
  })
})
