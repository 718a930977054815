/**
 * What players earned on a local host: unlocks per player and mode, and leaderboard entries, in
 * the service's SQLite database. Passwords and tokens are never stored; a player is a name.
 */
import type { HubDatabase } from '../core/storage/database.js'

export const achievementsMigrations = [
  `CREATE TABLE achievement_unlocks (
     username TEXT NOT NULL COLLATE NOCASE,
     achievement_id INTEGER NOT NULL,
     game_id INTEGER NOT NULL,
     points INTEGER NOT NULL,
     hardcore INTEGER NOT NULL,
     unlocked_at TEXT NOT NULL,
     PRIMARY KEY (username, achievement_id, hardcore)
   );
   CREATE TABLE leaderboard_entries (
     id INTEGER PRIMARY KEY,
     username TEXT NOT NULL COLLATE NOCASE,
     leaderboard_id INTEGER NOT NULL,
     game_id INTEGER NOT NULL,
     score INTEGER NOT NULL,
     submitted_at TEXT NOT NULL
   );
   CREATE INDEX leaderboard_entries_board ON leaderboard_entries (leaderboard_id);`
]

export interface Unlock {
  readonly id: number
  /** Unix seconds, as the platform's answers carry it. */
  readonly when: number
}

export interface Award {
  readonly username: string
  readonly achievementId: number
  readonly gameId: number
  readonly points: number
  readonly hardcore: boolean
  readonly at: Date
}

export interface RankedEntry {
  readonly username: string
  readonly score: number
  readonly rank: number
}

export class UnlockStore {
  constructor (private readonly db: HubDatabase) {}

  unlocks (username: string, gameId: number, hardcore: boolean): Unlock[] {
    const rows = this.db.prepare('SELECT achievement_id AS id, unlocked_at AS at FROM achievement_unlocks WHERE username = ? AND game_id = ? AND hardcore = ? ORDER BY unlocked_at, achievement_id')
      .all(username, gameId, hardcore ? 1 : 0) as Array<{ id: number, at: string }>
    return rows.map((row) => ({ id: row.id, when: Math.floor(Date.parse(row.at) / 1000) }))
  }

  /** false when the player already had it in that mode. A hardcore unlock is a softcore one too, as on the platform. */
  award (award: Award): boolean {
    const insert = this.db.prepare('INSERT OR IGNORE INTO achievement_unlocks (username, achievement_id, game_id, points, hardcore, unlocked_at) VALUES (?, ?, ?, ?, ?, ?)')
    const at = award.at.toISOString()
    return this.db.transaction(() => {
      const added = insert.run(award.username, award.achievementId, award.gameId, award.points, award.hardcore ? 1 : 0, at).changes > 0
      if (award.hardcore) insert.run(award.username, award.achievementId, award.gameId, award.points, 0, at)
      return added
    })()
  }

  /** Points of every achievement the player has, each counted once. */
  score (username: string): number {
    const row = this.db.prepare('SELECT COALESCE(SUM(points), 0) AS score FROM (SELECT MAX(points) AS points FROM achievement_unlocks WHERE username = ? GROUP BY achievement_id)').get(username) as { score: number }
    return row.score
  }

  remaining (username: string, gameId: number, achievementIds: readonly number[], hardcore: boolean): number {
    const have = new Set(this.unlocks(username, gameId, hardcore).map((u) => u.id))
    return achievementIds.filter((id) => !have.has(id)).length
  }

  submit (username: string, leaderboardId: number, gameId: number, score: number, at: Date): void {
    this.db.prepare('INSERT INTO leaderboard_entries (username, leaderboard_id, game_id, score, submitted_at) VALUES (?, ?, ?, ?, ?)').run(username, leaderboardId, gameId, score, at.toISOString())
  }

  /** Each player's best entry, best first. */
  ranking (leaderboardId: number, lowerIsBetter: boolean): RankedEntry[] {
    const best = lowerIsBetter ? 'MIN' : 'MAX'
    const order = lowerIsBetter ? 'ASC' : 'DESC'
    const rows = this.db.prepare(`SELECT username, ${best}(score) AS score FROM leaderboard_entries WHERE leaderboard_id = ? GROUP BY username ORDER BY score ${order}, MIN(id)`).all(leaderboardId) as Array<{ username: string, score: number }>
    return rows.map((row, index) => ({ ...row, rank: index + 1 }))
  }

  /** Forgets a player's unlocks of one game (the demo replays the same game again and again). */
  forget (username: string, gameId: number): void {
    this.db.prepare('DELETE FROM achievement_unlocks WHERE username = ? AND game_id = ?').run(username, gameId)
  }
}
