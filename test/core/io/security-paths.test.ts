/**
 * The client rules hold whatever spelling of a path reaches a route, and for the answers Fastify
 * gives before routing: decided on the client and the matched route, never on the raw URL.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import WebSocket from 'ws'
import { startHub, type TestHub } from '../../support/hub.js'
import { rawRequest } from '../../support/media-store.js'
import { rawExchange } from '../../support/raw-http.js'

const remote = '192.168.1.50'
const foreign = 'https://evil.example'

/** Spellings the router takes to the same route: percent-encoded, upper case, a trailing slash. */
function routedSpellings (routePath: string): string[] {
  const concrete = routePath.replace(/\{[^}]+\}/g, 'x')
  return [
    concrete,
    concrete.replace('/api/', '/%61pi/'),
    concrete.replace('/api/', '/%41PI/'),
    concrete.toUpperCase(),
    `${concrete}/`,
    concrete.replace('/v1/', '/%76%31/')
  ]
}

/** Spellings a proxy or a browser might normalize but this router does not take. */
function unroutedSpellings (routePath: string): string[] {
  const concrete = routePath.replace(/\{[^}]+\}/g, 'x')
  return [concrete.replace('/api/', '/api//'), concrete.replace('/api/', '/api/./'), concrete.replace('/api/', '/api%2F')]
}

const spellings = (routePath: string): string[] => [...routedSpellings(routePath), ...unroutedSpellings(routePath)]

function expectErrorShape (response: { json: () => unknown, headers: Record<string, unknown> }, code: string): void {
  assert.deepEqual(Object.keys(response.json() as object).sort(), ['code', 'message'])
  assert.equal((response.json() as { code: string }).code, code)
  assert.equal(response.headers['access-control-allow-origin'], '*')
}


async function upgradeStatus (url: string, headers: Record<string, string>): Promise<number> {
  const socket = new WebSocket(url, { headers })
  return await new Promise<number>((resolve) => {
    socket.on('unexpected-response', (request, response) => {
      request.destroy()
      resolve(response.statusCode ?? 0)
    })
    socket.on('open', () => { socket.close(); resolve(101) })
    socket.on('error', () => resolve(-1))
  })
}

describe('client rules on the routed path', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ listen: true, options: { devEventsIngest: true } }) })
  after(async () => hub.close())

  it('refuses every state-changing route from a foreign origin under every spelling of its path', async () => {
    const paths = (hub.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths
    let checked = 0
    for (const [routePath, operations] of Object.entries(paths)) {
      for (const method of Object.keys(operations).filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))) {
        for (const url of spellings(routePath)) {
          const response = await rawRequest(hub.baseUrl, method.toUpperCase(), url, { origin: foreign, 'content-type': 'text/plain' }, '/roms/mame/1943.zip')
          assert.equal(response.status, 403, `${method} ${url}`)
          expectErrorShape({ json: () => JSON.parse(response.body.toString()), headers: response.headers }, 'CROSS_ORIGIN_FORBIDDEN')
          checked++
        }
      }
    }
    assert.ok(checked >= 9 * 10, `checked ${checked} requests`)
  })

  it('routes those spellings to the handler for local pages (so the refusal above is not a 404 in disguise)', async () => {
    const local = async (url: string) => rawRequest(hub.baseUrl, 'POST', url, { origin: 'http://127.0.0.1:8080', 'content-type': 'application/json' }, JSON.stringify({ Type: 'ui.event', Payload: {} }))
    for (const url of routedSpellings('/api/v1/events')) assert.equal((await local(url)).status, 202, url)
    for (const url of unroutedSpellings('/api/v1/events')) assert.equal((await local(url)).status, 404, url)
  })

  it('answers an undecodable URL and an over-long parameter with { message, code } and CORS, and remote clients without the key with 401 first', async () => {
    const badUrl = await hub.app.inject({ url: '/api/v1/media/%zz' })
    assert.equal(badUrl.statusCode, 400)
    expectErrorShape(badUrl, 'INVALID_URL')
    const longParam = await hub.app.inject({ url: `/api/v1/panels/system/${'a'.repeat(101)}` })
    assert.equal(longParam.statusCode, 414)
    expectErrorShape(longParam, 'PARAMETER_TOO_LONG')
    for (const url of ['/api/v1/media/%zz', `/api/v1/panels/system/${'a'.repeat(101)}`]) {
      const refused = await hub.app.inject({ url, remoteAddress: remote })
      assert.equal(refused.statusCode, 401, url)
      expectErrorShape(refused, 'API_KEY_REQUIRED')
      const rebinding = await hub.app.inject({ url, headers: { host: 'evil.example' } })
      assert.equal(rebinding.statusCode, 421, url)
    }
  })

  it('lets any machine read the published records index without a key, and nothing else there', async () => {
    for (const url of ['/api/v1/scores/index', '/api/v1/scores/anchors']) {
      const read = await hub.app.inject({ url, remoteAddress: remote, headers: { origin: 'https://partner.example' } })
      assert.equal(read.statusCode, 200, url)
      assert.equal(read.headers['access-control-allow-origin'], '*', url)
    }
    const badGeneration = await hub.app.inject({ url: '/api/v1/scores/anchor-proof?generation=0', remoteAddress: remote })
    assert.equal(badGeneration.statusCode, 400, 'its errors are public too')
    const append = await hub.app.inject({ method: 'POST', url: '/api/v1/records', remoteAddress: remote, payload: {} })
    assert.equal(append.statusCode, 401)
    assert.equal((await hub.app.inject({ url: '/api/v1/status', remoteAddress: remote })).statusCode, 401)
  })

  it('answers bytes the HTTP parser refuses with { message, code } and CORS', async () => {
    const port = Number(new URL(hub.baseUrl).port)
    const short = await rawExchange(port, 'POST /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"Type":"ui.event"')
    const garbage = await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n')
    for (const answer of [short, garbage]) {
      assert.match(answer, /^HTTP\/1\.1 400 /)
      assert.match(answer, /\r\nAccess-Control-Allow-Origin: \*\r\n/i)
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>
      assert.deepEqual(Object.keys(body).sort(), ['code', 'message'])
      assert.equal(body.code, 'MALFORMED_REQUEST')
    }
    assert.equal((await fetch(`${hub.baseUrl}/api/v1/health`)).status, 200, 'the service keeps serving')
  })

  it('keeps reads open to any origin but this machine\'s paths and settings to local pages', async () => {
    assert.equal((await hub.app.inject({ url: '/api/v1/context/state', headers: { origin: foreign } })).statusCode, 200)
    for (const url of ['/api/v1/status', '/api/v1/config/effective', '/%61pi/v1/STATUS']) {
      const refused = await hub.app.inject({ url, headers: { origin: foreign } })
      assert.equal(refused.statusCode, 403, url)
      expectErrorShape(refused, 'CROSS_ORIGIN_FORBIDDEN')
      assert.equal((await hub.app.inject({ url })).statusCode, 200, `${url} without an Origin`)
      assert.equal((await hub.app.inject({ url, headers: { origin: 'http://localhost:5173' } })).statusCode, 200, `${url} from a local page`)
      const sameOrigin = await hub.app.inject({ url, remoteAddress: '127.0.0.1', headers: { host: 'cab.localhost:12345', origin: 'http://cab.localhost:12345' } })
      assert.equal(sameOrigin.statusCode, 200, `${url} from the service's own page`)
    }
  })

  it('never answers Access-Control-Allow-Private-Network', async () => {
    const preflight = await hub.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/commands/launch',
      headers: { origin: foreign, 'access-control-request-method': 'POST', 'access-control-request-private-network': 'true' }
    })
    assert.equal(preflight.headers['access-control-allow-private-network'], undefined)
  })
})

describe('--allowed-origins', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ listen: true, options: { allowedOrigins: 'https://overlay.example' } }) })
  after(async () => hub.close())

  it('lets listed and local pages read and refuses the others, WebSocket upgrades included', async () => {
    assert.equal((await hub.app.inject({ url: '/api/v1/health', headers: { origin: 'https://overlay.example' } })).statusCode, 200)
    assert.equal((await hub.app.inject({ url: '/api/v1/health', headers: { origin: 'http://127.0.0.1:3000' } })).statusCode, 200)
    assert.equal((await hub.app.inject({ url: '/api/v1/health' })).statusCode, 200, 'programs that send no Origin are not web pages')
    const refused = await hub.app.inject({ url: '/api/v1/health', headers: { origin: foreign } })
    assert.equal(refused.statusCode, 403)
    expectErrorShape(refused, 'ORIGIN_NOT_ALLOWED')
    assert.equal(await upgradeStatus(`${hub.wsBase}/ws/panel`, { origin: foreign }), 403)
    assert.equal(await upgradeStatus(`${hub.wsBase}/ws/panel`, { origin: 'https://overlay.example' }), 101)
  })
})

describe('the API key', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ options: { apiKey: 'LEAKME-123', host: '0.0.0.0' } }) })
  after(async () => hub.close())

  it('is taken from the X-Api-Key header on REST, never from the query', async () => {
    assert.equal((await hub.app.inject({ url: '/api/v1/health', remoteAddress: remote, headers: { 'x-api-key': 'LEAKME-123' } })).statusCode, 200)
    const query = await hub.app.inject({ url: '/api/v1/health?apiKey=LEAKME-123', remoteAddress: remote })
    assert.equal(query.statusCode, 401)
    expectErrorShape(query, 'API_KEY_REQUIRED')
  })

  it('is taken from the query on a WebSocket upgrade, which a browser cannot give headers', async () => {
    const upgrade = { connection: 'upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' }
    const withKey = await hub.app.inject({ url: '/ws/panel?apiKey=LEAKME-123', remoteAddress: remote, headers: upgrade })
    assert.notEqual(withKey.statusCode, 401)
    const withoutKey = await hub.app.inject({ url: '/ws/panel?apiKey=wrong-key-0', remoteAddress: remote, headers: upgrade })
    assert.equal(withoutKey.statusCode, 401)
  })
})

describe('answers outside the routes keep the error contract', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ listen: true }) })
  after(async () => hub.close())

  const port = (): number => Number(new URL(hub.baseUrl).port)
  const upgrade = (path: string, extra: string): string => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n${extra}\r\n`
  const validKey = 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n'

  function expectJsonError (answer: string, status: number, code: string): void {
    assert.match(answer, new RegExp(`^HTTP/1\\.1 ${status} `), answer)
    assert.match(answer, /\r\ncontent-type: application\/json/i, answer)
    assert.match(answer, /\r\naccess-control-allow-origin: \*/i, answer)
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>
    assert.deepEqual(Object.keys(body).sort(), ['code', 'message'])
    assert.equal(body.code, code)
  }

  it('an OPTIONS without preflight headers is answered like a preflight, not with a text/plain 400', async () => {
    const answer = await rawExchange(port(), 'OPTIONS /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
    assert.match(answer, /^HTTP\/1\.1 204 /, answer)
    assert.match(answer, /\r\naccess-control-allow-origin: \*/i)
  })

  it('a method no route takes is 405 with Allow, even one Fastify reads a body for (QUERY without a Content-Type)', async () => {
    for (const method of ['QUERY', 'PROPFIND']) {
      const answer = await rawExchange(port(), `${method} /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)
      expectJsonError(answer, 405, 'METHOD_NOT_ALLOWED')
      assert.match(answer, /\r\nallow: GET, HEAD, OPTIONS/i)
    }
  })

  it('a failed WebSocket handshake is a JSON error with CORS, not the ws library\'s HTML page', async () => {
    for (const extra of ['Sec-WebSocket-Version: 13\r\n', `Sec-WebSocket-Key: short==\r\nSec-WebSocket-Version: 13\r\n`, `${validKey}Sec-WebSocket-Version: 99\r\n`, validKey]) {
      expectJsonError(await rawExchange(port(), upgrade('/ws/marquee', extra)), 400, 'INVALID_WEBSOCKET_HANDSHAKE')
    }
  })

  it('an upgrade on a REST route is refused instead of being accepted and closed', async () => {
    for (const path of ['/api/v1/health', '/api/v1/context/state', '/overlays/']) {
      expectJsonError(await rawExchange(port(), upgrade(path, `${validKey}Sec-WebSocket-Version: 13\r\n`)), 400, 'NOT_A_WEBSOCKET_ENDPOINT')
    }
    assert.equal(await upgradeStatus(`${hub.wsBase}/ws/marquee`, {}), 101, 'the streams still upgrade')
  })
})
