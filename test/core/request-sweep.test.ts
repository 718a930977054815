/**
 * Every operation of the generated OpenAPI document, sent the requests a fuzzer sends: a body of
 * the wrong type, a content type no route takes, a body too large or too deep, an unknown query
 * parameter. Each must answer a documented 4xx `{ message, code }` with the CORS header, never a 5xx.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { LightMyRequestResponse } from 'fastify'
import { managersOf } from '../../src/core/hub.js'
import { domainModules } from '../../src/modules.js'
import { maxJsonDepth } from '../../src/core/json-body.js'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

interface Operation {
  readonly method: string
  /** The OpenAPI path with its parameters filled in. */
  readonly url: string
  readonly label: string
  readonly hasBody: boolean
  readonly queryParameters: readonly Json[]
  readonly documentedStatuses: readonly string[]
}

/** Values a real caller would put in each path parameter, so the request reaches the route's own checks. */
const plausiblePathValues: Record<string, string> = {
  system: 'mame',
  rom: '1943',
  file: '0123456789abcdef-top.svg',
  '*': 'systems/arcade/games/1943/artwork/marquee/marquee.png'
}

function operationsOf (openApi: Json): Operation[] {
  return Object.entries(openApi.paths as Json).flatMap(([path, operations]) => Object.entries(operations as Json).map(([method, op]) => {
    const url = path.replace(/\{([^}]+)\}/g, (_all, name: string) => plausiblePathValues[name] ?? 'x')
    const parameters = (op.parameters ?? []) as Json[]
    return {
      method: method.toUpperCase(),
      url,
      label: `${method.toUpperCase()} ${path}`,
      hasBody: op.requestBody !== undefined,
      queryParameters: parameters.filter((p) => p.in === 'query'),
      documentedStatuses: Object.keys(op.responses as Json)
    }
  }))
}

/** The documented query parameters a request needs to pass validation, with plausible values. */
function requiredQuery (op: Operation): Record<string, string> {
  const plausible = (schema: Json): string => schema.type === 'integer' || schema.type === 'number' ? String(schema.minimum ?? 1) : '1943'
  return Object.fromEntries(op.queryParameters.filter((p) => p.required === true).map((p) => [p.name as string, plausible(p.schema as Json)]))
}

function isDocumented (op: Operation, status: number): boolean {
  return op.documentedStatuses.includes(String(status)) || op.documentedStatuses.includes(`${String(status)[0]}XX`)
}

/** A 4xx the operation documents, with exactly `{ message, code }` (HEAD has no body to look at) and CORS. */
function assertDocumentedError (op: Operation, response: LightMyRequestResponse, what: string): void {
  const label = `${op.label} with ${what}: ${response.statusCode} ${response.body}`
  assert.ok(response.statusCode >= 400 && response.statusCode < 500, label)
  assert.ok(isDocumented(op, response.statusCode), `${label} (not documented)`)
  assert.equal(response.headers['access-control-allow-origin'], '*', label)
  if (op.method === 'HEAD') return
  assert.match(String(response.headers['content-type']), /^application\/json/, label)
  const body = response.json() as Json
  assert.deepEqual(Object.keys(body).sort(), ['code', 'message'], label)
  assert.ok(typeof body.message === 'string' && body.message.length > 0, label)
  assert.match(body.code, /^[A-Z][A-Z0-9_]*$/, label)
}

describe('request sweep over every documented operation', () => {
  let f: FrontendHub
  let operations: Operation[]
  before(async () => {
    // Every manager on, so no request stops at a switched-off gate before the checks under test,
    // and a frontend that answers, so a request the service accepts succeeds.
    const managers = Object.fromEntries(managersOf(domainModules).map((m) => [`managers.${m.id}`, true]))
    f = await startFrontendHub({ devEventsIngest: true, ...managers })
    operations = operationsOf(f.hub.app.swagger() as Json)
  })
  after(async () => f.close())

  // As the service's own pages send them (inject's Host is localhost:80): the setup buttons answer nothing else, and every route reads what it got.
  const ownPage = { origin: 'http://localhost:80' }
  const send = async (op: Operation, options: { query?: Record<string, string>, contentType?: string, payload?: string } = {}): Promise<LightMyRequestResponse> => f.hub.app.inject({
    method: op.method as 'GET',
    url: op.url,
    query: options.query ?? {},
    headers: options.contentType === undefined ? ownPage : { ...ownPage, 'content-type': options.contentType },
    ...(options.contentType === undefined ? {} : { payload: options.payload ?? '' })
  })

  it('covers the operations with bodies and with query strings', () => {
    assert.ok(operations.length >= 30, String(operations.length))
    assert.ok(operations.filter((op) => op.hasBody).length >= 8)
    assert.ok(operations.filter((op) => op.queryParameters.length > 0).length >= 4)
  })

  it('answers a JSON body of the wrong type with a documented 400 { message, code }', async () => {
    for (const op of operations.filter((o) => o.hasBody)) {
      const response = await send(op, { contentType: 'application/json', payload: '42' })
      assertDocumentedError(op, response, 'a number for a body')
      assert.equal(response.statusCode, 400, op.label)
    }
  })

  it('answers a content type no route takes with a documented 415 { message, code }', async () => {
    for (const op of operations.filter((o) => o.hasBody)) {
      const response = await send(op, { contentType: 'application/xml', payload: '<body/>' })
      assertDocumentedError(op, response, 'an XML body')
      assert.equal(response.statusCode, 415, op.label)
    }
  })

  it('answers a body over the size limit with a documented 413, and JSON nested too deep with a documented 400', async () => {
    const tooLarge = JSON.stringify({ text: 'x'.repeat(1 << 20) })
    const tooDeep = `${'['.repeat(maxJsonDepth + 1)}${']'.repeat(maxJsonDepth + 1)}`
    for (const op of operations.filter((o) => o.hasBody)) {
      const large = await send(op, { contentType: 'application/json', payload: tooLarge })
      assertDocumentedError(op, large, 'a body over 1 MiB')
      assert.equal(large.statusCode, 413, op.label)
      const deep = await send(op, { contentType: 'application/json', payload: tooDeep })
      assertDocumentedError(op, deep, 'JSON nested too deep')
      assert.equal((deep.json() as Json).code, 'JSON_TOO_DEEP', op.label)
    }
  })

  it('answers an unknown query parameter with a documented 400 naming it where the route has a query schema, and never with a 5xx', async () => {
    for (const op of operations) {
      const query = requiredQuery(op)
      const withUnknown = await send(op, { query: { ...query, unknownParam: '1' } })
      assert.ok(withUnknown.statusCode < 500, `${op.label}: ${withUnknown.statusCode} ${withUnknown.body}`)
      if (op.queryParameters.length > 0) {
        assertDocumentedError(op, withUnknown, 'an unknown query parameter')
        assert.equal(withUnknown.statusCode, 400, op.label)
        assert.match((withUnknown.json() as Json).message, /"unknownParam"/, op.label)
        continue
      }
      // A route that takes no query refuses one (the scores documents); other routes without a query schema ignore it.
      if (withUnknown.statusCode === 400 && /"unknownParam"/.test((withUnknown.json() as Json).message as string)) {
        assertDocumentedError(op, withUnknown, 'an unknown query parameter')
        continue
      }
      const without = await send(op, { query })
      assert.equal(withUnknown.statusCode, without.statusCode, op.label)
      if (withUnknown.statusCode >= 400) assertDocumentedError(op, withUnknown, 'an unknown query parameter')
    }
  })
})
