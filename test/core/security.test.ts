import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startHub, type TestHub } from '../support/hub.js'
import { RecordingClient } from '../support/ws-client.js'

const remote = '192.168.1.50'

describe('security baseline', () => {
  describe('with an API key', () => {
    let hub: TestHub
    before(async () => { hub = await startHub({ options: { devEventsIngest: true, apiKey: 'cabinet-secret-1', host: '0.0.0.0', allowedHosts: 'arcade.lan' } }) })
    after(async () => hub.close())

    it('refuses non-loopback clients without the key (401) and serves them with it', async () => {
      const refused = await hub.app.inject({ url: '/api/v1/health', remoteAddress: remote, headers: { host: 'arcade.lan:12345' } })
      assert.equal(refused.statusCode, 401)
      assert.equal(refused.json().code, 'API_KEY_REQUIRED')
      assert.equal(refused.headers['access-control-allow-origin'], '*')

      const wrongKey = await hub.app.inject({ url: '/api/v1/health', remoteAddress: remote, headers: { host: 'arcade.lan', 'x-api-key': 'cabinet-secret-2' } })
      assert.equal(wrongKey.statusCode, 401)

      const served = await hub.app.inject({ url: '/api/v1/health', remoteAddress: remote, headers: { host: 'arcade.lan', 'x-api-key': 'cabinet-secret-1' } })
      assert.equal(served.statusCode, 200)
    })

    it('answers another machine without the key 401 whatever Host it names (its own LAN address included), before its body is read', async () => {
      for (const host of ['192.168.1.20:12345', 'cabinet.local', 'arcade.lan']) {
        const refused = await hub.app.inject({ method: 'POST', url: '/api/v1/toast-notifications', remoteAddress: remote, headers: { host, 'content-type': 'application/json' }, payload: '{"title": "not json' })
        assert.equal(refused.statusCode, 401, host)
        assert.equal(refused.json().code, 'API_KEY_REQUIRED')
      }
    })

    it('keeps tool endpoints loopback-only even with the key', async () => {
      const response = await hub.app.inject({ method: 'POST', url: '/api/v1/events', remoteAddress: remote, headers: { 'x-api-key': 'cabinet-secret-1' }, payload: { Type: 'ui.event', Payload: {} } })
      assert.equal(response.statusCode, 403)
      assert.equal(response.json().code, 'LOOPBACK_ONLY')
    })

    it('accepts the configured extra host names', async () => {
      const response = await hub.app.inject({ url: '/api/v1/health', headers: { host: 'arcade.lan:12345' } })
      assert.equal(response.statusCode, 200)
    })
  })

  describe('a page opened from another machine without the read-only link', () => {
    let hub: TestHub
    before(async () => { hub = await startHub({ options: { host: '0.0.0.0', port: '12345' } }) })
    after(async () => hub.close())
    const fromBrowser = { host: '192.168.1.20:12345', accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

    it('is told how to get the link, in the same { message, code } as every refusal', async () => {
      for (const url of ['/overlays/score?w=1280&h=720', '/']) {
        const refused = await hub.app.inject({ url, remoteAddress: remote, headers: fromBrowser })
        assert.equal(refused.statusCode, 401, url)
        assert.deepEqual(Object.keys(refused.json()).sort(), ['code', 'message'])
        assert.equal(refused.json().code, 'API_KEY_REQUIRED')
        assert.match(refused.json().message, /needs the read-only link: open it from the link the cabinet's live page or \/overlays\/ shows there, or ask the cabinet \(curl -s http:\/\/127\.0\.0\.1:12345\/api\/v1\/read-link\) and add its \?token=\.\.\. to this page's URL$/)
      }
    })

    it('a program (no HTML asked for) and a command are still told about the API key', async () => {
      const program = await hub.app.inject({ url: '/api/v1/context/state', remoteAddress: remote, headers: { host: fromBrowser.host, accept: 'application/json' } })
      assert.match(program.json().message, /API key/)
      const command = await hub.app.inject({ method: 'POST', url: '/api/v1/toast-notifications', remoteAddress: remote, headers: fromBrowser, payload: { title: 'x' } })
      assert.equal(command.statusCode, 401)
      assert.match(command.json().message, /API key/)
    })
  })

  describe('on loopback without a key', () => {
    let hub: TestHub
    before(async () => { hub = await startHub({ options: { devEventsIngest: true } }) })
    after(async () => hub.close())

    it('refuses remote clients with 401 and says no key is configured', async () => {
      const response = await hub.app.inject({ url: '/api/v1/health', remoteAddress: remote })
      assert.equal(response.statusCode, 401)
      assert.match(response.json().message, /none is configured/)
    })

    it('refuses a foreign Host header with 421 (DNS rebinding)', async () => {
      for (const host of ['evil.example', 'evil.example:12345', '10.0.0.8']) {
        const response = await hub.app.inject({ url: '/api/v1/status', headers: { host } })
        assert.equal(response.statusCode, 421, host)
        assert.equal(response.json().code, 'MISDIRECTED_HOST')
      }
      for (const host of ['localhost:12345', '127.0.0.1', '[::1]:12345', 'cab.localhost']) {
        const response = await hub.app.inject({ url: '/api/v1/status', headers: { host } })
        assert.equal(response.statusCode, 200, host)
      }
    })

    it('refuses state changes from a web page on another origin (403) and allows local pages', async () => {
      const from = async (origin: string) => hub.app.inject({ method: 'POST', url: '/api/v1/events', headers: { origin }, payload: { Type: 'ui.event', Payload: {} } })
      const foreign = await from('https://evil.example')
      assert.equal(foreign.statusCode, 403)
      assert.equal(foreign.json().code, 'CROSS_ORIGIN_FORBIDDEN')
      assert.equal((await from('null')).statusCode, 403)
      assert.equal((await from('http://localhost:5173')).statusCode, 202)
      assert.equal((await from('http://127.0.0.1:8080')).statusCode, 202)
      const read = await hub.app.inject({ url: '/api/v1/health', headers: { origin: 'https://overlay.example' } })
      assert.equal(read.statusCode, 200, 'reads stay open to any origin')
    })

    it('refuses a WebSocket upgrade with a foreign Host header', async () => {
      assert.equal(await RecordingClient.upgradeStatus(hub.app, '/ws/panel', { headers: { host: 'evil.example' } }), 421)
    })
  })
})
