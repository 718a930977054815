/**
 * A game source a test drives by hand: `start` hands it the sink, and the test reports through
 * `sink` exactly as a real source would. It records the read plans it is given.
 */
import type { GameSource, GameSourceSink, StatusSlot } from '../../src/game-events/game-source.js'
import type { ReadRange } from '../../src/game-events/watches/read-plan.js'

export class FakeGameSource implements GameSource {
  readonly plans: Array<readonly ReadRange[]> = []
  #sink: GameSourceSink | null = null
  #state: 'new' | 'started' | 'stopped' = 'new'

  /** `statusSlot` defaults to a slot of its own named after the source. */
  constructor (readonly id: string, readonly statusSlot: StatusSlot = { key: id, list: false }) {}

  /** The sink the service handed over; reporting before start is a test bug. */
  get sink (): GameSourceSink {
    if (this.#sink === null) throw new Error(`${this.id} was not started`)
    return this.#sink
  }

  async start (sink: GameSourceSink): Promise<void> {
    this.#sink = sink
    this.#state = 'started'
  }

  stop (): void {
    this.#state = 'stopped'
  }

  status (): { id: string, state: string, plannedRanges: number } {
    return { id: this.id, state: this.#state, plannedRanges: this.plans.at(-1)?.length ?? 0 }
  }

  setReadPlan (plan: readonly ReadRange[]): void {
    this.plans.push(plan)
  }
}
