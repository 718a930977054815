/**
 * Start phases of the modules. `/api/v1/startup/ready` answers 503 until every registered phase has
 * run, then 200 (the frontend start hook waits on the literal text `"ready":true`).
 */
type StepState = 'pending' | 'running' | 'done' | 'failed'

export interface StartupStep {
  readonly name: string
  state: StepState
  startedAtUtc: string | null
  finishedAtUtc: string | null
  error: string | null
}

interface RegisteredStep {
  readonly step: StartupStep
  readonly run: () => Promise<void>
}

export class Startup {
  readonly #steps: RegisteredStep[] = []
  readonly #now: () => Date
  #readyAt: Date | null = null

  constructor (now: () => Date) {
    this.#now = now
  }

  /** Registers a start phase; phases run one after the other, in registration order. */
  register (name: string, run: () => Promise<void>): void {
    this.#steps.push({ step: { name, state: 'pending', startedAtUtc: null, finishedAtUtc: null, error: null }, run })
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
        await run()
        step.state = 'done'
      } catch (error) {
        step.state = 'failed'
        step.error = error instanceof Error ? error.message : String(error)
        onFailure(step.name, error)
      }
      step.finishedAtUtc = this.#now().toISOString()
    }
    this.#readyAt = this.#now()
    return this.#readyAt
  }
}
