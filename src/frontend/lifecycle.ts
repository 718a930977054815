/**
 * Frontend lifecycle: `ui.frontend.started` / `ui.frontend.stopped` from the reachability of the
 * ES web API (published on changes only) and from the start and quit hooks, and the retained
 * `ui.frontend.state` (whether it runs, since when, whether its web API answers) once the first
 * probe has answered and at every change, so a client that connects late knows at once.
 */
import type { FrontendWebApi } from '../frontends/index.js'

export type LifecycleReason = 'web-api-reachable' | 'web-api-unreachable' | 'start-hook' | 'quit-hook'

/** What the retained state says. */
interface LifecycleState {
  readonly running: boolean
  /** When it was last seen to start or stop, or when the service first looked (it was already so). */
  readonly since: Date
  readonly webApiReachable: boolean
  readonly reason: LifecycleReason
}

export interface FrontendLifecycleOptions {
  readonly es: FrontendWebApi
  readonly probeIntervalMs: number
  readonly now: () => Date
  readonly publish: (running: boolean, reason: LifecycleReason) => void
  readonly publishState: (state: LifecycleState) => void
  /** Called each time the web API answers after it did not (the catalog re-reads ES systems). */
  readonly onReachable: () => void
}

export class FrontendLifecycle {
  readonly #options: FrontendLifecycleOptions
  /** null until the first probe answers: no event is published for "still unknown -> down". */
  #reachable: boolean | null = null
  #running: boolean | null = null
  #since: Date | null = null
  #timer: NodeJS.Timeout | null = null
  #probing = false
  #stopped = false

  constructor (options: FrontendLifecycleOptions) {
    this.#options = options
  }

  get webApiReachable (): boolean | null {
    return this.#reachable
  }

  get running (): boolean | null {
    return this.#running
  }

  /** Resolves once the first probe has answered (the state is then published), so the frontend's state goes out before any replayed hook. */
  async start (): Promise<void> {
    await this.probe()
    this.#timer = setInterval(() => { void this.probe() }, this.#options.probeIntervalMs)
    this.#timer.unref()
  }

  stop (): void {
    this.#stopped = true
    if (this.#timer !== null) clearInterval(this.#timer)
    this.#timer = null
  }

  async probe (): Promise<void> {
    if (this.#probing) return
    this.#probing = true
    try {
      const reachable = await this.#options.es.reachable()
      if (this.#stopped) return
      const before = this.#reachable
      this.#reachable = reachable
      if (reachable && before !== true) {
        this.#options.onReachable()
        // Running already (its start hook said so): the state still changes, its web API answers now.
        if (!this.#set(true, 'web-api-reachable')) this.#publishState('web-api-reachable')
      } else if (!reachable && before === true) {
        if (!this.#set(false, 'web-api-unreachable')) this.#publishState('web-api-unreachable')
      } else if (!reachable && before === null && this.#running === null) {
        // Down from the first look: no ui.frontend.stopped (nothing stopped), but the state is known.
        this.#running = false
        this.#since = this.#options.now()
        this.#publishState('web-api-unreachable')
      }
    } finally {
      this.#probing = false
    }
  }

  /**
   * The start hook runs when ES boots; quit when it exits. Each is news only when the probe has not
   * told it already: ES answers its web API and runs its start hook at the same moment.
   */
  hook (event: 'start' | 'quit'): void {
    this.#set(event === 'start', event === 'start' ? 'start-hook' : 'quit-hook')
  }

  /** Returns whether it changed (and was published). */
  #set (running: boolean, reason: LifecycleReason): boolean {
    if (this.#running === running) return false
    this.#running = running
    this.#since = this.#options.now()
    this.#options.publish(running, reason)
    this.#publishState(reason)
    return true
  }

  #publishState (reason: LifecycleReason): void {
    if (this.#running === null || this.#since === null) return
    this.#options.publishState({ running: this.#running, since: this.#since, webApiReachable: this.#reachable === true, reason })
  }
}
