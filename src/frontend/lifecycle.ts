/**
 * Frontend lifecycle: `ui.frontend.started` / `ui.frontend.stopped` from what the family shows of
 * itself (its web API answering, or its process: presence.ts; published on changes only) and from
 * the start and quit hooks, and the retained `ui.frontend.state` (whether it runs, since when,
 * whether its web API answers) once the first look has answered and at every change, so a client
 * that connects late knows at once.
 */
import type { LifecycleReason, PresenceProbe } from './presence.js'

/** What the retained state says. */
interface LifecycleState {
  readonly running: boolean
  /** When it was last seen to start or stop, or when the service first looked (it was already so). */
  readonly since: Date
  /** null for a family without a web API. */
  readonly webApiReachable: boolean | null
  readonly reason: LifecycleReason
}

export interface FrontendLifecycleOptions {
  readonly probe: PresenceProbe
  readonly probeIntervalMs: number
  readonly now: () => Date
  readonly publish: (running: boolean, reason: LifecycleReason) => void
  readonly publishState: (state: LifecycleState) => void
  /** Called each time the frontend shows itself after it did not (the catalog re-reads ES systems). */
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

  /** null until the first look, and always for a family without a web API. */
  get webApiReachable (): boolean | null {
    return this.#options.probe.webApiUrl === null ? null : this.#reachable
  }

  get running (): boolean | null {
    return this.#running
  }

  /** Resolves once the first probe has answered (the state is then published), so the frontend's state goes out before any replayed hook. */
  async start (): Promise<void> {
    await this.probe()
    if (!this.#options.probe.repeats) return
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
      const { look, seen, unseen } = this.#options.probe
      const reachable = await look()
      if (this.#stopped) return
      const before = this.#reachable
      this.#reachable = reachable
      if (reachable && before !== true) {
        this.#options.onReachable()
        // Running already (its start hook said so): the state still changes, its web API answers now.
        if (!this.#set(true, seen)) this.#publishState(seen)
      } else if (!reachable && before === true) {
        if (!this.#set(false, unseen)) this.#publishState(unseen)
      } else if (!reachable && before === null && this.#running === null) {
        // Down from the first look: no ui.frontend.stopped (nothing stopped), but the state is known.
        this.#running = false
        this.#since = this.#options.now()
        this.#publishState(unseen)
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
    this.#options.publishState({ running: this.#running, since: this.#since, webApiReachable: this.#options.probe.webApiUrl === null ? null : this.#reachable === true, reason })
  }
}
