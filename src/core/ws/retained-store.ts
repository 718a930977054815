import type { PublishedEvent } from '../event-bus.js'

/** The last event of every retained slot, kept in replay order. */
export class RetainedStore {
  readonly #slots = new Map<string, PublishedEvent>()
  readonly #replayOrder: readonly string[]

  constructor (replayOrder: readonly string[]) {
    this.#replayOrder = replayOrder
  }

  record (event: PublishedEvent): void {
    if (event.clearsSlot !== null) this.#slots.delete(event.clearsSlot)
    if (event.retainSlot !== null) this.#slots.set(event.retainSlot, event)
  }

  /** Retained events in replay order: catalog order, so the achievements catalog precedes the session. */
  inReplayOrder (): PublishedEvent[] {
    return this.#replayOrder.flatMap((slot) => {
      const event = this.#slots.get(slot)
      return event === undefined ? [] : [event]
    })
  }
}
