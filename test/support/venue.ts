/** A venue service in process (the `venue` command's build), and what tests ask cabinets and venues. */
import assert from 'node:assert/strict'
import pino from 'pino'
import { buildApp } from '../../src/app.js'
import { optionEntriesOf } from '../../src/core/hub.js'
import { loadConfig } from '../../src/core/options.js'
import { noFrontendSettings } from '../../src/core/settings.js'
import { openDatabase } from '../../src/core/storage/database.js'
import { domainModules } from '../../src/modules.js'
import { cabinetCatalogOf, venueModule } from '../../src/venue/index.js'
import { TestClock } from './test-clock.js'
import { serveTestHub, tempDir, type TestHub, type TestHubOptions } from './hub.js'

/** `serve` with `skipStart` leaves the broker alone: a fast-tier test relays the cabinets' envelopes itself. */
export async function startVenue (mqttUrl: string, options: Record<string, string> = {}, serve: Pick<TestHubOptions, 'listen' | 'skipStart' | 'logger'> = {}): Promise<TestHub> {
  const dataDir = tempDir('cabinet-hub-venue-')
  const modules = [venueModule(cabinetCatalogOf(domainModules))]
  const loaded = loadConfig(optionEntriesOf(modules), { cli: new Map(Object.entries({ dataDir, port: '0', nodeId: 'venue', mqttUrl, ...options })), env: {} })
  const db = openDatabase(dataDir)
  const clock = new TestClock()
  const { app, hub } = await buildApp({ loaded, logger: serve.logger ?? pino({ level: 'silent' }), db, settings: noFrontendSettings, now: clock.now, modules })
  return await serveTestHub({ app, hub, clock }, db, dataDir, serve)
}

/** A frontend hook through the ingest route, as EmulationStation's scripts deliver it. */
export async function ingestHook (hub: TestHub, event: string, ...args: string[]): Promise<void> {
  const response = await hub.fetch('/api/v1/ingest/es-event', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event, args }) })
  assert.equal(response.status, 202)
}

/** A section of GET /api/v1/status (`mqtt` on a cabinet, `venue` on a venue). */
export async function statusSection (baseUrl: string, name: string): Promise<Record<string, any>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return (await (await fetch(`${baseUrl}/api/v1/status`)).json() as Record<string, Record<string, unknown>>)[name]!
}

export async function venueCabinet (baseUrl: string, nodeId: string): Promise<Record<string, unknown> | undefined> {
  const body = await (await fetch(`${baseUrl}/api/v1/venue/cabinets`)).json() as { cabinets: Array<Record<string, unknown>> }
  return body.cabinets.find((c) => c.nodeId === nodeId)
}
