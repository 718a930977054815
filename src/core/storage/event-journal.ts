/**
 * A bounded journal of recent events for diagnostics. Writes are batched `flushDelayMs` after the
 * first event waiting, at most `maxRowsPerCommit` rows a transaction, so a burst of events or a
 * player scrolling through games costs a few commits (a commit a turn was a tenth of the service's
 * CPU at a selection every few milliseconds, and grew the WAL that SQLite then checkpoints on the
 * loop); reads flush first so they never miss one, and the service flushes as it stops. On a full
 * disk the events are held (up to the journal's size) and written once space returns.
 */
import type { HubDatabase } from './database.js'
import type { StorageHealth } from './storage-health.js'
import type { Envelope } from '../envelope.js'
import type { PublishedEvent } from '../event-bus.js'

const flushDelayMs = 250
/** Rows a timed write commits at once, the rest in the turns after: a venue relays thousands of events a second, and one commit of all of them held its loop for tens of ms. */
const maxRowsPerCommit = 200

interface Row {
  readonly type: string
  readonly ts: string
  readonly envelope: string
}

export class EventJournal {
  readonly #db: HubDatabase
  readonly #maxEvents: number
  readonly #storage: StorageHealth
  #pending: Row[] = []
  #flushScheduled = false
  readonly #insert
  readonly #prune

  constructor (db: HubDatabase, maxEvents: number, storage: StorageHealth) {
    this.#db = db
    this.#maxEvents = maxEvents
    this.#storage = storage
    storage.onRecovered(() => { this.flush() })
    this.#insert = db.prepare('INSERT INTO event_journal (type, ts, envelope) VALUES (?, ?, ?)')
    this.#prune = db.prepare('DELETE FROM event_journal WHERE id <= (SELECT MAX(id) FROM event_journal) - ?')
  }

  /** Bus listener. */
  readonly record = (event: PublishedEvent): void => {
    if (!event.journaled) return
    this.#pending.push({ type: event.envelope.Type, ts: event.envelope.Ts, envelope: event.json })
    // Held while the disk is full: the oldest go first, as the journal would prune them anyway.
    if (this.#pending.length > this.#maxEvents) this.#pending.splice(0, this.#pending.length - this.#maxEvents)
    if (!this.#flushScheduled && !this.#storage.isFull) {
      this.#flushScheduled = true
      setTimeout(this.#writeSome, flushDelayMs).unref()
    }
  }

  readonly #writeSome = (): void => {
    this.#flushScheduled = false
    // Nothing written (the database closed, the disk full): the rest waits for the next event, a reader or the disk back.
    if (this.#write(maxRowsPerCommit) > 0 && this.#pending.length > 0 && !this.#flushScheduled) {
      this.#flushScheduled = true
      setImmediate(this.#writeSome)
    }
  }

  /** Writes every event held (a reader, the service stopping, the disk back); the next event schedules a write anew. */
  flush (): void {
    this.#flushScheduled = false
    this.#write(this.#pending.length)
  }

  /** Rows written. */
  #write (count: number): number {
    if (this.#pending.length === 0 || !this.#db.open) return 0
    const rows = this.#pending.slice(0, count)
    try {
      this.#db.transaction(() => {
        for (const row of rows) this.#insert.run(row.type, row.ts, row.envelope)
        this.#prune.run(this.#maxEvents)
      })()
    } catch (error) {
      if (this.#storage.noteFailure(error, 'writing the event journal')) return 0
      throw error
    }
    this.#pending = this.#pending.slice(rows.length)
    this.#storage.noteWritten()
    return rows.length
  }

  /** Newest first; `prefix` filters by event type prefix. */
  recent (limit: number, prefix: string | null): Envelope[] {
    this.flush()
    const rows = prefix === null
      ? this.#db.prepare('SELECT envelope FROM event_journal ORDER BY id DESC LIMIT ?').all(limit)
      : this.#db.prepare('SELECT envelope FROM event_journal WHERE substr(type, 1, ?) = ? ORDER BY id DESC LIMIT ?').all(prefix.length, prefix, limit)
    return (rows as Array<{ envelope: string }>).map((r) => JSON.parse(r.envelope) as Envelope)
  }

  count (): number {
    this.flush()
    return (this.#db.prepare('SELECT COUNT(*) AS n FROM event_journal').get() as { n: number }).n
  }
}
