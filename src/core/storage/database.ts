/**
 * The SQLite database in the data dir, in WAL mode, on Node's built-in `node:sqlite` (nothing to
 * compile on install). Its tables are created by the migrations the core and the modules declare
 * (`migrations.ts`), run when the service is built.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync, type SQLInputValue, type StatementResultingChanges, type StatementSync } from 'node:sqlite'

export const databaseFileName = 'cabinet-hub.db'

/** How long a statement waits for a lock another connection holds (a `venue` command beside the service). */
const busyTimeoutMs = 5000

/**
 * A prepared statement, typed by its parameters and its rows. At run time it is node:sqlite's own
 * statement: rows come back as objects (with no prototype), or as arrays (`rowsAsArrays`).
 */
export interface HubStatement<Params extends readonly SQLInputValue[] = SQLInputValue[], Row = unknown> {
  run (...params: Params): StatementResultingChanges
  get (...params: Params): Row | undefined
  all (...params: Params): Row[]
}

/** Statements kept for reuse: the stores prepare by SQL text where they use it, some on every selection. */
const maxCachedStatements = 512

export class HubDatabase {
  readonly #db: DatabaseSync
  readonly #statements = new Map<string, StatementSync>()
  /** The file, or `:memory:`. */
  readonly name: string
  #savepoints = 0

  constructor (file: string) {
    this.name = file
    this.#db = new DatabaseSync(file, { timeout: busyTimeoutMs })
  }

  get open (): boolean {
    return this.#db.isOpen
  }

  /**
   * `rowsAsArrays`: rows as arrays of the columns in order, which saves building an object per row.
   * The same SQL gets the same statement again: compiling it costs more than running most of them.
   */
  prepare<Params extends readonly SQLInputValue[] = SQLInputValue[], Row = unknown> (sql: string, { rowsAsArrays = false } = {}): HubStatement<Params, Row> {
    const key = `${rowsAsArrays ? 'arrays' : 'objects'} ${sql}`
    let statement = this.#statements.get(key)
    if (statement === undefined) {
      // SQL built from data (a list of n placeholders) could fill it without end.
      if (this.#statements.size >= maxCachedStatements) this.#statements.clear()
      statement = this.#db.prepare(sql)
      statement.setReturnArrays(rowsAsArrays)
      this.#statements.set(key, statement)
    }
    return statement as unknown as HubStatement<Params, Row>
  }

  exec (sql: string): void {
    this.#db.exec(sql)
  }

  /** Runs `PRAGMA <source>`; `simple` gives the first column of the first row (`user_version`). */
  pragma (source: string, options: { simple: true }): unknown
  pragma (source: string): unknown[]
  pragma (source: string, options?: { simple: true }): unknown {
    if (options?.simple !== true) return this.prepare(`PRAGMA ${source}`).all()
    return this.prepare<[], unknown[]>(`PRAGMA ${source}`, { rowsAsArrays: true }).get()?.[0]
  }

  /**
   * Wraps `fn` so that each call runs in one transaction: committed when it returns, rolled back
   * when it throws. Called inside another transaction it is a savepoint of that one.
   */
  transaction<Args extends unknown[], Result> (fn: (...args: Args) => Result): (...args: Args) => Result {
    return (...args) => {
      const nested = this.#db.isTransaction
      const savepoint = `hub_${++this.#savepoints}`
      this.#db.exec(nested ? `SAVEPOINT ${savepoint}` : 'BEGIN')
      try {
        const result = fn(...args)
        this.#db.exec(nested ? `RELEASE ${savepoint}` : 'COMMIT')
        return result
      } catch (error) {
        // SQLite has already rolled back by itself after some errors (a full disk among them).
        if (this.#db.isTransaction) this.#db.exec(nested ? `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}` : 'ROLLBACK')
        throw error
      } finally {
        this.#savepoints--
      }
    }
  }

  close (): void {
    this.#db.close()
  }
}

/** Opens (creating if needed) the database; `:memory:` for document generation. */
export function openDatabase (dataDir: string | ':memory:'): HubDatabase {
  let file: string = ':memory:'
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true })
    file = path.join(dataDir, databaseFileName)
  }
  const db = new HubDatabase(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  return db
}

export function closeDatabase (db: HubDatabase): void {
  if (!db.open) return
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
}

/** SQLite's primary result code for "database or disk is full"; node:sqlite's `errcode` may be an extended code built on it. */
const sqliteFull = 13

/** True when a write failed because the disk (or the database's size limit) is full: ENOSPC or EDQUOT (a quota) from the file system, SQLITE_FULL from the database. */
export function isStorageFullError (error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, errcode } = error as { code?: unknown, errcode?: unknown }
  if (code === 'ENOSPC' || code === 'EDQUOT') return true
  return code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' && (errcode & 0xff) === sqliteFull
}
