/**
 * One domain module under test, as immich's `newTestService` builds one service: the module is
 * registered through the service's own path (buildApp: its options, gate, stream rows, routes and
 * start phases, with the core's status and stream routes) on a service of its own, and every service
 * it needs is a fake the test hands in. No other module starts, which is most of a whole hub's cost.
 * Reached through inject like any test hub (`fetch`, `connect`), on the test's clock, reading the
 * test's files if it gives some.
 */
import pino from 'pino'
import { buildApp } from '../../src/app.js'
import { optionEntriesOf } from '../../src/core/hub.js'
import { FactChannel } from '../../src/core/facts.js'
import type { Files } from '../../src/core/files.js'
import { defineModule, type HubModule } from '../../src/core/module.js'
import { loadConfig } from '../../src/core/options.js'
import type { ServiceKey, ServiceOf } from '../../src/core/services.js'
import { noFrontendSettings } from '../../src/core/settings.js'
import { openDatabase } from '../../src/core/storage/database.js'
import { serveTestHub, tempDir, type TestHub, type TestHubOptions } from './hub.js'
import { TestClock } from './test-clock.js'

/** A service the module needs, given as the test's fake. */
export interface FakeService {
  readonly key: ServiceKey
  readonly service: unknown
}

/** Pairs a need with its fake, typed by the key. */
export function fake<K extends ServiceKey> (key: K, service: ServiceOf<K>): FakeService {
  return { key, service }
}

/** A fact channel a test tells facts on directly, in the order it tells them (no bus to keep order with). */
export function testFacts<M> (): FactChannel<M> {
  return new FactChannel((tell) => { for (const one of tell) one() })
}

export interface TestModuleOptions extends Pick<TestHubOptions, 'env' | 'skipStart' | 'logger'> {
  /** The fakes of the services the module needs; a need without one fails the build, naming it. */
  readonly deps?: readonly FakeService[]
  /** CLI-style option values by key, the module's own and the core's. */
  readonly options?: Record<string, string | boolean>
  readonly clock?: TestClock
  /** The files the module reads (the disk by default; memoryFiles for a folder in memory). */
  readonly files?: Files
}

/** Provides the fakes, so the module's needs are met through the same registry a real provider fills. */
function fakeProviders (deps: readonly FakeService[]): HubModule {
  return defineModule({
    name: 'test-fakes',
    gate: null,
    provides: deps.map((dep) => dep.key),
    register: async (_scope, context) => {
      for (const { key, service } of deps) context.provide(key, service)
    }
  })
}

export async function newTestModule (module: HubModule, options: TestModuleOptions = {}): Promise<TestHub> {
  const dataDir = tempDir('cabinet-hub-module-')
  const modules = [fakeProviders(options.deps ?? []), module]
  const cli = new Map<string, string | boolean>(Object.entries({ dataDir, port: '0', ...options.options }))
  const loaded = loadConfig(optionEntriesOf(modules), { cli, env: options.env ?? {} })
  const db = openDatabase(dataDir)
  const clock = options.clock ?? new TestClock()
  const { app, hub } = await buildApp({ loaded, logger: options.logger ?? pino({ level: 'silent' }), db, settings: noFrontendSettings, now: clock.now, files: options.files, modules })
  return await serveTestHub({ app, hub, clock }, db, dataDir, options)
}
