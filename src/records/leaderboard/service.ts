/**
 * The partner leaderboard: our own index and every linked service's, each verified, ranked for
 * a game. Follows the game on screen and publishes `records.leaderboard.updated` when its
 * ranking changes (another game, a record admitted here, a linked service that changed).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Publisher } from '../../core/event-bus.js'
import { HubError } from '../../core/errors.js'
import type { GameOnScreen } from '../../frontend/index.js'
import type { RecordsEvents } from '../events.js'
import type { RecordsHome } from '../records-home.js'
import type { Leaderboard } from '../schemas.js'
import { verifyServiceData } from '../verify/report.js'
import type { PartnerSources } from './partners.js'
import { rankGame, sourceOf, type GameKey, type SourceResult } from './ranking.js'

export interface ScreenGame extends GameKey {
  readonly name: string | null
}

export interface LeaderboardDeps {
  readonly home: RecordsHome
  readonly partners: PartnerSources
  readonly publisher: Publisher<RecordsEvents>
  readonly logger: FastifyBaseLogger
  readonly now: () => Date
}

export class LeaderboardService {
  readonly #deps: LeaderboardDeps
  #screen: ScreenGame | null = null
  #local: { records: readonly unknown[], anchors: string, source: SourceResult } | null = null
  #published: string | null = null
  #refresh: Promise<void> = Promise.resolve()

  constructor (deps: LeaderboardDeps) {
    this.#deps = deps
  }

  get screen (): ScreenGame | null {
    return this.#screen
  }

  /**
   * Our own index goes through the same verifier as anyone's, so a damaged store shows as
   * unverified; it is verified again only when the file (a new array) or the anchors changed.
   */
  async #localSource (): Promise<SourceResult> {
    const { home } = this.#deps
    const records = await home.store.published()
    const anchors = JSON.stringify(await home.anchors.list())
    if (this.#local?.records !== records || this.#local.anchors !== anchors) {
      const data = await home.serviceData()
      const { keyId } = await home.key()
      this.#local = { records: data.index.records, anchors, source: sourceOf('local', data.index.records, verifyServiceData(data, { pin: { keyId }, headers: [] })) }
    }
    return this.#local.source
  }

  async build (game: GameKey, name: string | null = null): Promise<Leaderboard> {
    if (!this.#deps.partners.linked) throw new HubError(409, 'PARTNER_NOT_LINKED', 'No record service is linked; start with --partner-url URL (another cabinet, a venue) to rank with it')
    const sources = [await this.#localSource(), ...await this.#deps.partners.all()]
    const ranked = rankGame(sources, game)
    return {
      system: game.system,
      rom: game.rom,
      game: name ?? ranked[0]?.game ?? null,
      generatedAt: this.#deps.now().toISOString(),
      entries: ranked.map(({ game: _game, ...entry }) => entry),
      sources: sources.map(({ published: _published, sealedRecords: _sealed, ...source }) => source)
    }
  }

  /** Follows the game on screen (null: a system is selected); the leaderboard of a new game goes out. */
  show (game: GameOnScreen | null): void {
    if (game === null) {
      this.#screen = null
      return
    }
    if (game.system === this.#screen?.system && game.rom === this.#screen.rom) return
    this.#screen = { system: game.system, rom: game.rom, name: game.gameName }
    void this.refresh()
  }

  /** Rebuilds the leaderboard of the game on screen and publishes it when its ranking changed; refreshes never overlap. */
  refresh (): Promise<void> {
    this.#refresh = this.#refresh.then(async () => {
      const screen = this.#screen
      if (screen === null || !this.#deps.partners.linked) return
      try {
        const board = await this.build(screen, screen.name)
        const fingerprint = JSON.stringify([board.system, board.rom, board.entries, board.sources.map((s) => [s.url, s.verified, s.sealState])])
        if (fingerprint === this.#published) return
        this.#published = fingerprint
        this.#deps.publisher.publish('records.leaderboard.updated', {
          System: board.system,
          Rom: board.rom,
          Game: board.game,
          GeneratedAt: board.generatedAt,
          Entries: board.entries.map((e) => ({ Rank: e.rank, Player: e.player, Value: e.value, At: e.at, RecordId: e.recordId, IssuerKeyId: e.issuerKeyId, Sealed: e.sealed })),
          Sources: board.sources.map((s) => ({ Url: s.url, IssuerKeyId: s.issuerKeyId, Verified: s.verified, SealState: s.sealState, Records: s.records, Reason: s.reason }))
        })
      } catch (error) {
        this.#deps.logger.warn(`partner leaderboard not refreshed: ${(error as Error).message}`)
      }
    })
    return this.#refresh
  }
}
