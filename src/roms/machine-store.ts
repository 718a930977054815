/**
 * The machine cache in SQLite, one set of rows per MAME version: answers from single lookups and
 * from the full import land in the same table, and a finished import is recorded so a restart
 * with the same MAME never reads the list again.
 */
import type { HubDatabase } from '../core/storage/database.js'
import type { MachineInfo } from './machine.js'

export const machineStoreMigrations = [
  `CREATE TABLE roms_machines (
    mame_version TEXT NOT NULL,
    name TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (mame_version, name)
  ) WITHOUT ROWID`,
  `CREATE TABLE roms_imports (
    mame_version TEXT PRIMARY KEY,
    machines INTEGER NOT NULL,
    completed_at TEXT NOT NULL
  )`
]

/** What `-version` answered, per executable file: asking MAME costs a tenth of a second at every start. */
export const mameVersionsMigration = `CREATE TABLE roms_mame_versions (
  executable TEXT PRIMARY KEY,
  signature TEXT NOT NULL,
  mame_version TEXT NOT NULL
)`

export interface CompletedImport {
  readonly machines: number
  readonly completedAt: string
}

export class MachineStore {
  readonly #select
  readonly #insert
  readonly #selectImport
  readonly #insertImport
  readonly #insertMany
  readonly #selectVersion
  readonly #insertVersion

  constructor (db: HubDatabase) {
    this.#select = db.prepare<[string, string], { data: string }>('SELECT data FROM roms_machines WHERE mame_version = ? AND name = ?')
    this.#insert = db.prepare<[string, string, string]>('INSERT OR REPLACE INTO roms_machines (mame_version, name, data) VALUES (?, ?, ?)')
    this.#selectImport = db.prepare<[string], { machines: number, completed_at: string }>('SELECT machines, completed_at FROM roms_imports WHERE mame_version = ?')
    this.#selectVersion = db.prepare<[string, string], { mame_version: string }>('SELECT mame_version FROM roms_mame_versions WHERE executable = ? AND signature = ?')
    this.#insertVersion = db.prepare<[string, string, string]>('INSERT OR REPLACE INTO roms_mame_versions (executable, signature, mame_version) VALUES (?, ?, ?)')
    this.#insertImport = db.prepare<[string, number, string]>('INSERT OR REPLACE INTO roms_imports (mame_version, machines, completed_at) VALUES (?, ?, ?)')
    this.#insertMany = db.transaction((version: string, machines: readonly MachineInfo[]) => {
      for (const machine of machines) this.#insert.run(version, machine.name, JSON.stringify(machine))
    })
  }

  machine (version: string, name: string): MachineInfo | null {
    const row = this.#select.get(version, name)
    return row === undefined ? null : JSON.parse(row.data) as MachineInfo
  }

  /** Stores machines in one transaction. */
  put (version: string, machines: readonly MachineInfo[]): void {
    this.#insertMany(version, machines)
  }

  completedImport (version: string): CompletedImport | null {
    const row = this.#selectImport.get(version)
    return row === undefined ? null : { machines: row.machines, completedAt: row.completed_at }
  }

  markImported (version: string, machines: number, at: Date): void {
    this.#insertImport.run(version, machines, at.toISOString())
  }

  /** The version this executable said it was, while its file is the same (inode, time and size). */
  knownVersion (executable: string, signature: string): string | null {
    return this.#selectVersion.get(executable, signature)?.mame_version ?? null
  }

  rememberVersion (executable: string, signature: string, version: string): void {
    this.#insertVersion.run(executable, signature, version)
  }
}
