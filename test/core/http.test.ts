import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { maxJsonDepth, nestedDeeperThan } from '../../src/core/json-body.js'
import { startHub, type TestHub } from '../support/hub.js'

describe('HTTP rules', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ options: { devEventsIngest: true } }) })
  after(async () => hub.close())

  const post = async (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<Response> =>
    hub.fetch(`/api/v1/events`, { method: 'POST', headers, body })

  it('sends Access-Control-Allow-Origin: * on success, 404 and 400 alike', async () => {
    for (const response of [
      await hub.fetch(`/api/v1/health`),
      await hub.fetch(`/api/v1/nothing-here`),
      await post('{"Type": 3}')
    ]) {
      assert.equal(response.headers.get('access-control-allow-origin'), '*', String(response.status))
    }
  })

  it('answers CORS preflights', async () => {
    const response = await hub.fetch(`/api/v1/events`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:8080', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' }
    })
    assert.equal(response.status, 204)
    assert.equal(response.headers.get('access-control-allow-origin'), '*')
    assert.match(response.headers.get('access-control-allow-methods') ?? '', /POST/)
  })

  it('matches routes case-insensitively', async () => {
    const response = await hub.fetch(`/API/V1/Health`)
    assert.equal(response.status, 200)
    assert.deepEqual(await response.json(), { status: 'healthy', version: hub.hub.loaded.config && (await (await hub.fetch(`/api/v1/version`)).json() as { version: string }).version })
  })

  it('answers unknown routes with a 404 { message, code }', async () => {
    const response = await hub.fetch(`/api/v1/nothing-here?x=1`)
    assert.equal(response.status, 404)
    assert.deepEqual(await response.json(), { message: 'No route GET /api/v1/nothing-here', code: 'NOT_FOUND' })
  })

  it('names the failing field on schema violations', async () => {
    const cases: Array<[string, RegExp]> = [
      ['{"Type": 3, "Payload": {}}', /Type/],
      ['{"Type": "panel.state", "Payload": []}', /Payload/],
      ['{"Type": "no dots", "Payload": {}}', /Type/],
      ['{"Type": "panel.state", "Payload": {}, "Stream": "panel"}', /additional/],
      ['{"Payload": {}}', /Type/]
    ]
    for (const [body, field] of cases) {
      const response = await post(body)
      assert.equal(response.status, 400, body)
      const error = await response.json() as { message: string, code: string }
      assert.equal(error.code, 'VALIDATION_ERROR')
      assert.match(error.message, field, body)
    }
  })

  it('rejects malformed JSON, wrong content types and oversized bodies without publishing anything', async () => {
    const before = hub.hub.journal.count()
    const malformed = await post('{"Type": "panel.state", ')
    assert.equal(malformed.status, 400)
    assert.equal((await malformed.json() as { code: string }).code, 'INVALID_JSON')

    const wrongType = await post('Type=panel.state', { 'content-type': 'application/x-www-form-urlencoded' })
    assert.equal(wrongType.status, 415)
    assert.equal((await wrongType.json() as { code: string }).code, 'UNSUPPORTED_MEDIA_TYPE')

    const huge = await post(JSON.stringify({ Type: 'panel.state', Payload: { Blob: 'x'.repeat(2 << 20) } }))
    assert.equal(huge.status, 413)
    assert.equal((await huge.json() as { code: string }).code, 'BODY_TOO_LARGE')

    assert.equal(hub.hub.journal.count(), before)
    assert.equal((await hub.fetch(`/api/v1/health`)).status, 200)
  })

  it('refuses a JSON body nested deeper than the limit with 400, and publishes the next event as usual', async () => {
    const nested = (depth: number): unknown => depth === 0 ? 1 : { a: nested(depth - 1) }
    const deep = `{"Type": "panel.state", "Payload": ${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`
    const before = hub.hub.journal.count()
    const refused = await post(deep)
    assert.equal(refused.status, 400)
    assert.deepEqual(await refused.json(), { message: `JSON bodies may nest arrays and objects at most ${maxJsonDepth} levels deep`, code: 'JSON_TOO_DEEP' })
    assert.equal(refused.headers.get('access-control-allow-origin'), '*')
    // The envelope is one level, so a payload nested limit - 1 deep makes a body exactly at the limit.
    assert.equal((await post(JSON.stringify({ Type: 'ui.event', Payload: nested(maxJsonDepth) }))).status, 400)
    assert.equal(hub.hub.journal.count(), before, 'nothing published')
    const next = await post(JSON.stringify({ Type: 'ui.event', Payload: nested(maxJsonDepth - 1) }))
    assert.equal(next.status, 202)
    assert.equal(hub.hub.journal.count(), before + 1)
    assert.equal((await hub.fetch(`/api/v1/health`)).status, 200)
  })

  it('counts nesting outside strings only', () => {
    assert.equal(nestedDeeperThan('[[[]]]', 3), false)
    assert.equal(nestedDeeperThan('[[[[]]]]', 3), true)
    assert.equal(nestedDeeperThan(JSON.stringify({ text: '[[[[{{{{', quoted: '"\\[[[[' }), 1), false)
  })

  it('answers an unknown query parameter with 400 naming it, and still takes the documented ones', async () => {
    const response = await hub.fetch(`/api/v1/events/recent?limit=5&bogus=1`)
    assert.equal(response.status, 400)
    const body = await response.json() as { message: string, code: string }
    assert.equal(body.code, 'VALIDATION_ERROR')
    assert.match(body.message, /"bogus"/)
    assert.equal((await hub.fetch(`/api/v1/events/recent?limit=5&prefix=startup.`)).status, 200)
  })

  it('answers a method a path does not support with 405 and Allow, an unknown path with 404', async () => {
    const cases: Array<[string, string, string]> = [
      ['TRACE', '/api/v1/health', 'GET, HEAD, OPTIONS'],
      ['DELETE', '/API/V1/Health/', 'GET, HEAD, OPTIONS'],
      ['GET', '/api/v1/events', 'OPTIONS, POST'],
      ['PATCH', '/api/v1/ingame/definitions/mame/1943', 'GET, HEAD, OPTIONS, PUT']
    ]
    for (const [method, url, allow] of cases) {
      const response = await hub.app.inject({ method: method as 'GET', url })
      assert.equal(response.statusCode, 405, `${method} ${url}`)
      assert.equal(response.headers.allow, allow, `${method} ${url}`)
      assert.equal(response.headers['access-control-allow-origin'], '*')
      assert.deepEqual(response.json(), { message: `${method} is not supported on ${url}; it answers ${allow}`, code: 'METHOD_NOT_ALLOWED' })
    }
    // QUERY carries a body (RFC 10008), so it comes with a content type; without one Fastify answers 400 first.
    const query = await hub.app.inject({ method: 'QUERY' as 'GET', url: '/api/v1/health', headers: { 'content-type': 'application/json' }, payload: '{}' })
    assert.equal(query.statusCode, 405)
    assert.equal(query.headers.allow, 'GET, HEAD, OPTIONS')
    const unknown = await hub.app.inject({ method: 'TRACE' as 'GET', url: '/api/v1/nothing-here' })
    assert.equal(unknown.statusCode, 404)
    assert.equal(unknown.headers.allow, undefined)
  })

  it('sends the stream list as application/json', async () => {
    const response = await hub.fetch(`/api/v1/ws/streams`)
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8')
    assert.ok(Array.isArray((await response.json() as { streams: unknown[] }).streams))
  })

  it('answers a plain GET on a WebSocket path with 426 and the error shape', async () => {
    const response = await hub.fetch(`/ws/panel`)
    assert.equal(response.status, 426)
    assert.equal((await response.json() as { code: string }).code, 'UPGRADE_REQUIRED')
  })
})
