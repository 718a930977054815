/**
 * Machine data for the rest of the service: instant answers from the cache, single machines asked
 * of MAME on demand (batched, one MAME at a time) until the full import has run, and the full
 * import itself as a background job. Without MAME, or with a MAME that answers garbage, every
 * question is answered "not known" and the status says why.
 */
import type { FastifyBaseLogger } from 'fastify'
import { fileSignature } from '../core/folder-watch/file-signature.js'
import { isMachineName, type MachineInfo } from './machine.js'
import type { MachineStore } from './machine-store.js'
import type { MameAdapter } from './mame/adapter.js'

/** Names per `-listxml` call: one process start for a page of games. */
const lookupBatch = 100
/** The full import commits in transactions of this many machines. */
const importBatch = 500

/** What the panels and the scraping read; provided under `machineDataService`. */
export interface MachineData {
  /** The machine when the cache holds it; null when it is unknown to MAME or not asked yet. */
  machine (name: string): MachineInfo | null
  /** Asks MAME for the names not known yet; resolves when each is known or found unknown (never rejects). */
  lookup (names: readonly string[]): Promise<void>
  /** `known`, `unknown` (MAME has no such machine) or `unavailable` (not asked, or no MAME to ask). */
  knowledge (name: string): 'known' | 'unknown' | 'unavailable'
  /** The MAME version the data is of; null when no MAME could be asked. */
  readonly version: string | null
}

type ImportState =
  | { readonly state: 'idle' | 'off' }
  | { readonly state: 'running', readonly startedAt: string, machines: number }
  | { readonly state: 'complete', readonly machines: number, readonly completedAt: string }
  | { readonly state: 'failed', readonly error: string, readonly machines: number }

export interface MachineLibraryOptions {
  readonly adapter: MameAdapter | null
  /** Why there is no adapter. */
  readonly missing: string | null
  readonly store: MachineStore
  readonly logger: FastifyBaseLogger
  readonly now: () => Date
  readonly onImported: (version: string, machines: number) => void
}

export class MachineLibrary implements MachineData {
  readonly #options: MachineLibraryOptions
  #version: string | null = null
  #problem: string | null
  #import: ImportState = { state: 'idle' }
  /** Names MAME said it does not know (the cache keeps only machines). */
  readonly #unknown = new Set<string>()
  readonly #pending = new Map<string, Promise<void>>()
  #tail: Promise<void> = Promise.resolve()
  #lookups = 0
  /** Set when the service closes: answers still arriving are dropped (the database is closing). */
  #stopped = false

  constructor (options: MachineLibraryOptions) {
    this.#options = options
    this.#problem = options.missing
  }

  /** Asks MAME its version (the cache key); without an answer there is no machine data. */
  async start (): Promise<void> {
    const adapter = this.#options.adapter
    if (adapter === null) return
    try {
      this.#version = await this.#versionOf(adapter)
      const done = this.#options.store.completedImport(this.#version)
      if (done !== null) this.#import = { state: 'complete', ...done }
    } catch (error) {
      this.#fail(`MAME cannot be asked: ${(error as Error).message}`)
    }
  }

  /** What `-version` says, asked once per executable file. */
  async #versionOf (adapter: MameAdapter): Promise<string> {
    const { store } = this.#options
    const signature = await fileSignature(adapter.executable)
    const known = signature === null ? null : store.knownVersion(adapter.executable, signature)
    if (known !== null) return known
    const version = await adapter.version()
    if (signature !== null) store.rememberVersion(adapter.executable, signature, version)
    return version
  }

  get version (): string | null {
    return this.#version
  }

  get imported (): boolean {
    return this.#import.state === 'complete'
  }

  machine (name: string): MachineInfo | null {
    const key = name.toLowerCase()
    if (this.#version === null || this.#stopped || !isMachineName(key)) return null
    return this.#options.store.machine(this.#version, key)
  }

  knowledge (name: string): 'known' | 'unknown' | 'unavailable' {
    const key = name.toLowerCase()
    if (this.machine(key) !== null) return 'known'
    if (this.#version !== null && (this.imported || this.#unknown.has(key) || !isMachineName(key))) return 'unknown'
    return 'unavailable'
  }

  lookup (names: readonly string[]): Promise<void> {
    const adapter = this.#options.adapter
    if (adapter === null || this.#version === null || this.imported || this.#stopped) return Promise.resolve()
    const waits: Array<Promise<void>> = []
    const needed: string[] = []
    for (const name of new Set(names.map((n) => n.toLowerCase()))) {
      const pending = this.#pending.get(name)
      if (pending !== undefined) waits.push(pending)
      else if (this.knowledge(name) === 'unavailable') needed.push(name)
    }
    for (let i = 0; i < needed.length; i += lookupBatch) {
      const batch = needed.slice(i, i + lookupBatch)
      const done = this.#tail = this.#tail.then(async () => this.#ask(adapter, batch))
      for (const name of batch) this.#pending.set(name, done)
      waits.push(done)
    }
    return Promise.all(waits).then(() => {})
  }

  /** Reads MAME's whole list into the cache; runs once per MAME version. */
  async importAll (): Promise<void> {
    const adapter = this.#options.adapter
    const version = this.#version
    if (adapter === null || version === null || this.imported || this.#import.state === 'running') return
    const running = { state: 'running' as const, startedAt: this.#options.now().toISOString(), machines: 0 }
    this.#import = running
    let batch: MachineInfo[] = []
    const flush = (): void => {
      if (this.#stopped) throw new Error('the service is closing')
      this.#options.store.put(version, batch)
      running.machines += batch.length
      batch = []
    }
    try {
      const count = await adapter.everyMachine((machine) => {
        batch.push(machine)
        if (batch.length >= importBatch) flush()
      })
      flush()
      if (this.#stopped) return
      this.#options.store.markImported(version, count, this.#options.now())
      this.#import = { state: 'complete', machines: count, completedAt: this.#options.now().toISOString() }
      this.#options.logger.info(`MAME ${version}: ${count} machines imported`)
      this.#options.onImported(version, count)
    } catch (error) {
      if (this.#stopped) return
      this.#import = { state: 'failed', error: (error as Error).message, machines: running.machines }
      this.#options.logger.warn(`MAME ${version} full machine import failed: ${(error as Error).message}`)
    }
  }

  /** The service is closing: no more MAME calls, no more writes. */
  stop (): void {
    this.#stopped = true
  }

  /** Off by configuration: the status says so instead of "idle". */
  importSwitchedOff (): void {
    if (this.#import.state === 'idle') this.#import = { state: 'off' }
  }

  status () {
    return {
      available: this.#version !== null,
      executable: this.#options.adapter?.executable ?? null,
      version: this.#version,
      problem: this.#problem,
      import: { ...this.#import },
      lookups: this.#lookups
    }
  }

  async #ask (adapter: MameAdapter, names: readonly string[]): Promise<void> {
    const version = this.#version!
    try {
      if (this.#stopped) return
      this.#lookups++
      const found = await adapter.machines(names)
      if (this.#stopped) return
      this.#options.store.put(version, found)
      const foundNames = new Set(found.map((m) => m.name))
      for (const name of names) if (!foundNames.has(name)) this.#unknown.add(name)
    } catch (error) {
      if (!this.#stopped) this.#fail(`MAME did not answer for ${names.slice(0, 3).join(', ')}${names.length > 3 ? ' ...' : ''}: ${(error as Error).message}`)
    } finally {
      for (const name of names) this.#pending.delete(name)
    }
  }

  /** One log line per distinct problem. */
  #fail (problem: string): void {
    if (problem !== this.#problem) this.#options.logger.warn(problem)
    this.#problem = problem
  }
}
