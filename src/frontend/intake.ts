/**
 * The doors into the one pipeline: HTTP (`POST /api/v1/ingest/es-event`), the incumbent's
 * events.ini, the spool folder, and the frontend's own event source where its family has one
 * (Recalbox's broker). Until the start phase has applied what was spooled while the
 * service was down, HTTP hooks are spooled too, so nothing overtakes an older hook.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { FrontendEventSource } from '../frontends/index.js'
import { EventsIniDoor } from './events-ini.js'
import { unusableReason, type HookSource } from './hook-event.js'
import { hookShellsIn } from './hook-shells.js'
import type { FrontendLink } from './service.js'
import { SpoolDoor } from './spool-door.js'
import { writeSpoolFile, type SpooledHook } from './spool.js'

export interface HookIntakeOptions {
  readonly link: FrontendLink
  readonly spoolDir: string
  readonly eventsIni: string | null
  /** How often the file doors look for a missing folder (and poll, where file events are polled for). */
  readonly pollMs: number
  /** How long a fresh spool file waits for hooks fired just before it (see SpoolDoor). */
  readonly reorderMs: number
  /** Where the frontend runs our hook scripts from: its shells still starting are waited for (see hook-shells.ts). */
  readonly hookScriptsFolder: string | null
  /** The family's own events, opened after the spooled hooks: they are newer. */
  readonly eventSource: FrontendEventSource | null
  readonly logger: FastifyBaseLogger
}

export type SubmitResult =
  | { readonly accepted: true, readonly sequence: number | null, readonly duplicate: boolean }
  | { readonly accepted: false, readonly reason: string }

export class HookIntake {
  readonly #options: HookIntakeOptions
  #open = false
  readonly #spool: SpoolDoor
  #eventsIni: EventsIniDoor | null = null
  /** Set when an HTTP hook is spooled while the doors open: the opening drains once more. */
  #spooledWhileOpening = false
  /** The spool writes of those hooks still under way: a drain waits for them, or it would miss their files. */
  readonly #spooling = new Set<Promise<unknown>>()

  constructor (options: HookIntakeOptions) {
    this.#options = options
    const onError = (error: Error): void => { options.logger.warn(`hook intake: ${error.message}`) }
    this.#spool = new SpoolDoor({
      spoolDir: options.spoolDir,
      pollMs: options.pollMs,
      reorderMs: options.reorderMs,
      runningHookShells: hookShellsIn(options.hookScriptsFolder),
      apply: (hook, firedAtMs) => this.#accept(hook, 'spool', firedAtMs),
      onRejected: (file, reason) => { options.logger.warn(`spooled hook ${file} is unusable (${reason}); kept as ${file}.rejected`) },
      onError
    })
  }

  get open (): boolean {
    return this.#open
  }

  /** The HTTP door. */
  async submit (hook: SpooledHook): Promise<SubmitResult> {
    const reason = unusableReason(hook.event, hook.args)
    if (reason !== null) return { accepted: false, reason }
    if (!this.#open) {
      this.#spooledWhileOpening = true
      const write = writeSpoolFile(this.#options.spoolDir, hook)
      const settled = write.catch(() => {})
      this.#spooling.add(settled)
      try {
        await write
      } finally {
        this.#spooling.delete(settled)
      }
      return { accepted: true, sequence: null, duplicate: false }
    }
    const result = this.#options.link.accept({ ...hook, source: 'http', firedAtMs: null })
    return { accepted: true, sequence: result.sequence, duplicate: !result.applied }
  }

  /**
   * Applies what was spooled (in order), then opens every door; resolves with how many spooled
   * hooks were applied. HTTP hooks arriving meanwhile are spooled behind them, and the doors open
   * only after a drain during which none arrived: the opening is decided in the same turn of the
   * loop as the end of that drain, so no HTTP hook can slip in between and overtake a spooled one.
   */
  async openDoors (): Promise<number> {
    await this.#spool.watch()
    do {
      this.#spooledWhileOpening = false
      await Promise.all(this.#spooling)
      await this.#spool.drain()
    } while (this.#spooledWhileOpening)
    this.#open = true
    this.#spool.holdRecentFiles()
    if (this.#options.eventsIni !== null) {
      this.#eventsIni = new EventsIniDoor({
        file: this.#options.eventsIni,
        pollMs: this.#options.pollMs,
        onHook: (hook) => this.#accept(hook, 'events.ini', null),
        onError: (error) => { this.#options.logger.warn(`events.ini door: ${error.message}`) }
      })
      await this.#eventsIni.start()
    }
    const source = this.#options.eventSource
    source?.open(({ event, args, action }) => {
      this.#options.link.accept({ event, args, action, hookId: null, source: source.name, firedAtMs: null })
    }, (problem) => { this.#options.logger.warn(`${source.name} events: ${problem}`) })
    return this.#spool.applied
  }

  /** The events.ini door's counts, null when it is not configured. */
  eventsIniStatus (): { hooks: number, overwrittenAtLeast: number | null } | null {
    return this.#eventsIni?.status() ?? null
  }

  async stop (): Promise<void> {
    await Promise.all([this.#spool.close(), this.#eventsIni?.stop(), this.#options.eventSource?.close()])
  }

  #accept (hook: { event: string, args: string[], hookId?: string | null }, source: HookSource, firedAtMs: number | null): void {
    this.#options.link.accept({ event: hook.event, args: hook.args, hookId: hook.hookId ?? null, source, firedAtMs })
  }
}
