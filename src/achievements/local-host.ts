/**
 * The local host: answers every request RetroArch makes the way the platform does, from the sets
 * on disk and the unlocks in SQLite, without any network. There are no accounts: the username
 * names the player, passwords are not checked, and each login gets a fresh token that is not kept.
 */
import { randomBytes } from 'node:crypto'
import type { AchievementsHost } from './host.js'
import type { SetLibrary } from './sets.js'
import type { PatchDataType } from './schemas.js'
import type { UnlockStore } from './unlock-store.js'
import { failureAnswer, integerField, jsonAnswer, type DoRequestCall, type HostAnswer } from './wire.js'

const missing = (name: string): HostAnswer => failureAnswer(400, 'MISSING_PARAMETER', `The request needs the field "${name}"`)
/** The platform's own wording for a refusal RetroArch shows as it is. */
const refused = (message: string): HostAnswer => jsonAnswer({ Success: false, Error: message })

/** The fields rcheevos requires that a hand-written set may leave out. */
function served (set: PatchDataType) {
  return {
    ...set,
    ImageIcon: set.ImageIcon ?? '',
    RichPresencePatch: set.RichPresencePatch ?? '',
    Achievements: set.Achievements.map((a) => ({ Author: '', Created: 0, Modified: 0, ...a })),
    Leaderboards: (set.Leaderboards ?? []).map((l) => ({ LowerIsBetter: false, Hidden: false, ...l }))
  }
}

export class LocalHost implements AchievementsHost {
  constructor (private readonly sets: SetLibrary, private readonly store: UnlockStore, private readonly now: () => Date) {}

  async image (): Promise<null> {
    return null
  }

  async request (call: DoRequestCall): Promise<HostAnswer> {
    const fields = call.fields
    const request = fields.get('r')
    if (request === null || request === '') return missing('r')
    if (request === 'gameid') return this.#gameId(fields)
    const username = fields.get('u')
    if (username === null || username === '') return missing('u')
    switch (request) {
      case 'login':
      case 'login2': return this.#login(fields, username)
      case 'patch': return this.#patch(fields)
      case 'unlocks': return this.#unlocks(fields, username)
      case 'startsession': return this.#startSession(fields, username)
      case 'postactivity':
      case 'ping': return jsonAnswer({ Success: true })
      case 'awardachievement': return this.#award(fields, username)
      case 'submitlbentry': return this.#submit(fields, username)
      default: return failureAnswer(400, 'UNKNOWN_REQUEST', `The local achievements host does not answer r=${request}`)
    }
  }

  #login (fields: URLSearchParams, username: string): HostAnswer {
    if (!fields.get('p') && !fields.get('t')) return missing('p')
    return jsonAnswer({ Success: true, User: username, DisplayName: username, Token: randomBytes(16).toString('hex'), Score: this.store.score(username), SoftcoreScore: 0, Messages: 0 })
  }

  async #gameId (fields: URLSearchParams): Promise<HostAnswer> {
    const hash = fields.get('m')
    if (hash === null || hash === '') return missing('m')
    return jsonAnswer({ Success: true, GameID: (await this.sets.byHash(hash))?.set.ID ?? 0 })
  }

  async #patch (fields: URLSearchParams): Promise<HostAnswer> {
    const gameId = integerField(fields, 'g')
    if (gameId === null) return missing('g')
    const entry = await this.sets.byGameId(gameId)
    return entry === null ? refused(`Unknown game ${gameId}`) : jsonAnswer({ Success: true, PatchData: served(entry.set) })
  }

  #unlocks (fields: URLSearchParams, username: string): HostAnswer {
    const gameId = integerField(fields, 'g')
    if (gameId === null) return missing('g')
    const hardcore = fields.get('h') === '1'
    return jsonAnswer({ Success: true, UserUnlocks: this.store.unlocks(username, gameId, hardcore).map((u) => u.id), GameID: gameId, HardcoreMode: hardcore })
  }

  #startSession (fields: URLSearchParams, username: string): HostAnswer {
    const gameId = integerField(fields, 'g')
    if (gameId === null) return missing('g')
    return jsonAnswer({
      Success: true,
      Unlocks: this.store.unlocks(username, gameId, false).map((u) => ({ ID: u.id, When: u.when })),
      HardcoreUnlocks: this.store.unlocks(username, gameId, true).map((u) => ({ ID: u.id, When: u.when })),
      ServerNow: Math.floor(this.now().getTime() / 1000)
    })
  }

  async #award (fields: URLSearchParams, username: string): Promise<HostAnswer> {
    const achievementId = integerField(fields, 'a')
    if (achievementId === null) return missing('a')
    const found = await this.sets.achievement(achievementId, fields.get('m'))
    if (found === null) return refused(`Data not found for achievement ${achievementId}`)
    const hardcore = fields.get('h') === '1'
    const { entry, achievement } = found
    const added = this.store.award({ username, achievementId, gameId: entry.set.ID, points: achievement.Points, hardcore, at: this.now() })
    if (!added) return refused(hardcore ? 'User already has hardcore and regular achievements awarded.' : 'User already has this achievement awarded.')
    return jsonAnswer({
      Success: true,
      Score: this.store.score(username),
      AchievementID: achievementId,
      AchievementsRemaining: this.store.remaining(username, entry.set.ID, entry.set.Achievements.map((a) => a.ID), hardcore)
    })
  }

  async #submit (fields: URLSearchParams, username: string): Promise<HostAnswer> {
    const leaderboardId = integerField(fields, 'i')
    if (leaderboardId === null) return missing('i')
    const raw = fields.get('s')
    if (raw === null || !/^-?\d{1,10}$/.test(raw)) return missing('s')
    const score = Number(raw)
    const found = await this.sets.leaderboard(leaderboardId, fields.get('m'))
    if (found === null) return refused(`Unknown leaderboard ${leaderboardId}`)
    const { entry, leaderboard } = found
    this.store.submit(username, leaderboardId, entry.set.ID, score, this.now())
    const ranking = this.store.ranking(leaderboardId, leaderboard.LowerIsBetter === true)
    const mine = ranking.find((r) => r.username.toLowerCase() === username.toLowerCase())!
    return jsonAnswer({
      Success: true,
      Response: {
        Score: score,
        BestScore: mine.score,
        RankInfo: { Rank: mine.rank, NumEntries: String(ranking.length) },
        TopEntries: ranking.slice(0, 10).map((r) => ({ User: r.username, Rank: r.rank, Score: r.score })),
        LBData: { Format: leaderboard.Format, LeaderboardID: leaderboardId, GameID: entry.set.ID, Title: leaderboard.Title, LowerIsBetter: leaderboard.LowerIsBetter === true }
      }
    })
  }
}
