/**
 * The three doors into the one pipeline: HTTP (`POST /api/v1/ingest/es-event`), the incumbent's
 * events.ini, and the spool folder. Until the start phase has applied what was spooled while the
 * service was down, HTTP hooks are spooled too, so nothing overtakes an older hook.
 */
import type { FastifyBaseLogger } from 'fastify'
import { watchFolder, type FolderWatch } from '../core/folder-watch.js'
import { EventsIniDoor } from './events-ini.js'
import { unusableReason, type HookSource } from './hook-event.js'
import type { FrontendLink } from './service.js'
import { drainSpool, writeSpoolFile, type SpooledHook } from './spool.js'

export interface HookIntakeOptions {
  readonly link: FrontendLink
  readonly spoolDir: string
  readonly eventsIni: string | null
  readonly pollMs: number
  readonly logger: FastifyBaseLogger
}

export type SubmitResult =
  | { readonly accepted: true, readonly sequence: number | null, readonly duplicate: boolean }
  | { readonly accepted: false, readonly reason: string }

export class HookIntake {
  readonly #options: HookIntakeOptions
  #open = false
  #spoolWatch: FolderWatch | null = null
  #eventsIni: EventsIniDoor | null = null

  constructor (options: HookIntakeOptions) {
    this.#options = options
  }

  get open (): boolean {
    return this.#open
  }

  /** The HTTP door. */
  submit (hook: SpooledHook): SubmitResult {
    const reason = unusableReason(hook.event, hook.args)
    if (reason !== null) return { accepted: false, reason }
    if (!this.#open) {
      writeSpoolFile(this.#options.spoolDir, hook)
      return { accepted: true, sequence: null, duplicate: false }
    }
    const result = this.#options.link.accept({ ...hook, source: 'http' })
    return { accepted: true, sequence: result.sequence, duplicate: !result.applied }
  }

  /** Applies what was spooled (in order), then opens every door. */
  openDoors (): number {
    const applied = this.#drain()
    this.#open = true
    this.#spoolWatch = watchFolder(this.#options.spoolDir, this.#options.pollMs, () => this.#drain())
    if (this.#options.eventsIni !== null) {
      this.#eventsIni = new EventsIniDoor({ file: this.#options.eventsIni, pollMs: this.#options.pollMs, onHook: (hook) => this.#accept(hook, 'events.ini') })
      this.#eventsIni.start()
    }
    return applied
  }

  stop (): void {
    this.#spoolWatch?.stop()
    this.#eventsIni?.stop()
  }

  #accept (hook: { event: string, args: string[], hookId?: string | null }, source: HookSource): void {
    this.#options.link.accept({ event: hook.event, args: hook.args, hookId: hook.hookId ?? null, source })
  }

  #drain (): number {
    return drainSpool(this.#options.spoolDir, (hook) => this.#accept(hook, 'spool'), (file, reason) => {
      this.#options.logger.warn(`spooled hook ${file} is unusable (${reason}); kept as ${file}.rejected`)
    }).applied
  }
}
