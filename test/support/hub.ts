/**
 * Starts a real cabinet-hub (buildApp) for tests: reached in process through `fetch`/`connect` (inject,
 * injectWS) on a clock the test moves; only a service-tier (io/) test asks it to listen on a port.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { buildApp } from '../../src/app.js'
import { optionEntriesOf, type Hub } from '../../src/core/hub.js'
import type { FactChannel, Facts } from '../../src/core/facts.js'
import type { HubApp, HubModule } from '../../src/core/module.js'
import type { ServiceKey } from '../../src/core/services.js'
import { loadConfig } from '../../src/core/options.js'
import { closeDatabase, openDatabase, type HubDatabase } from '../../src/core/storage/database.js'
import { builtInAdapters, frontendsModuleWith, readFrontendSettings, type FrontendAdapter } from '../../src/frontends/index.js'
import { domainModules, type HubConfig } from '../../src/modules.js'
import { quietPeers } from './game-events.js'
import { injectFetch } from './inject-fetch.js'
import { TestClock } from './test-clock.js'
import { RecordingClient, type InjectOptions } from './ws-client.js'

export interface TestHub {
  readonly app: HubApp
  readonly hub: Hub
  /** The address of a hub started with `listen`; any other throws (reach it with `fetch`/`connect`). */
  readonly baseUrl: string
  readonly wsBase: string
  readonly dataDir: string
  /** The service's `now`: the machine's time plus what the test advanced it by. */
  readonly clock: TestClock
  /** `fetch(baseUrl + path, init)` through `inject`. */
  fetch (path: string, init?: RequestInit): Promise<Response>
  /** A WebSocket client on `path` through `injectWS`. */
  connect (path: string, options?: InjectOptions): Promise<RecordingClient>
  close (): Promise<void>
}

export interface TestHubOptions {
  /** CLI-style option values by key (`devEventsIngest`, `managers.gameEvents` ...). */
  readonly options?: Record<string, string | boolean>
  readonly env?: NodeJS.ProcessEnv
  /** Extra modules registered after the service's own; one named as a service module takes its place. */
  readonly modules?: readonly HubModule[]
  /** Frontend families besides the built-in ones (the frontend seam). */
  readonly adapters?: readonly FrontendAdapter[]
  /** Leave start phases to the test (readiness tests). */
  readonly skipStart?: boolean
  /** Listens on a loopback port: only for the service tier (io/), whose real clients and peers connect. */
  readonly listen?: boolean
  /** The service's clock (a new TestClock at the machine's time by default). */
  readonly clock?: TestClock
  /** Where the service logs (silent by default); tests that read the log pass their own. */
  readonly logger?: pino.Logger
}

/** Folders tempDir made; removed when the test process exits, so runs do not pile them up in /tmp. */
const madeDirs = new Set<string>()

function removeMadeDirs (): void {
  for (const dir of madeDirs) {
    try {
      rmSync(dir, { recursive: true, force: true })
    } catch { /* still mounted or held by a peer: the system's tmp cleaning takes it */ }
  }
}

export function tempDir (prefix = 'cabinet-hub-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  if (madeDirs.size === 0) process.once('exit', removeMadeDirs)
  madeDirs.add(dir)
  return dir
}

export async function startHub (options: TestHubOptions = {}): Promise<TestHub> {
  const dataDir = tempDir()
  // Test hubs stay off the default emulator ports unless a test points them somewhere, and off
  // ES's default 1234 (a frontend running on the machine would answer there): port 1 is refused on
  // loopback without having to find a free port (which listens).
  const esUrl = 'http://127.0.0.1:1'
  const adapters = [...builtInAdapters, ...(options.adapters ?? [])]
  const frontends = options.adapters === undefined ? [] : [frontendsModuleWith(adapters)]
  const given = options.modules ?? []
  const replaced = new Set([...given, ...frontends].map((m) => m.name))
  const modules = [...frontends, ...domainModules.filter((m) => !replaced.has(m.name)), ...given]
  const cli = new Map<string, string | boolean>(Object.entries({ dataDir, port: '0', esUrl, ...quietPeers, ...options.options }))
  const loaded = loadConfig(optionEntriesOf(modules), { cli, env: options.env ?? {} })
  const config = loaded.config as HubConfig
  const db = openDatabase(config.dataDir)
  const clock = options.clock ?? new TestClock()
  const { app, hub } = await buildApp({
    loaded,
    logger: options.logger ?? pino({ level: 'silent' }),
    db,
    settings: await readFrontendSettings(config, adapters),
    now: clock.now,
    modules
  })
  return await serveTestHub({ app, hub, clock }, db, dataDir, options)
}

async function listenOnLoopback (app: HubApp): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('no TCP address')
  return `http://127.0.0.1:${address.port}`
}

/**
 * Readies the app, listening on a free loopback port only with `listen`, starts the hub (unless
 * `skipStart`), and gives the handle tests use; closing it closes the app and the database and
 * removes the data dir. `clock` is the one the app was built with.
 */
export async function serveTestHub ({ app, hub, clock }: { app: HubApp, hub: Hub, clock: TestClock }, db: HubDatabase, dataDir: string, options: Pick<TestHubOptions, 'listen' | 'skipStart'> = {}): Promise<TestHub> {
  const baseUrl = options.listen === true ? await listenOnLoopback(app) : null
  if (baseUrl === null) await app.ready()
  if (options.skipStart !== true) await hub.start()
  const handle: Omit<TestHub, 'baseUrl' | 'wsBase'> = {
    app,
    hub,
    dataDir,
    clock,
    fetch: async (path, init) => injectFetch(app, path, init),
    connect: async (path, connectOptions) => RecordingClient.inject(app, path, connectOptions),
    close: async () => {
      await app.close()
      closeDatabase(db)
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  return baseUrl === null ? withoutAddress(handle) : { ...handle, baseUrl, wsBase: baseUrl.replace('http://', 'ws://') }
}

/**
 * A hub that does not listen has no address: reading one throws, naming the way in. The getters are
 * not enumerable, so spreading the handle into a test's own still works.
 */
function withoutAddress (handle: Omit<TestHub, 'baseUrl' | 'wsBase'>): TestHub {
  const noAddress = { enumerable: false, get: () => { throw new Error('this test hub does not listen: reach it with hub.fetch/hub.connect, or start it with listen in an io/ test') } }
  return Object.defineProperties(handle, { baseUrl: noAddress, wsBase: noAddress }) as TestHub
}

/** Hands the service a frontend hook through its HTTP door, as our hook scripts do (in process); returns its sequence. */
export async function sendHook (hub: Pick<TestHub, 'app'>, event: string, ...args: string[]): Promise<number> {
  const response = await hub.app.inject({ method: 'POST', url: '/api/v1/ingest/es-event', payload: { event, args } })
  assert.equal(response.statusCode, 202, response.body)
  return response.json<{ sequence: number }>().sequence
}

/** Tells a fact as the module that owns it would: drives a module through the facts it listens to, in process. */
export function tellFact<M, K extends keyof M & string> (hub: Pick<TestHub, 'hub'>, key: ServiceKey<string, Facts<M>>, type: K, fact: M[K]): void {
  (hub.hub.services.use(key) as FactChannel<M>).tell(type, fact)
}
