import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { HubModule } from '../../src/core/module.js'
import { startHub, tempDir, type TestHub } from '../support/hub.js'

describe('health, version and readiness', () => {
  let release: () => void = () => {}
  const slowStart: HubModule = {
    name: 'slow-start',
    gate: null,
    register: async (_app, { onStart }) => {
      onStart('slow-start', async () => new Promise<void>((resolve) => { release = resolve }))
      onStart('broken-start', async () => { throw new Error('fixture folder missing') })
    }
  }
  let hub: TestHub
  before(async () => { hub = await startHub({ modules: [slowStart], skipStart: true }) })
  after(async () => hub.close())

  it('answers health with the running version', async () => {
    const health = await (await hub.fetch(`/api/v1/health`)).json() as { status: string, version: string }
    const version = await (await hub.fetch(`/api/v1/version`)).json() as Record<string, string>
    assert.equal(health.status, 'healthy')
    assert.match(health.version, /^\d+\.\d+\.\d+/)
    assert.equal(version.version, health.version)
    assert.equal(version.name, 'cabinet-hub')
    assert.equal(version.eventsContractVersion, '1.3.3')
  })

  it('answers 503 with progress until every start phase ran, then 200 with compact "ready":true', async () => {
    const starting = await hub.fetch(`/api/v1/startup/ready`)
    assert.equal(starting.status, 503)
    const body = await starting.json() as { status: string, ready: boolean, steps: Array<{ name: string, state: string }> }
    assert.equal(body.status, 'starting')
    assert.equal(body.ready, false)
    const fixtureSteps = <T extends { name: string }>(steps: T[]): T[] => steps.filter((s) => s.name === 'slow-start' || s.name === 'broken-start')
    assert.deepEqual(fixtureSteps(body.steps).map((s) => [s.name, s.state]), [['slow-start', 'pending'], ['broken-start', 'pending']])

    const system = await hub.connect(`/ws/system`)
    const started = hub.hub.start()
    // The phase waits for release(): it must be seen running, with the service still not ready.
    let running: { ready: boolean, steps: Array<{ name: string, state: string }> }
    do {
      await new Promise((resolve) => setTimeout(resolve, 10))
      running = await (await hub.fetch(`/api/v1/startup/ready`)).json() as typeof running
    } while (fixtureSteps(running.steps)[0]!.state !== 'running')
    assert.equal(running.ready, false)
    release()
    await started

    const ready = await hub.fetch(`/api/v1/startup/ready`)
    assert.equal(ready.status, 200)
    const text = await ready.text()
    assert.ok(text.includes('"ready":true'), text)
    const readyBody = JSON.parse(text) as { readyAtUtc: string, steps: Array<{ name: string, state: string, error: string | null }> }
    assert.match(readyBody.readyAtUtc, /Z$/)
    assert.deepEqual(fixtureSteps(readyBody.steps).map((s) => [s.name, s.state, s.error]), [['slow-start', 'done', null], ['broken-start', 'failed', 'fixture folder missing']])
    assert.ok(readyBody.steps.every((s) => s.state === 'done' || s.name === 'broken-start'))
    await system.until((c) => c.types().includes('startup.ready'))
    system.close()
  })
})

describe('status and effective configuration', () => {
  let hub: TestHub
  before(async () => {
    const esDir = tempDir()
    mkdirSync(esDir, { recursive: true })
    writeFileSync(path.join(esDir, 'es_settings.cfg'), `<?xml version="1.0"?>
<config>
  <bool name="global.cabinethub.game_events_manager.enabled" value="false" />
  <string name="global.cabinethub.roms_manager.enabled" value="on" />
  <string name="ThemeSet" value="es-theme-carbon" />
</config>`)
    hub = await startHub({ options: { esConfigDir: esDir, apiKey: 'local-secret-99', 'managers.roms': false } })
  })
  after(async () => hub.close())

  it('reports every manager with its effective gate and where it came from', async () => {
    const status = await (await hub.fetch(`/api/v1/status`)).json() as {
      api: { enabled: boolean, ready: boolean }
      frontend: { esSettings: string }
      managers: Record<string, { enabled: boolean, source: string, esSetting: string }>
      storage: { schemaVersion: number, tableVersions: Record<string, number> }
    }
    assert.equal(status.api.enabled, true)
    assert.equal(status.api.ready, true)
    assert.equal(status.frontend.esSettings, 'loaded')
    assert.deepEqual(Object.keys(status.managers).sort(), ['apiReference', 'autoScraping', 'controlPanel', 'gameEvents', 'localMedia', 'notificationsUi', 'roms', 'themesCollections', 'webSocket'])
    assert.deepEqual([status.managers.gameEvents!.enabled, status.managers.gameEvents!.source], [false, 'es_settings'])
    assert.deepEqual([status.managers.roms!.enabled, status.managers.roms!.source], [true, 'es_settings'])
    assert.deepEqual([status.managers.controlPanel!.enabled, status.managers.controlPanel!.source], [true, 'default'])
    assert.equal(status.managers.gameEvents!.esSetting, 'global.cabinethub.game_events_manager.enabled')
    assert.equal(status.storage.schemaVersion, 3)
    assert.deepEqual(status.storage.tableVersions, { core: 1, media: 3, achievements: 1, hiscores: 3, roms: 4 })
  })

  it('shows effective options and their sources with secrets redacted', async () => {
    const body = await (await hub.fetch(`/api/v1/config/effective`)).json() as { options: Record<string, unknown>, sources: Record<string, string> }
    assert.equal(body.options.apiKey, '***')
    assert.equal(body.options.port, 0)
    assert.equal(body.sources.apiKey, 'cli')
    assert.equal(body.sources.nodeId, 'default')
    assert.equal(body.options['managers.roms'], false)
  })

  it('refuses event injection unless started with --dev-events-ingest', async () => {
    const response = await hub.fetch(`/api/v1/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"Type":"ui.event","Payload":{}}' })
    assert.equal(response.status, 404)
    assert.equal((await response.json() as { code: string }).code, 'DEV_INGEST_DISABLED')
  })
})

describe('recent events journal', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ options: { devEventsIngest: true, journalMaxEvents: '10' } }) })
  after(async () => hub.close())

  it('returns recent events newest first, filtered by prefix, bounded', async () => {
    for (let i = 0; i < 15; i++) hub.hub.bus.publish(i % 3 === 0 ? 'panel.input.pressed' : 'ui.event', { N: i })
    const all = await (await hub.fetch(`/api/v1/events/recent?limit=100`)).json() as { events: Array<{ Type: string, Payload: { N?: number } }> }
    assert.equal(all.events.length, 10, 'the journal keeps journalMaxEvents')
    assert.equal(all.events[0]!.Payload.N, 14)
    const panel = await (await hub.fetch(`/api/v1/events/recent?prefix=panel.&limit=2`)).json() as { events: Array<{ Type: string, Payload: { N: number } }> }
    assert.deepEqual(panel.events.map((e) => e.Payload.N), [12, 9])
    const bad = await hub.fetch(`/api/v1/events/recent?limit=0`)
    assert.equal(bad.status, 400)
    assert.match((await bad.json() as { message: string }).message, /limit/)
  })
})
