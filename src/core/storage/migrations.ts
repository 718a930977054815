/**
 * Forward-only schema steps, per owner (the core and each module with tables of its own), each
 * step in its own transaction. `schema_versions` holds how many steps of each owner ran;
 * `PRAGMA user_version` holds the layout of that bookkeeping itself.
 */
import type { HubDatabase } from './database.js'

export interface MigrationSet {
  /** `core` or the module's name. */
  readonly owner: string
  /** Index + 1 is the owner's version after the step. Never edit a shipped step: add one. */
  readonly steps: readonly string[]
}

/** The core's own tables. */
export const coreMigrations: MigrationSet = {
  owner: 'core',
  steps: [
    `CREATE TABLE event_journal (
       id INTEGER PRIMARY KEY,
       type TEXT NOT NULL,
       ts TEXT NOT NULL,
       envelope TEXT NOT NULL
     );
     CREATE INDEX event_journal_type ON event_journal (type);`
  ]
}

/** Version 3: per-owner versions. 1 and 2 were one global list: the core's journal, then the media table. */
export const bookkeepingVersion = 3
const legacyOwners: ReadonlyArray<readonly [owner: string, fromUserVersion: number]> = [['core', 1], ['media', 2]]

/** How many steps of each owner ran. */
export function ownerVersions (db: HubDatabase): Map<string, number> {
  const rows = db.prepare('SELECT owner, version FROM schema_versions').all() as Array<{ owner: string, version: number }>
  return new Map(rows.map((r) => [r.owner, r.version]))
}

function adoptLegacyVersions (db: HubDatabase, userVersion: number): void {
  db.exec('CREATE TABLE schema_versions (owner TEXT PRIMARY KEY, version INTEGER NOT NULL)')
  const record = db.prepare('INSERT INTO schema_versions (owner, version) VALUES (?, 1)')
  for (const [owner, from] of legacyOwners) if (userVersion >= from) record.run(owner)
  db.pragma(`user_version = ${bookkeepingVersion}`)
}

export function migrate (db: HubDatabase, sets: readonly MigrationSet[]): void {
  const userVersion = db.pragma('user_version', { simple: true }) as number
  if (userVersion > bookkeepingVersion) {
    throw new Error(`database schema version ${userVersion} is newer than this build knows (${bookkeepingVersion}); use a newer cabinet-hub or another --data-dir`)
  }
  if (userVersion < bookkeepingVersion) db.transaction(() => { adoptLegacyVersions(db, userVersion) })()

  const versions = ownerVersions(db)
  for (const { owner, steps } of sets) {
    const current = versions.get(owner) ?? 0
    if (current > steps.length) {
      throw new Error(`the ${owner} tables are at version ${current}, newer than this build knows (${steps.length}); use a newer cabinet-hub or another --data-dir`)
    }
    for (let version = current + 1; version <= steps.length; version++) {
      db.transaction(() => {
        db.exec(steps[version - 1]!)
        db.prepare('INSERT INTO schema_versions (owner, version) VALUES (?, ?) ON CONFLICT (owner) DO UPDATE SET version = excluded.version').run(owner, version)
      })()
    }
  }
}
