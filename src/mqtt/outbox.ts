/**
 * What waits while the broker is unreachable, in publish order and within a bound. A newer
 * snapshot replaces a queued one of the same coalesce key; when the bound is reached the oldest
 * message goes and is counted, never silently.
 */

export interface OutgoingMessage {
  readonly topic: string
  readonly payload: string
  readonly retain: boolean
  /** Snapshots only: a newer message with the same key makes this one pointless. */
  readonly coalesceKey: string | null
}

export interface OutboxCounts {
  readonly queued: number
  /** Messages lost to the bound. */
  readonly dropped: number
  /** Queued snapshots replaced by a newer one of the same key (nothing a consumer misses). */
  readonly coalesced: number
}

export class Outbox {
  #messages: OutgoingMessage[] = []
  #dropped = 0
  #coalesced = 0

  constructor (readonly limit: number) {}

  push (message: OutgoingMessage): void {
    if (message.coalesceKey !== null) {
      const before = this.#messages.length
      this.#messages = this.#messages.filter((queued) => queued.coalesceKey !== message.coalesceKey || queued.topic !== message.topic)
      this.#coalesced += before - this.#messages.length
    }
    this.#messages.push(message)
    if (this.#messages.length > this.limit) {
      this.#messages.shift()
      this.#dropped++
    }
  }

  /** Whether the latest queued message of the topic is there (it will go out after everything older). */
  holds (topic: string): boolean {
    return this.#messages.some((message) => message.topic === topic)
  }

  /** Everything queued, oldest first, and an empty box. */
  take (): OutgoingMessage[] {
    const messages = this.#messages
    this.#messages = []
    return messages
  }

  counts (): OutboxCounts {
    return { queued: this.#messages.length, dropped: this.#dropped, coalesced: this.#coalesced }
  }
}
