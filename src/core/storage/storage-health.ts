/**
 * A full disk is a state the service lives through, not a crash: writes that fail for want of
 * space answer 507 and change nothing, the status says the disk is full, and the service notices
 * by itself when space returns (a small probe write while it is full).
 */
import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { isStorageFullError } from './database.js'

export interface StorageState {
  readonly state: 'ok' | 'full'
  readonly fullSinceUtc: string | null
  /** The write that found the disk full, for the owner. */
  readonly problem: string | null
}

const probeBytes = 64 * 1024

export class StorageHealth {
  readonly #dataDir: string
  readonly #now: () => Date
  readonly #logger: FastifyBaseLogger
  readonly #probeIntervalMs: number
  #full: { since: Date, problem: string } | null = null
  #probe: NodeJS.Timeout | null = null
  readonly #recoveryListeners: Array<() => void> = []

  constructor (options: { dataDir: string, now: () => Date, logger: FastifyBaseLogger, probeIntervalMs?: number }) {
    this.#dataDir = options.dataDir
    this.#now = options.now
    this.#logger = options.logger
    this.#probeIntervalMs = options.probeIntervalMs ?? 2000
  }

  get state (): StorageState {
    return this.#full === null
      ? { state: 'ok', fullSinceUtc: null, problem: null }
      : { state: 'full', fullSinceUtc: this.#full.since.toISOString(), problem: this.#full.problem }
  }

  get isFull (): boolean {
    return this.#full !== null
  }

  /** Work to redo once space is back (the journal's held events). */
  onRecovered (listener: () => void): void {
    this.#recoveryListeners.push(listener)
  }

  /** Takes note of a failed write; true when it failed for want of space (the caller then keeps what it could not write). */
  noteFailure (error: unknown, what: string): boolean {
    if (!isStorageFullError(error)) return false
    if (this.#full === null) {
      this.#full = { since: this.#now(), problem: `${what}: ${(error as Error).message}` }
      this.#logger.error(`the disk of the data dir ${this.#dataDir} is full (${what}); writes are refused with 507 until space returns`)
      this.#probe = setInterval(() => { void this.#tryProbe() }, this.#probeIntervalMs)
      this.#probe.unref()
    }
    return true
  }

  /** A write went through: the disk has room. */
  noteWritten (): void {
    if (this.#full === null) return
    this.#full = null
    if (this.#probe !== null) clearInterval(this.#probe)
    this.#probe = null
    this.#logger.info(`the disk of the data dir ${this.#dataDir} has room again; writes go on`)
    for (const listener of this.#recoveryListeners) listener()
  }

  stop (): void {
    if (this.#probe !== null) clearInterval(this.#probe)
    this.#probe = null
  }

  async #tryProbe (): Promise<void> {
    const file = path.join(this.#dataDir, '.space-probe')
    try {
      await writeFile(file, Buffer.alloc(probeBytes), { flush: true })
    } catch {
      return
    } finally {
      await rm(file, { force: true })
    }
    this.noteWritten()
  }
}
