import assert from 'node:assert/strict'
import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { Parser } from '@asyncapi/parser'
import { Ajv } from 'ajv'
import type { InjectOptions } from 'fastify'
import addFormats from 'ajv-formats'
import { parse as parseYaml } from 'yaml'
import { apiGroups } from '../../src/core/api-groups.js'
import { buildAsyncApi } from '../../src/core/docs/asyncapi.js'
import { eventCatalogOf, streamTableOf } from '../../src/core/hub.js'
import { writeDemoHiscores } from '../../src/hiscores/index.js'
import { domainModules } from '../../src/modules.js'
import { writeDemoPanels } from '../../src/panels/demo-panels.js'
import { dynpanelsRoot } from '../../src/panels/resources.js'
import { startHub, tempDir, type TestHub } from '../support/hub.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

/** The event catalog of the shipped build. */
const events = eventCatalogOf(domainModules)

const committed = (name: string): Json => JSON.parse(readFileSync(new URL(`../../docs/api/${name}`, import.meta.url), 'utf8')) as Json

function validator (): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats.default(ajv)
  return ajv
}

describe('API documents', () => {
  let hub: TestHub
  let panelsDataDir: string
  // The committed documents come from the CLI, which registers every domain module (so does startHub).
  before(async () => {
    // The demo panels give /api/v1/panels/current a panel to describe once a game is selected.
    panelsDataDir = tempDir()
    writeDemoPanels(dynpanelsRoot(panelsDataDir))
    // The demo hiscore tables give /api/v1/hiscores a table to describe for the selected game.
    writeDemoHiscores(panelsDataDir, panelsDataDir, ['1943'])
    // A linked record service (one that does not answer: it is left out with the reason) makes the partner leaderboard answer.
    hub = await startHub({ options: { dataDir: panelsDataDir, partnerUrls: 'http://127.0.0.1:9', mameHiscoreDir: path.join(panelsDataDir, 'saves', 'mame', 'hiscore') } })
    // The context routes answer 404 until the frontend selects something; give them a selection to describe.
    const hook = { event: 'game-selected', args: ['mame', '/cab/roms/mame/1943.zip', '1943'] }
    await hub.fetch(`/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(hook) })
  })
  after(async () => {
    await hub.close()
    rmSync(panelsDataDir, { recursive: true, force: true })
  })

  it('serves an AsyncAPI 3.0.0 document that the AsyncAPI parser accepts without errors', async () => {
    const text = await (await hub.fetch(`/asyncapi.json`)).text()
    const { document, diagnostics } = await new Parser().parse(text)
    const errors = diagnostics.filter((d) => d.severity === 0)
    assert.deepEqual(errors.map((d) => `${d.code}: ${d.message} at ${d.path.join('.')}`), [])
    assert.ok(document !== undefined)
    const json = JSON.parse(text) as Json
    assert.equal(json.asyncapi, '3.0.0')
    assert.equal(json.info.title, 'cabinet-hub Real-time Events')
    assert.equal(json.info.version, '1.3.3')
  })

  it('serves the same document as YAML', async () => {
    const response = await hub.fetch(`/asyncapi.yaml`)
    assert.match(response.headers.get('content-type') ?? '', /yaml/)
    assert.deepEqual(parseYaml(await response.text()), await (await hub.fetch(`/asyncapi.json`)).json())
  })

  it('has one channel per live stream, with the same addresses, prefixes, aliases and retained types', async () => {
    const asyncApi = await (await hub.fetch(`/asyncapi.json`)).json() as Json
    const live = await (await hub.fetch(`/api/v1/ws/streams`)).json() as Json
    const channels = Object.entries(asyncApi.channels as Json).filter(([id]) => id !== 'firehose')
    assert.deepEqual(channels.map(([id]) => id).sort(), live.streams.map((s: Json) => s.name).sort())
    for (const stream of live.streams as Json[]) {
      const channel = asyncApi.channels[stream.name] as Json
      assert.equal(new URL(stream.url).pathname, channel.address)
      assert.deepEqual(channel['x-event-type-prefixes'], stream.eventTypePrefixes)
      assert.deepEqual(channel['x-aliases'], stream.aliases)
      assert.deepEqual(channel['x-retained-event-types'], stream.retainedEventTypes)
    }
    assert.equal(asyncApi.channels.firehose.address, new URL(live.firehoseUrl).pathname)
  })

  it('gives every event type an envelope payload schema, and every example satisfies it', () => {
    const asyncApi = buildAsyncApi(events, streamTableOf(domainModules))
    const ajv = validator()
    const messages = asyncApi.components as Json
    for (const definition of events.definitions) {
      const message = messages.messages[definition.type] as Json
      assert.ok(message, definition.type)
      const validate = ajv.compile(message.payload as object)
      for (const example of (message.examples ?? []) as Json[]) {
        assert.ok(validate(example.payload), `${definition.type}: ${ajv.errorsText(validate.errors)}`)
      }
      assert.equal(validate({ Type: definition.type, Ts: '2026-11-21T20:00:00.000Z', Payload: {}, Stream: 'x' }), false, 'no extra top-level field')
    }
  })

  it('serves OpenAPI with every route tagged by a spec group, summarised, and with error responses', async () => {
    const openApi = await (await hub.fetch(`/openapi.json`)).json() as Json
    const groups = new Set(Object.values(apiGroups).map((g) => g.name))
    assert.match(openApi.openapi, /^3\./)
    const operations = Object.entries(openApi.paths as Json).flatMap(([path, ops]) => Object.entries(ops as Json).map(([method, op]) => ({ path, method, op: op as Json })))
    assert.ok(operations.length >= 8)
    for (const { path, method, op } of operations) {
      assert.ok(op.tags?.length === 1 && groups.has(op.tags[0]), `${method} ${path} tags`)
      assert.ok(typeof op.summary === 'string' && op.summary.length > 0, `${method} ${path} summary`)
      const statuses = Object.keys(op.responses as Json)
      assert.ok(statuses.some((s) => s.startsWith('2')), `${method} ${path} success`)
      assert.ok(statuses.some((s) => s.startsWith('4')), `${method} ${path} errors`)
    }
  })

  it('documents examples that the live service really satisfies', async () => {
    const openApi = await (await hub.fetch(`/openapi.json`)).json() as Json
    const ajv = validator()
    for (const [path, ops] of Object.entries(openApi.paths as Json)) {
      const get = (ops as Json).get as Json | undefined
      // Like path parameters, a required query parameter has no value to call the route with here.
      const needsQuery = ((get?.parameters ?? []) as Json[]).some((p) => p.in === 'query' && p.required === true)
      if (get === undefined || path.includes('{') || needsQuery) continue
      // JSON for almost every route; a document of another type (the panel theme XML) is checked as text.
      const [mediaType, documented] = Object.entries(get.responses['200'].content as Json)[0] as [string, Json]
      const validate = ajv.compile(documented.schema as object)
      assert.ok(documented.example !== undefined, `${path} has an example`)
      assert.ok(validate(documented.example), `${path} example: ${ajv.errorsText(validate.errors)}`)
      const live = await hub.fetch(`${path}`)
      assert.equal(live.status, 200, path)
      assert.ok(validate(mediaType === 'application/json' ? await live.json() : await live.text()), `${path} live: ${ajv.errorsText(validate.errors)}`)
    }
  })

  it('serves the interactive reference with its assets from this machine', async () => {
    const page = await hub.fetch(`/swagger`)
    assert.equal(page.status, 200)
    const html = await page.text()
    const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)
    assert.ok(references.length >= 3)
    assert.deepEqual(references.filter((r) => !r.startsWith('/swagger/static/')), [], 'nothing is loaded from the network')
    for (const asset of references) {
      const response = await hub.fetch(`${asset}`)
      assert.equal(response.status, 200, asset)
      assert.ok((await response.arrayBuffer()).byteLength > 0, asset)
    }
    const spec = await hub.fetch(`/swagger/json`)
    assert.equal(spec.status, 200)
    assert.ok(((await spec.json()) as Json).paths['/api/v1/health'])
  })

  it('keeps the committed copies in docs/api in step with the code (npm run docs:api regenerates them)', () => {
    assert.deepEqual(committed('asyncapi.json'), buildAsyncApi(events, streamTableOf(domainModules)))
    assert.deepEqual(committed('openapi.json'), JSON.parse(JSON.stringify(hub.app.swagger())))
  })

  it('names the server the documents were fetched from, while the committed copies keep the default', async () => {
    // The Host a client on another port would send, as no socket is opened.
    const port = '54321'
    const fetched = async (route: string, host = `127.0.0.1:${port}`): Promise<Response> => hub.fetch(route, { headers: { host } })
    assert.notEqual(port, '12345')
    const openApi = await (await fetched(`/openapi.json`)).json() as Json
    assert.deepEqual(openApi.servers.map((s: Json) => s.url), ['/'])
    const swaggerUiCopy = await (await fetched(`/swagger/json`)).json() as Json
    assert.deepEqual(swaggerUiCopy.servers, openApi.servers)
    const asyncApi = await (await fetched(`/asyncapi.json`)).json() as Json
    assert.equal(asyncApi.servers.local.host, `127.0.0.1:${port}`)
    const byName = await (await fetched('/asyncapi.yaml', `localhost:${port}`)).text()
    assert.equal((parseYaml(byName) as Json).servers.local.host, `localhost:${port}`)
    assert.deepEqual(committed('openapi.json').servers, [{ url: 'http://127.0.0.1:12345' }])
    assert.equal(committed('asyncapi.json').servers.local.host, '127.0.0.1:12345')
  })
})

describe('error examples of every route', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ options: { apiKey: 'a-key-of-this-cabinet', allowedOrigins: 'https://marquee.example' } }) })
  after(async () => hub.close())

  it('documents for 400, 401, 403, 414 and 421 the very body the service answers', async () => {
    const route = (await hub.app.inject({ url: '/openapi.json' })).json<Json>().paths['/api/v1/gamelists/{system}/games'].get.responses as Json
    const documented = (status: number): Json => route[String(status)].content['application/json'].example as Json
    const answers: Record<number, InjectOptions> = {
      400: { url: '/api/v1/media/%zz' },
      401: { url: '/api/v1/health', remoteAddress: '192.168.1.20', headers: { 'x-api-key': 'not-the-key' } },
      403: { url: '/api/v1/health', headers: { origin: 'https://overlay.example' } },
      414: { url: `/api/v1/gamelists/${'x'.repeat(108)}/games` },
      421: { url: '/api/v1/health', headers: { host: 'rebind.example' } }
    }
    const seen = new Set<string>()
    for (const [status, request] of Object.entries(answers)) {
      const answer = await hub.app.inject(request)
      assert.equal(answer.statusCode, Number(status), `${status}: ${answer.body}`)
      assert.deepEqual(documented(Number(status)), answer.json(), String(status))
      seen.add(answer.json<Json>().message as string)
    }
    assert.equal(seen.size, Object.keys(answers).length, 'each status has its own example')
  })
})
