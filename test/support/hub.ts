/** Starts a real cabinet-hub (buildApp + listen on an ephemeral loopback port) for tests. */
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
import { freePort } from '../../bench/lib.js'
import { quietPeers } from './game-events.js'

export interface TestHub {
  readonly app: HubApp
  readonly hub: Hub
  readonly baseUrl: string
  readonly wsBase: string
  readonly dataDir: string
  close (): Promise<void>
}

export interface TestHubOptions {
  /** CLI-style option values by key (`devEventsIngest`, `managers.gameEvents` ...). */
  readonly options?: Record<string, string | boolean>
  readonly env?: NodeJS.ProcessEnv
  /** Extra modules registered after the service's own. */
  readonly modules?: readonly HubModule[]
  /** Frontend families besides the built-in ones (the frontend seam). */
  readonly adapters?: readonly FrontendAdapter[]
  /** Leave start phases to the test (readiness tests). */
  readonly skipStart?: boolean
  readonly listen?: boolean
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
  // ES's default 1234 (a frontend running on the machine would answer there): a port nobody listens on.
  const esUrl = `http://127.0.0.1:${await freePort()}`
  const adapters = [...builtInAdapters, ...(options.adapters ?? [])]
  const frontends = options.adapters === undefined ? [] : [frontendsModuleWith(adapters)]
  const modules = [...frontends, ...domainModules.filter((m) => frontends.length === 0 || m.name !== 'frontends'), ...(options.modules ?? [])]
  const cli = new Map<string, string | boolean>(Object.entries({ dataDir, port: '0', esUrl, ...quietPeers, ...options.options }))
  const loaded = loadConfig(optionEntriesOf(modules), { cli, env: options.env ?? {} })
  const config = loaded.config as HubConfig
  const db = openDatabase(config.dataDir)
  const { app, hub } = await buildApp({
    loaded,
    logger: options.logger ?? pino({ level: 'silent' }),
    db,
    settings: await readFrontendSettings(config, adapters),
    now: () => new Date(),
    modules
  })
  return await serveTestHub({ app, hub }, db, dataDir, options)
}

/**
 * Listens on a free loopback port (unless `listen` is false), starts the hub (unless `skipStart`),
 * and gives the handle tests use; closing it closes the app and the database and removes the data dir.
 */
export async function serveTestHub ({ app, hub }: { app: HubApp, hub: Hub }, db: HubDatabase, dataDir: string, options: Pick<TestHubOptions, 'listen' | 'skipStart'> = {}): Promise<TestHub> {
  let baseUrl = 'http://127.0.0.1'
  if (options.listen !== false) {
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    if (address === null || typeof address === 'string') throw new Error('no TCP address')
    baseUrl = `http://127.0.0.1:${address.port}`
  } else {
    await app.ready()
  }
  if (options.skipStart !== true) await hub.start()
  return {
    app,
    hub,
    baseUrl,
    wsBase: baseUrl.replace('http://', 'ws://'),
    dataDir,
    close: async () => {
      await app.close()
      closeDatabase(db)
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

/** Hands the service a frontend hook through its HTTP door, as our hook scripts do (in process); returns its sequence. */
export async function sendHook (hub: Pick<TestHub, 'app'>, event: string, ...args: string[]): Promise<number> {
  const response = await hub.app.inject({ method: 'POST', url: '/api/v1/ingest/es-event', payload: { event, args } })
  assert.equal(response.statusCode, 202, response.body)
  return response.json<{ sequence: number }>().sequence
}

/** Tells a fact as the module that owns it would: drives a module through the facts it listens to, in process. */
export function tellFact<M, K extends keyof M & string> (hub: Pick<TestHub, 'hub'>, key: ServiceKey<Facts<M>>, type: K, fact: M[K]): void {
  (hub.hub.services.use(key) as FactChannel<M>).tell(type, fact)
}
