/**
 * Start phases of the modules. `/api/v1/startup/ready` answers 503 until every registered phase has
 * run, then 200 (the frontend start hook waits on the literal text `"ready":true`). A phase that
 * ran but could not do all of its job (a frontend folder that is not there) ends `degraded`, with
 * the reason, and the service still becomes ready.
 */
type StepState = 'pending' | 'running' | 'done' | 'degraded' | 'failed'

/** What a phase may return: why it is degraded, when it is. */
export interface PhaseOutcome {
  readonly degraded: string
}

export interface StartupStep {
  readonly name: string
  state: StepState
  startedAtUtc: string | null
  finishedAtUtc: string | null
  /** Why the phase failed, or why it is degraded. */
  error: string | null
}

interface RegisteredStep {
  readonly step: StartupStep
  readonly run: () => Promise<PhaseOutcome | undefined | void>
}

export class Startup {
  readonly #steps: RegisteredStep[] = []
  readonly #now: () => Date
  readonly #afterReady: Array<() => void> = []
  #readyAt: Date | null = null

  constructor (now: () => Date) {
    this.#now = now
  }

  /** Registers a start phase; phases run one after the other, in registration order. */
  register (name: string, run: () => Promise<PhaseOutcome | undefined | void>): void {
    this.#steps.push({ step: { name, state: 'pending', startedAtUtc: null, finishedAtUtc: null, error: null }, run })
  }

  /** Work that follows once every phase has run, so that it does not hold the start up. */
  afterReady (run: () => void): void {
    this.#afterReady.push(run)
  }

  get readyAt (): Date | null {
    return this.#readyAt
  }

  steps (): StartupStep[] {
    return this.#steps.map((s) => ({ ...s.step }))
  }

  /** Runs every phase; a failing phase is recorded and logged, and the others still run. */
  async run (onFailure: (name: string, error: unknown) => void): Promise<Date> {
    for (const { step, run } of this.#steps) {
      step.state = 'running'
      step.startedAtUtc = this.#now().toISOString()
      try {
        const outcome = await run()
        step.state = outcome?.degraded === undefined ? 'done' : 'degraded'
        step.error = outcome?.degraded ?? null
      } catch (error) {
        step.state = 'failed'
        step.error = error instanceof Error ? error.message : String(error)
        onFailure(step.name, error)
      }
      step.finishedAtUtc = this.#now().toISOString()
    }
    this.#readyAt = this.#now()
    for (const run of this.#afterReady) run()
    return this.#readyAt
  }
}
