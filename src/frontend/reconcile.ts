/**
 * Hooks can be missed: ES runs them through `sh -c`, and a rom name with a shell character and no
 * space breaks the command, so no hook runs at all. The web API still knows whether a game runs.
 * The reconciler asks it at a low rate while the frontend is up, and soon after a hint that a start
 * or an end is due (ES writes its settings at each launch and at quit); the link then publishes
 * what no hook said.
 */
import type { FrontendGame, FrontendWebApi } from '../frontends/index.js'

export interface ReconcilerOptions {
  readonly es: Pick<FrontendWebApi, 'runningGame'>
  /** The low-rate check while the frontend is up. */
  readonly intervalMs: number
  /** How long after a hint to look: the hook that would have said it has had time to arrive. */
  readonly hintDelayMs: number
  /** Whether the frontend is up and its web API answers: no checks otherwise. */
  readonly frontendUp: () => boolean
  /** `wait`: too early to tell (a game that just started); asked again after the hint delay. */
  readonly apply: (running: FrontendGame | null) => 'agreed' | 'applied' | 'wait'
  readonly onError: (message: string) => void
}

export class Reconciler {
  readonly #options: ReconcilerOptions
  #interval: NodeJS.Timeout | null = null
  #hint: NodeJS.Timeout | null = null
  #checking = false
  #retry = false
  #stopped = false
  #checks = 0
  #lastError: string | null = null

  constructor (options: ReconcilerOptions) {
    this.#options = options
  }

  start (): void {
    this.#interval = setInterval(() => { void this.check() }, this.#options.intervalMs)
    this.#interval.unref()
  }

  /** Checks once the hint delay has passed; hints meanwhile share that check. */
  soon (): void {
    if (this.#hint !== null || this.#stopped) return
    this.#hint = setTimeout(() => {
      this.#hint = null
      void this.check()
    }, this.#options.hintDelayMs)
    this.#hint.unref()
  }

  async check (): Promise<void> {
    if (this.#checking || this.#stopped || !this.#options.frontendUp()) return
    this.#checking = true
    try {
      const running = await this.#options.es.runningGame()
      this.#checks++
      this.#lastError = null
      if (!this.#stopped && this.#options.apply(running) === 'wait') this.#retry = true
    } catch (error) {
      const message = `asking the frontend what runs: ${(error as Error).message}`
      // One line per kind of failure, not one per check.
      if (message !== this.#lastError) this.#options.onError(message)
      this.#lastError = message
    } finally {
      this.#checking = false
    }
    if (this.#retry) {
      this.#retry = false
      this.soon()
    }
  }

  status () {
    return { checks: this.#checks, lastError: this.#lastError }
  }

  stop (): void {
    this.#stopped = true
    if (this.#interval !== null) clearInterval(this.#interval)
    if (this.#hint !== null) clearTimeout(this.#hint)
  }
}
