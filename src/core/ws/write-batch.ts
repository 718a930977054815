import type { Duplex } from 'node:stream'

/**
 * Holds every client connection written to during one turn of the event loop corked, and uncorks
 * them together once the turn's I/O callbacks have run (setImmediate). Events published by the
 * requests of one turn then leave each client's socket in one system call, and one callback per
 * turn replaces one per client and event.
 */
export class WriteBatch {
  readonly #corked = new Set<Duplex>()
  #scheduled = false

  /** Corks the connection until the end of this turn, if it is not already. */
  hold (connection: Duplex): void {
    if (this.#corked.has(connection)) return
    connection.cork()
    this.#corked.add(connection)
    if (!this.#scheduled) {
      this.#scheduled = true
      setImmediate(this.#flush)
    }
  }

  /** Sends what a connection holds now (its batch grew large, or a new client's replay), keeping it corked for the rest of the turn. */
  flushNow (connection: Duplex): void {
    if (!this.#corked.has(connection)) return
    connection.uncork()
    connection.cork()
  }

  /**
   * Sends what every connection holds now, keeping each corked for the rest of the turn: an event
   * that must leave at once takes what was published before it along, to every client, so no
   * client gets it before another gets what came first.
   */
  flushAll (): void {
    for (const connection of this.#corked) {
      connection.uncork()
      connection.cork()
    }
  }

  readonly #flush = (): void => {
    this.#scheduled = false
    const corked = [...this.#corked]
    this.#corked.clear()
    for (const connection of corked) connection.uncork()
  }
}
