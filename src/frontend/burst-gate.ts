/**
 * Latest-wins gate for selection events. The first selection after a quiet interval is published
 * at once; during a burst at most one is published per interval, always the latest, and the last
 * one of a burst is always published. Anything else the frontend does flushes the parked one
 * first, so order is kept.
 */
export class SelectionBurstGate {
  #lastPublishAt = Number.NEGATIVE_INFINITY
  #parked: (() => void) | null = null
  #timer: NodeJS.Timeout | null = null

  constructor (readonly intervalMs: number, readonly now: () => number = () => performance.now()) {}

  offer (publish: () => void): void {
    const elapsed = this.now() - this.#lastPublishAt
    if (this.#parked === null && elapsed >= this.intervalMs) {
      this.#run(publish)
      return
    }
    this.#parked = publish
    this.#timer ??= setTimeout(() => this.flush(), Math.max(0, this.intervalMs - elapsed))
  }

  /** Publishes the parked selection now, if any. */
  flush (): void {
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
    const parked = this.#parked
    this.#parked = null
    if (parked !== null) this.#run(parked)
  }

  /** Drops the parked selection: at shutdown the sockets are gone, and the context already holds it. */
  stop (): void {
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
    this.#parked = null
  }

  #run (publish: () => void): void {
    this.#lastPublishAt = this.now()
    publish()
  }
}
