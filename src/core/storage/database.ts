/**
 * The SQLite database in the data dir, in WAL mode. Its tables are created by the migrations the
 * core and the modules declare (`migrations.ts`), run when the service is built.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'

export type HubDatabase = Database.Database

export const databaseFileName = 'cabinet-hub.db'

/** Opens (creating if needed) the database; `:memory:` for document generation. */
export function openDatabase (dataDir: string | ':memory:'): HubDatabase {
  let file: string = ':memory:'
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true })
    file = path.join(dataDir, databaseFileName)
  }
  const db = new Database(file)
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
