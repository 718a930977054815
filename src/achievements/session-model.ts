/**
 * One model of the achievements session, fed by every request RetroArch makes and the answer it
 * got, whichever host answered: so proxy and local mode publish the same events. It reads only
 * what the platform's protocol says and never looks at the password or token fields.
 */
import type { FactChannel } from '../core/facts.js'
import type { AchievementFacts } from './facts.js'
import type { Publisher } from '../core/event-bus.js'
import { catalogOf, catalogPayload, type Catalog } from './catalog.js'
import type { AchievementsEvents } from './events.js'
import { badgeUrl } from './media.js'
import type { AchievementsSession } from './schemas.js'
import { formatScore } from './score-format.js'
import { integerField, numberOf, type JsonObject } from './wire.js'

export type EndReason = 'game-ended' | 'content-stopped' | 'game-changed'

interface Session {
  readonly gameId: number
  hardcore: boolean
  richPresence: string | null
  readonly unlocked: Set<number>
  readonly sessionUnlocked: number[]
  lastEventAt: string
}

type Pascal<T> = { [K in keyof T as Capitalize<K & string>]: T[K] }
const pascal = <T extends object>(value: T): Pascal<T> =>
  Object.fromEntries(Object.entries(value).map(([key, v]) => [`${key.charAt(0).toUpperCase()}${key.slice(1)}`, v])) as Pascal<T>

const unlockIds = (value: unknown): number[] =>
  Array.isArray(value) ? value.flatMap((entry) => numberOf(typeof entry === 'object' && entry !== null ? (entry as JsonObject).ID : entry) ?? []) : []

/** rcheevos treats "User already has ..." as an award that happened before. */
const alreadyAwarded = (answer: JsonObject): boolean => typeof answer.Error === 'string' && answer.Error.startsWith('User already has')

export class SessionModel {
  username: string | null = null
  linked = false
  score: number | null = null
  #identified: { hash: string, gameId: number } | null = null
  #catalog: Catalog | null = null
  /** Unlocks the `unlocks` answers reported before the session started, by game. */
  #knownUnlocks = new Map<number, Set<number>>()
  #session: Session | null = null

  constructor (private readonly publisher: Publisher<AchievementsEvents>, private readonly now: () => Date, private readonly facts: FactChannel<AchievementFacts>) {}

  get hardcore (): boolean {
    return this.#session?.hardcore ?? false
  }

  /** One request and the answer RetroArch got; `answer` is null when it was not JSON. */
  observe (fields: URLSearchParams, answer: JsonObject | null): void {
    if (answer === null) return
    const succeeded = answer.Success !== false
    switch (fields.get('r')) {
      case 'login':
      case 'login2': return this.#login(answer, succeeded)
      case 'gameid': return this.#identify(fields, answer)
      case 'patch': return succeeded ? this.#catalogLoaded(answer) : undefined
      case 'unlocks': return succeeded ? this.#unlocksKnown(fields, answer) : undefined
      case 'startsession': return succeeded ? this.#sessionStarted(fields, answer) : undefined
      case 'postactivity': return succeeded && fields.get('a') === '3' ? this.#start(integerField(fields, 'm')) : undefined
      case 'ping': return succeeded ? this.#ping(fields) : undefined
      case 'awardachievement': return this.#award(fields, answer, succeeded)
      case 'submitlbentry': return succeeded ? this.#leaderboardEntry(fields, answer) : undefined
    }
  }

  end (reason: EndReason): void {
    if (this.#session === null) return
    const session = this.#sessionFields()
    this.#session = null
    this.publisher.publish('achievements.session.ended', { Reason: reason, Session: session })
  }

  #login (answer: JsonObject, succeeded: boolean): void {
    this.linked = succeeded && typeof answer.User === 'string'
    if (!this.linked) return
    this.username = answer.User as string
    this.score = numberOf(answer.Score) ?? this.score
    this.publisher.publish('achievements.login.detected', { Username: this.username })
  }

  #identify (fields: URLSearchParams, answer: JsonObject): void {
    const hash = fields.get('m')
    const gameId = numberOf(answer.GameID)
    if (hash === null || gameId === null) return
    this.#identified = { hash, gameId }
    if (this.#session !== null && this.#session.gameId !== gameId) this.end('game-changed')
    this.publisher.publish('achievements.game.identified', { Hash: hash, GameId: gameId })
  }

  #catalogLoaded (answer: JsonObject): void {
    const gameId = numberOf((answer.PatchData as JsonObject | undefined)?.ID)
    const hash = this.#identified !== null && this.#identified.gameId === gameId ? this.#identified.hash : null
    const catalog = catalogOf(answer.PatchData, hash)
    if (catalog === null) return
    if (this.#session !== null && this.#session.gameId !== catalog.gameId) this.end('game-changed')
    this.#catalog = catalog
    this.publisher.publish('achievements.catalog.updated', catalogPayload(catalog))
  }

  #remember (gameId: number | null, ids: readonly number[]): void {
    if (gameId === null) return
    const known = this.#knownUnlocks.get(gameId) ?? new Set<number>()
    for (const id of ids) known.add(id)
    this.#knownUnlocks.set(gameId, known)
    if (this.#session?.gameId === gameId) for (const id of ids) this.#session.unlocked.add(id)
  }

  #unlocksKnown (fields: URLSearchParams, answer: JsonObject): void {
    this.#remember(integerField(fields, 'g'), unlockIds(answer.UserUnlocks))
  }

  #sessionStarted (fields: URLSearchParams, answer: JsonObject): void {
    const gameId = integerField(fields, 'g')
    this.#remember(gameId, [...unlockIds(answer.Unlocks), ...unlockIds(answer.HardcoreUnlocks)])
    this.#start(gameId, fields.get('h') === '1')
  }

  #start (gameId: number | null, hardcore = false): void {
    if (gameId === null) return
    if (this.#session !== null) {
      if (this.#session.gameId === gameId) return
      this.end('game-changed')
    }
    this.#session = {
      gameId,
      hardcore,
      richPresence: null,
      unlocked: new Set(this.#knownUnlocks.get(gameId) ?? []),
      sessionUnlocked: [],
      lastEventAt: this.now().toISOString()
    }
    this.publisher.publish('achievements.session.started', this.#sessionFields())
  }

  /** Requests that only a running session makes: a service started mid-game picks the session up here. */
  #ensureSession (gameId: number | null): Session | null {
    if (this.#session === null) this.#start(gameId ?? this.#catalog?.gameId ?? null)
    if (this.#session !== null) this.#session.lastEventAt = this.now().toISOString()
    return this.#session
  }

  #ping (fields: URLSearchParams): void {
    const session = this.#ensureSession(integerField(fields, 'g'))
    if (session === null) return
    if (fields.has('h')) session.hardcore = fields.get('h') === '1'
    const text = fields.get('m')
    if (text === null || text === session.richPresence) return
    session.richPresence = text
    this.publisher.publish('achievements.richpresence.changed', { Text: text })
    this.#updated()
  }

  #award (fields: URLSearchParams, answer: JsonObject, succeeded: boolean): void {
    const id = numberOf(answer.AchievementID) ?? integerField(fields, 'a')
    if (id === null || (!succeeded && !alreadyAwarded(answer))) return
    const session = this.#ensureSession(null)
    if (session === null) return
    session.hardcore = fields.get('h') === '1'
    const fresh = succeeded && !session.sessionUnlocked.includes(id)
    session.unlocked.add(id)
    if (!fresh) return
    session.sessionUnlocked.push(id)
    this.score = numberOf(answer.Score) ?? this.score
    const achievement = this.#catalog?.achievements.get(id)
    const unlocked = { title: achievement?.title ?? '', description: achievement?.description ?? '', points: achievement?.points ?? 0, badgeUrl: achievement === undefined ? null : badgeUrl(achievement.badgeName) }
    this.publisher.publish('achievements.achievement.unlock.confirmed', {
      AchievementId: id,
      Title: unlocked.title,
      Description: unlocked.description,
      Points: unlocked.points,
      Hardcore: session.hardcore,
      BadgeUrl: unlocked.badgeUrl,
      GameId: session.gameId
    })
    this.facts.tell('Unlocked', unlocked)
    this.#updated()
  }

  #leaderboardEntry (fields: URLSearchParams, answer: JsonObject): void {
    const leaderboardId = integerField(fields, 'i')
    const response = (answer.Response ?? {}) as JsonObject
    const score = numberOf(response.Score) ?? Number(fields.get('s'))
    if (leaderboardId === null || !Number.isFinite(score)) return
    this.#ensureSession(null)
    const leaderboard = this.#catalog?.leaderboards.get(leaderboardId)
    const rank = numberOf((response.RankInfo as JsonObject | undefined)?.Rank)
    this.publisher.publish('achievements.leaderboard.submit.confirmed', {
      LeaderboardId: leaderboardId,
      Title: leaderboard?.title ?? null,
      Score: score,
      FormattedScore: formatScore(score, leaderboard?.format ?? 'VALUE'),
      ...(rank === null ? {} : { Rank: rank })
    })
    this.#updated()
  }

  #updated (): void {
    this.publisher.publish('achievements.session.updated', this.#sessionFields())
  }

  #catalogOfSession (): Catalog | null {
    return this.#catalog !== null && this.#catalog.gameId === this.#session?.gameId ? this.#catalog : null
  }

  /** What the session events and the REST view share; the events carry it PascalCase. */
  #common () {
    const session = this.#session
    const catalog = this.#catalogOfSession()
    return {
      username: this.username,
      gameId: session?.gameId ?? null,
      gameTitle: catalog?.title ?? null,
      gameHash: catalog?.hash ?? null,
      hardcore: session?.hardcore ?? false,
      richPresence: session?.richPresence ?? null,
      score: this.score,
      achievementCount: catalog?.achievements.size ?? 0,
      unlockedAchievements: [...(session?.unlocked ?? [])],
      sessionUnlockedAchievements: [...(session?.sessionUnlocked ?? [])],
      leaderboardCount: catalog?.leaderboards.size ?? 0,
      catalogRevision: catalog?.revision ?? null,
      lastEventAt: session?.lastEventAt ?? null
    }
  }

  #sessionFields () {
    return pascal(this.#common())
  }

  /** The REST view: the running session, or the empty one. */
  snapshot (): AchievementsSession {
    const catalog = this.#catalogOfSession()
    const unlocked = this.#session?.unlocked ?? new Set<number>()
    return {
      active: this.#session !== null,
      ...this.#common(),
      gameImageIconUrl: catalog?.imageIconUrl ?? null,
      achievementsById: Object.fromEntries([...(catalog?.achievements.values() ?? [])].map((a) => [String(a.id), {
        id: a.id, title: a.title, description: a.description, points: a.points, badgeName: a.badgeName, badgeUrl: badgeUrl(a.badgeName), badgeLockedUrl: badgeUrl(a.badgeName, true), unlocked: unlocked.has(a.id)
      }])),
      leaderboardsById: Object.fromEntries([...(catalog?.leaderboards.values() ?? [])].map((l) => [String(l.id), {
        id: l.id, title: l.title, description: l.description, format: l.format, lowerIsBetter: l.lowerIsBetter, hidden: l.hidden
      }]))
    }
  }
}
