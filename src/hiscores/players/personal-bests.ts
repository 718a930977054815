/**
 * Each player's best score on each game, kept apart from the tables: a table holds a few entries
 * for everyone, so a player's own best can drop out of it (or never enter it) and still be the
 * mark their next score is measured against.
 */
import type { HubDatabase } from '../../core/storage/database.js'

export interface PersonalScore {
  readonly system: string
  readonly rom: string
  readonly player: string
  readonly value: number
}

export class PersonalBests {
  readonly #db: HubDatabase

  constructor (db: HubDatabase) {
    this.#db = db
  }

  /**
   * Keeps the score when it is the player's best; returns the best it beat, or null when it beat
   * none (the first score known of them on that game, or not better). `tableBest` is the player's
   * best on the game's table before this score, for games played before bests were kept.
   */
  record (score: PersonalScore, tableBest: number | null, at: string): number | null {
    const { system, rom, player, value } = score
    const row = this.#db.prepare('SELECT value FROM hiscore_personal_bests WHERE system = ? AND rom = ? AND player = ?').get(system, rom, player) as { value: number } | undefined
    const known = [row?.value, tableBest].filter((v): v is number => v !== undefined && v !== null)
    const previous = known.length === 0 ? null : Math.max(...known)
    if (previous !== null && value <= previous) return null
    this.#db.prepare(`INSERT INTO hiscore_personal_bests (system, rom, player, value, updated_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (system, rom, player) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`).run(system, rom, player, value, at)
    return previous
  }
}
