/**
 * Every game's hiscore table in SQLite, so tables outlive restarts: decoded MAME tables as last
 * decoded, captured tables as they grew. Games are keyed by (system, rom) as the frontend names them.
 */
import type { HubDatabase } from '../../core/storage/database.js'

export interface TableEntry {
  readonly rank: number
  readonly name: string
  /** As the game shows it. */
  readonly score: string
  readonly value: number | null
}

/** A single value the definition shows beside its tables (`TOP SCORE` ...). */
export interface TableField {
  readonly id: string
  readonly value: string
}

export type SourceType = 'hi' | 'nvram' | 'captured'

export interface StoredTable {
  readonly system: string
  readonly rom: string
  readonly game: string
  readonly status: 'ok' | 'error'
  readonly message: string | null
  readonly sourceType: SourceType
  readonly sourceFile: string | null
  readonly updatedAt: string
  readonly entries: readonly TableEntry[]
  readonly fields: readonly TableField[]
}

interface TableRow {
  system: string
  rom: string
  game: string
  status: 'ok' | 'error'
  message: string | null
  source_type: SourceType
  source_file: string | null
  updated_at: string
  fields: string
}

export class TableStore {
  readonly #db: HubDatabase

  constructor (db: HubDatabase) {
    this.#db = db
  }

  get (system: string, rom: string): StoredTable | null {
    const row = this.#db.prepare('SELECT * FROM hiscore_tables WHERE system = ? AND rom = ?').get(system, rom) as TableRow | undefined
    if (row === undefined) return null
    const entries = this.#db.prepare('SELECT rank, name, score, value FROM hiscore_entries WHERE system = ? AND rom = ? ORDER BY rank').all(system, rom) as TableEntry[]
    return { system: row.system, rom: row.rom, game: row.game, status: row.status, message: row.message, sourceType: row.source_type, sourceFile: row.source_file, updatedAt: row.updated_at, entries, fields: JSON.parse(row.fields) as TableField[] }
  }

  /** Every name on every table, once per game. */
  names (): Array<{ system: string, rom: string, name: string }> {
    return this.#db.prepare('SELECT DISTINCT system, rom, name FROM hiscore_entries ORDER BY system, rom').all() as Array<{ system: string, rom: string, name: string }>
  }

  /** Replaces a game's table in one transaction: a reader never sees half of it. */
  put (table: StoredTable): void {
    this.#db.transaction(() => {
      this.#db.prepare(`INSERT INTO hiscore_tables (system, rom, game, status, message, source_type, source_file, updated_at, fields) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (system, rom) DO UPDATE SET game = excluded.game, status = excluded.status, message = excluded.message, source_type = excluded.source_type, source_file = excluded.source_file, updated_at = excluded.updated_at, fields = excluded.fields`)
        .run(table.system, table.rom, table.game, table.status, table.message, table.sourceType, table.sourceFile, table.updatedAt, JSON.stringify(table.fields))
      this.#db.prepare('DELETE FROM hiscore_entries WHERE system = ? AND rom = ?').run(table.system, table.rom)
      const insert = this.#db.prepare('INSERT INTO hiscore_entries (system, rom, rank, name, score, value, added_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      for (const entry of table.entries) insert.run(table.system, table.rom, entry.rank, entry.name, entry.score, entry.value, table.updatedAt)
    })()
  }
}
