/**
 * What the romset filters changed in each gamelist, so removing them restores exactly those bytes:
 * the `<hidden>` tag added (with the line break and indentation put before it) or the tag replaced.
 */
import type { HubDatabase } from '../core/storage/database.js'

export const hiddenStoreMigrations = [
  `CREATE TABLE roms_hidden (
    system TEXT NOT NULL,
    game_path TEXT NOT NULL,
    inserted_before TEXT,
    replaced TEXT,
    PRIMARY KEY (system, game_path)
  )`
]

/** One game a filter hid: `insertedBefore` when the tag was added, `replaced` (the tag as it was, raw) otherwise. */
export interface HiddenRecord {
  readonly gamePath: string
  readonly insertedBefore: string | null
  readonly replaced: string | null
}

export class HiddenStore {
  readonly #db: HubDatabase

  constructor (db: HubDatabase) {
    this.#db = db
  }

  records (system: string): HiddenRecord[] {
    return this.#db.prepare<[string], { game_path: string, inserted_before: string | null, replaced: string | null }>('SELECT game_path, inserted_before, replaced FROM roms_hidden WHERE system = ?')
      .all(system).map((r) => ({ gamePath: r.game_path, insertedBefore: r.inserted_before, replaced: r.replaced }))
  }

  add (system: string, records: readonly HiddenRecord[]): void {
    const insert = this.#db.prepare<[string, string, string | null, string | null]>('INSERT OR REPLACE INTO roms_hidden (system, game_path, inserted_before, replaced) VALUES (?, ?, ?, ?)')
    this.#db.transaction(() => { for (const r of records) insert.run(system, r.gamePath, r.insertedBefore, r.replaced) })()
  }

  clear (system: string): void {
    this.#db.prepare('DELETE FROM roms_hidden WHERE system = ?').run(system)
  }
}
