/**
 * The spool folder as a door: the folder watch reports each hook file as it arrives and again once
 * it is completely written (see core/folder-watch/write-finish.ts); every report drains the folder in hook order.
 * A complete hook is applied on arrival. A file that is not a usable hook yet, and not reported
 * as written, may still be being written: the drain stops at it, so no later hook overtakes it,
 * and the report of its end drains again (then it is applied, or set aside if it still is not a
 * usable hook). Nothing polls: hook files are only ever added, which is what file events report.
 */
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { watchFolder, type FolderWatch } from '../core/folder-watch/folder-watch.js'
import type { HookShells } from './hook-shells.js'
import { drainSpool, esShellOf, isSpoolFileName, orderKeyOf, type SpooledHook, type SpoolHold } from './spool.js'

/**
 * How long a file that is not a usable hook must stay the same size before it counts as written
 * and is set aside: a writer that does not rename its file into place may pause that long.
 */
const settleMs = 2000
const checkMs = 100
/** How far ahead of this clock a hook's time may be and still count as a time. */
const futureToleranceMs = 1000

export interface SpoolDoorOptions {
  readonly spoolDir: string
  /** How often the folder is walked where the system gives no file events for it (see core/folder-watch). */
  readonly pollMs: number
  /** `firedAtMs`: the hook's own time (from its file name, else the file's modification time). */
  readonly apply: (hook: SpooledHook, firedAtMs: number) => void
  readonly onRejected: (file: string, reason: string) => void
  readonly onError: (error: Error) => void
  /**
   * A hook file younger than this waits before it is applied: ES starts the hooks of a burst all
   * at once, and one fired a moment earlier may land a moment later. Its own time puts it in order.
   */
  readonly reorderMs: number
  /** The ES shells running our hook script, started shortly before these (see hook-shells.ts); none when not given. */
  readonly runningHookShells?: HookShells
}

/** A shell whose hook was applied this long ago is not waited for, even if it is still winding down. */
const appliedShellMemoryMs = 10_000

export class SpoolDoor {
  readonly #options: SpoolDoorOptions
  /** Names of files known to be completely written and not yet drained. */
  readonly #finished = new Set<string>()
  #watch: FolderWatch | null = null
  /** The drain in progress or last finished; the next one starts after it. */
  #tail: Promise<unknown> = Promise.resolve()
  /** A drain asked for and not started yet: later asks join it. */
  #queued: Promise<void> | null = null
  #applied = 0
  #closed = false
  #heldTimer: NodeJS.Timeout | null = null
  /** Off while the service starts: then every spooled hook is applied, in order, before ready. */
  #holdRecent = false
  /** ES shell pid → when its hook was applied: its shell may outlive the hook by a moment. */
  readonly #appliedShells = new Map<number, number>()

  constructor (options: SpoolDoorOptions) {
    this.#options = options
  }

  /** How many hooks came through this door. */
  get applied (): number {
    return this.#applied
  }

  /** Watches the folder (created if missing); the files already there count as written and are drained. */
  async watch (): Promise<void> {
    await mkdir(this.#options.spoolDir, { recursive: true })
    this.#watch = watchFolder({
      folder: this.#options.spoolDir,
      accepts: (file) => isSpoolFileName(path.basename(file)),
      quiet: { writeFinish: { stillMs: settleMs, checkMs } },
      pollMs: this.#options.pollMs,
      reportExisting: true,
      onHeard: () => { this.drain().catch(this.#options.onError) },
      onChanged: (files) => {
        for (const file of files) this.#finished.add(path.basename(file))
        this.drain().catch(this.#options.onError)
      },
      onGone: (files) => { for (const file of files) this.#finished.delete(path.basename(file)) },
      onError: this.#options.onError
    })
    await this.#watch.ready
  }

  /** From now on, recent files wait their reorder interval (see `reorderMs`). */
  holdRecentFiles (): void {
    this.#holdRecent = true
  }

  /** Drains once every drain asked for before has finished; asks made meanwhile share one drain. */
  drain (): Promise<void> {
    if (this.#queued !== null) return this.#queued
    const next = this.#tail.then(async () => {
      this.#queued = null
      await this.#drainOnce()
    })
    this.#queued = next
    this.#tail = next.catch(() => undefined)
    return next
  }

  /** Stops watching; resolves once a drain in progress has finished, and no drain starts after. */
  async close (): Promise<void> {
    this.#closed = true
    if (this.#heldTimer !== null) clearTimeout(this.#heldTimer)
    await this.#watch?.close()
    this.#watch = null
    await this.#tail
  }

  #hold (now: number): SpoolHold {
    const running = this.#options.runningHookShells
    return {
      after: orderKeyOf(now - this.#options.reorderMs),
      until: orderKeyOf(now + futureToleranceMs),
      ...(running === undefined ? {} : { startedNotSpooled: async (before: readonly number[]) => (await running(before)).filter((shell) => !this.#appliedShells.has(shell)) })
    }
  }

  async #drainOnce (): Promise<void> {
    if (this.#closed) return
    const now = Date.now()
    const consumed = (file: string): void => {
      const name = path.basename(file)
      this.#finished.delete(name)
      const shell = esShellOf(name)
      if (shell !== null) this.#appliedShells.set(shell, now)
    }
    for (const [shell, at] of this.#appliedShells) if (now - at > appliedShellMemoryMs) this.#appliedShells.delete(shell)
    const { heldFrom } = await drainSpool(this.#options.spoolDir, (hook, file, firedAtMs) => {
      consumed(file)
      this.#applied++
      this.#options.apply(hook, firedAtMs)
    }, (file, reason) => {
      consumed(file)
      this.#options.onRejected(file, reason)
    }, (name) => this.#finished.has(name), this.#holdRecent ? this.#hold(now) : null)
    if (heldFrom !== null && this.#heldTimer === null && !this.#closed) {
      const dueInMs = Number(heldFrom) / 1000 + this.#options.reorderMs - now
      this.#heldTimer = setTimeout(() => {
        this.#heldTimer = null
        this.drain().catch(this.#options.onError)
      }, Math.max(10, Math.min(this.#options.reorderMs, dueInMs)))
    }
  }
}
