/** Player profiles and the chosen player, in SQLite. Names are matched regardless of case. */
import type { HubDatabase } from '../../core/storage/database.js'

export interface PlayerProfile {
  readonly name: string
  readonly initials: string
  /** The names this person enters in games. */
  readonly aliases: string[]
}

interface ProfileRow { name: string, initials: string, aliases: string }

function profileOf (row: ProfileRow): PlayerProfile {
  return { name: row.name, initials: row.initials, aliases: JSON.parse(row.aliases) as string[] }
}

export class PlayerStore {
  readonly #db: HubDatabase

  constructor (db: HubDatabase) {
    this.#db = db
  }

  list (): PlayerProfile[] {
    return (this.#db.prepare('SELECT name, initials, aliases FROM hiscore_players ORDER BY name').all() as ProfileRow[]).map(profileOf)
  }

  find (name: string): PlayerProfile | null {
    const row = this.#db.prepare('SELECT name, initials, aliases FROM hiscore_players WHERE name = ?').get(name) as ProfileRow | undefined
    return row === undefined ? null : profileOf(row)
  }

  /** Adds the profile, or replaces the one of that name. */
  save (profile: PlayerProfile, now: string): void {
    this.#db.prepare(`INSERT INTO hiscore_players (name, initials, aliases, created_at) VALUES (?, ?, ?, ?)
      ON CONFLICT (name) DO UPDATE SET initials = excluded.initials, aliases = excluded.aliases`).run(profile.name, profile.initials, JSON.stringify(profile.aliases), now)
  }

  chosen (): string | null {
    const row = this.#db.prepare('SELECT name FROM hiscore_current_player WHERE id = 1').get() as { name: string } | undefined
    return row?.name ?? null
  }

  choose (name: string): void {
    this.#db.prepare('INSERT INTO hiscore_current_player (id, name) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name').run(name)
  }
}
