/**
 * The SQLite database in the data dir: WAL, forward-only numbered migrations tracked in
 * `PRAGMA user_version`, each applied in its own transaction.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { migrations } from './migrations.js'

export type HubDatabase = Database.Database

export const databaseFileName = 'cabinet-hub.db'

/** Opens (creating if needed) the database; `:memory:` for tests and document generation. */
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
  migrate(db)
  return db
}

export function migrate (db: HubDatabase): void {
  const current = db.pragma('user_version', { simple: true }) as number
  if (current > migrations.length) {
    throw new Error(`database schema version ${current} is newer than this build knows (${migrations.length}); use a newer cabinet-hub or another --data-dir`)
  }
  for (let version = current + 1; version <= migrations.length; version++) {
    db.transaction(() => {
      db.exec(migrations[version - 1]!)
      db.pragma(`user_version = ${version}`)
    })()
  }
}

export function closeDatabase (db: HubDatabase): void {
  if (!db.open) return
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
}
