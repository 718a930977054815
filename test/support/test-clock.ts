/**
 * The clock a test hub reads (the service's `now` port): the machine's time, moved forward by what
 * the test advances, so a test reaches a time window without sleeping through it.
 */
export class TestClock {
  #offsetMs = 0

  /** The service's `now`; bound, so it can be handed over as is. */
  readonly now = (): Date => new Date(Date.now() + this.#offsetMs)

  advance (ms: number): void {
    this.#offsetMs += ms
  }
}
