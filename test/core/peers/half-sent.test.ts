/**
 * A client that sends part of a request and stops (slowloris) is closed by the server, with the
 * contract's JSON error, instead of holding a descriptor for ever; the service answers others meanwhile.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startHub, type TestHub } from '../../support/hub.js'
import { rawExchange } from '../../support/raw-http.js'


describe('half-sent requests', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ listen: true }) })
  after(async () => hub.close())

  it('closes a request whose headers never end and one whose body never comes, with 408 REQUEST_TIMEOUT', async () => {
    const port = Number(new URL(hub.baseUrl).port)
    const [headers, body] = await Promise.all([
      rawExchange(port, 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n', { halfSent: true }),
      rawExchange(port, 'POST /api/v1/toast-notifications HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":', { halfSent: true }),
      (async () => {
        const response = await fetch(`${hub.baseUrl}/api/v1/health`)
        assert.equal(response.status, 200, 'others are served meanwhile')
      })()
    ])
    for (const answer of [headers, body]) {
      assert.match(answer, /^HTTP\/1\.1 408/)
      assert.match(answer, /"code":"REQUEST_TIMEOUT"/)
    }
  })
})
