/**
 * Hiscores: follows the frontend (selected and running game), decodes MAME saves when they change
 * or a game is looked at or ends, captures the best live score of console sessions at game end,
 * keeps every table in SQLite and publishes the table of the game on screen with `Me`, retained
 * for clients that join later; a table of another game (its save changed) is published, never
 * retained, so a late client only ever gets the table of the game on screen. Saves and definitions
 * are read asynchronously, one decode after another in the order of the facts that asked for them.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Publisher } from '../core/event-bus.js'
import { HubError } from '../core/errors.js'
import type { GameOnScreen, OnScreen } from '../frontend/index.js'
import { decodeArcade, type SaveFolders } from './arcade/mame-saves.js'
import { SessionCapture, type LiveScore, type SessionGame } from './capture/session-capture.js'
import type { HiscoreEvents } from './events.js'
import type { HiscoreFacts } from './facts.js'
import type { FactChannel } from '../core/facts.js'
import type { PersonalBests } from './players/personal-bests.js'
import type { PlayerService } from './players/player-service.js'
import type { StoredTable, TableEntry, TableStore } from './tables/table-store.js'

const sameGame = (a: SessionGame, b: SessionGame): boolean => a.system === b.system && a.rom === b.rom

export interface HiscoreServiceDeps {
  readonly tables: TableStore
  readonly players: PlayerService
  readonly personalBests: PersonalBests
  readonly publisher: Publisher<HiscoreEvents>
  readonly facts: FactChannel<HiscoreFacts>
  /** The game on screen, as the frontend link knows it now. */
  readonly onScreen: Pick<OnScreen, 'selected' | 'running' | 'current'>
  readonly logger: FastifyBaseLogger
  readonly now: () => Date
  readonly folders: SaveFolders
  readonly maxEntries: number
  /** The frontend's name of a game (its gamelist's), and its system when the hint has none of that rom; null when no gamelist has it. */
  readonly findGame: (systemHint: string, rom: string) => { readonly system: string, readonly name: string } | null
}

export interface HiscoreView {
  readonly system: string
  readonly rom: string
  readonly game: string
  readonly status: 'ok' | 'error'
  readonly message: string | null
  readonly sourceType: string
  readonly sourceFile: string | null
  readonly updatedAt: string
  readonly Me: string
  readonly scores: Array<{ rank: number, score: string, value: number | null, name: string, isMe: boolean }>
  readonly fields: Array<{ id: string, value: string }>
}

interface FrontendGame extends SessionGame {
  readonly gameId: string | null
}

function frontendGame (game: GameOnScreen): FrontendGame
function frontendGame (game: GameOnScreen | null): FrontendGame | null
function frontendGame (game: GameOnScreen | null): FrontendGame | null {
  return game === null ? null : { system: game.system, rom: game.rom, game: game.gameName, gameId: game.gameId, md5: game.md5 }
}

const entryKey = (entry: TableEntry): string => `${entry.name.trim().toUpperCase()}|${entry.score}`

/** The highest score among a player's entries; null when none has a numeric score. */
function bestOf (entries: readonly TableEntry[], isMe: (name: string) => boolean): number | null {
  const values = entries.filter((entry) => isMe(entry.name)).flatMap((entry) => entry.value === null ? [] : [entry.value])
  return values.length === 0 ? null : Math.max(...values)
}

export class HiscoreService {
  readonly #deps: HiscoreServiceDeps
  readonly #capture: SessionCapture
  /** The game whose start this service saw, until its end: the one a captured session belongs to. */
  #running: FrontendGame | null = null
  /** The last work queued: a table is never decoded twice at once, and a scroll's tables go out in its order. */
  #queue: Promise<unknown> = Promise.resolve()

  constructor (deps: HiscoreServiceDeps) {
    this.#deps = deps
    this.#capture = new SessionCapture({
      ignored: (score, reason) => deps.publisher.publish('hiscore.console.score.ignored', { SystemId: score.systemId, Rom: score.rom, Score: score.score, Reason: reason })
    })
  }

  /** The frontend's cursor moved to a game, or to a system (null). */
  selectionChanged (selected: GameOnScreen | null): Promise<void> {
    const game = frontendGame(selected)
    return this.#afterEarlier('selection', async () => {
      if (game !== null) await this.#show(game)
      else this.#nothingOnScreen()
    })
  }

  gameStarted (started: GameOnScreen): Promise<void> {
    const game = frontendGame(started)
    this.#running = game
    this.#capture.start(game)
    return this.#afterEarlier('game start', () => this.#show(game))
  }

  liveScore (score: LiveScore): void {
    this.#capture.offer(score)
  }

  /** A MAME save of `rom` changed: decode it for the game on screen with that rom, else for the game of a gamelist (a `mame` one first). */
  saveChanged (rom: string): Promise<void> {
    const { running, selected } = this.#deps.onScreen
    const game = [running, selected].map(frontendGame).find((g) => g !== null && g.rom === rom) ?? this.#named('mame', rom)
    return this.#afterEarlier(`save of ${rom}`, async () => {
      if (await this.#refreshArcade(game)) this.#publish(game)
    })
  }

  /** Resolves once the work queued so far is done (the service stops after it, the database closes after that). */
  async settled (): Promise<void> {
    await this.#queue
  }

  #serially<T> (task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task)
    this.#queue = run.catch(() => {})
    return run
  }

  /** Work a fact asks for, after the work earlier ones asked for; a failure is one line, and the next still runs. */
  #afterEarlier (what: string, task: () => Promise<void>): Promise<void> {
    return this.#serially(task).catch((error: unknown) => { this.#deps.logger.error(`hiscores: the ${what} was not handled: ${(error as Error).message}`) })
  }

  /** The game as the frontend names it; its rom when no gamelist has it. */
  #named (system: string, rom: string): FrontendGame {
    const found = this.#deps.findGame(system, rom)
    return { system: found?.system ?? system, rom, game: found?.name ?? rom, md5: null, gameId: null }
  }

  #onScreen (): FrontendGame | null {
    return frontendGame(this.#deps.onScreen.current)
  }

  /** No game on screen (a system is selected): the retained table goes, so a client joining now gets none. */
  #nothingOnScreen (): void {
    if (this.#onScreen() === null) this.#deps.publisher.publish('hiscore.cleared', { Reason: 'no-game-on-screen' })
  }

  /** `GET /api/v1/hiscores`: the running game, else the selected one. */
  async current (ids: string | undefined, md5: string | undefined): Promise<HiscoreView> {
    const game = this.#onScreen()
    if (game === null) throw new HubError(400, 'HISCORE_UNSUPPORTED', 'No game is selected or running')
    if (ids !== undefined && !ids.split(',').map((id) => id.trim()).some((id) => id === game.gameId || id === game.rom)) throw new HubError(404, 'HISCORE_NOT_FOUND', `The current game is not ${ids}`)
    if (md5 !== undefined && game.md5?.toLowerCase() !== md5.trim().toLowerCase()) throw new HubError(404, 'HISCORE_NOT_FOUND', `The current game's MD5 is not ${md5}`)
    const table = await this.#serially(() => this.#tableFor(game))
    if (table === null) throw new HubError(400, 'HISCORE_UNSUPPORTED', `No hiscore table for ${game.system}/${game.rom}: no captured score and no definition with a save`)
    return this.#view(table)
  }

  async forGame (system: string, rom: string): Promise<HiscoreView> {
    const onScreen = this.#onScreen()
    const stored = this.#deps.tables.get(system, rom)
    // The gamelists are searched only for a game whose table does not name it yet.
    const game = onScreen !== null && sameGame(onScreen, { system, rom, game: '', md5: null })
      ? onScreen
      : stored !== null && stored.game !== rom ? { system, rom, game: stored.game, md5: null, gameId: null } : { ...this.#named(system, rom), system }
    const table = await this.#serially(() => this.#tableFor(game))
    if (table === null) throw new HubError(404, 'HISCORE_NOT_FOUND', `No hiscore table for ${system}/${rom}`)
    return this.#view(table)
  }

  /** The player's best on a game's table, and what the next rank asks for. */
  async mine (system: string, rom: string) {
    const view = await this.forGame(system, rom)
    const best = view.scores.find((score) => score.isMe) ?? null
    const above = best === null ? view.scores.at(-1) ?? null : view.scores.filter((score) => score.rank < best.rank).at(-1) ?? null
    return {
      system,
      rom,
      Me: view.Me,
      best: best === null ? null : { rank: best.rank, score: best.score, value: best.value },
      next: above === null ? null : { rank: above.rank, name: above.name, score: above.score, value: above.value, toBeat: above.value === null ? null : above.value + 1 }
    }
  }

  /** Games whose table holds an entry of the player at the cabinet. */
  gamesOfMe (): Array<{ system: string, rom: string }> {
    const games = new Map<string, { system: string, rom: string }>()
    for (const { system, rom, name } of this.#deps.tables.names()) {
      if (this.#deps.players.isMe(name)) games.set(`${system}/${rom}`, { system, rom })
    }
    return [...games.values()]
  }

  /** Tables that name the player anew show it: re-publish the game on screen. */
  playerChanged (): Promise<void> {
    return this.#afterEarlier('player change', async () => {
      const game = this.#onScreen()
      if (game !== null) this.#publish(game)
    })
  }

  async #tableFor (game: FrontendGame): Promise<StoredTable | null> {
    const stored = this.#deps.tables.get(game.system, game.rom)
    if (stored === null || stored.sourceType !== 'captured') await this.#refreshArcade(game)
    return this.#deps.tables.get(game.system, game.rom)
  }

  async #show (game: FrontendGame): Promise<void> {
    await this.#tableFor(game)
    this.#publish(game)
  }

  /** Decodes the game's MAME saves; true when its stored table changed. */
  async #refreshArcade (game: FrontendGame): Promise<boolean> {
    const decoded = await decodeArcade(this.#deps.folders, game.rom)
    if (decoded === null) return false
    const previous = this.#deps.tables.get(game.system, game.rom)
    const entries = decoded.status === 'ok' ? decoded.entries : []
    const fields = decoded.status === 'ok' ? decoded.fields : []
    const same = previous !== null && previous.status === decoded.status && previous.sourceFile === decoded.sourceFile && previous.game === game.game &&
      JSON.stringify([previous.entries, previous.fields]) === JSON.stringify([entries, fields])
    if (same) return false
    if (decoded.status === 'error') this.#deps.logger.warn(`hiscore table of ${game.rom} not decoded: ${decoded.message}`)
    const table: StoredTable = {
      system: game.system, rom: game.rom, game: game.game, status: decoded.status, message: decoded.status === 'error' ? decoded.message : null,
      sourceType: decoded.sourceType, sourceFile: decoded.sourceFile, updatedAt: this.#deps.now().toISOString(), entries, fields
    }
    this.#deps.tables.put(table)
    // Entries that were not in the previous decode are new; a first decode is the known state, not news.
    if (previous !== null && previous.status === 'ok') {
      const known = new Set(previous.entries.map(entryKey))
      const added = entries.filter((entry) => !known.has(entryKey(entry)))
      for (const entry of added) this.#entryAdded(table, entry, game.md5)
      const mine = bestOf(added, (name) => this.#deps.players.isMe(name))
      if (mine !== null) this.#personalScore(game, mine, previous, true)
    }
    return true
  }

  gameEnded (): Promise<void> {
    const ended = this.#running
    this.#running = null
    const session = this.#capture.end()
    if (ended === null) return Promise.resolve()
    return this.#afterEarlier('game end', async () => {
      const stored = this.#deps.tables.get(ended.system, ended.rom)
      const arcade = stored !== null && stored.sourceType !== 'captured'
      if (session !== null && !arcade) {
        this.#enterCaptured(ended, session.best)
        return
      }
      if (await this.#refreshArcade(ended)) this.#publish(ended)
      // The session's live score counts for the player even when MAME's table did not keep it.
      if (session !== null) this.#personalScore(ended, session.best, stored, this.#tableHoldsMine(ended, session.best))
    })
  }

  #tableHoldsMine (game: SessionGame, value: number): boolean {
    return (this.#deps.tables.get(game.system, game.rom)?.entries ?? []).some((entry) => entry.value === value && this.#deps.players.isMe(entry.name))
  }

  /** A score of the player at the cabinet, measured against their own best before the table changed. */
  #personalScore (game: SessionGame, value: number, before: StoredTable | null, enteredTable: boolean): void {
    const { players, personalBests, publisher } = this.#deps
    const player = players.current().name
    const tableBest = bestOf(before?.entries ?? [], (name) => players.isMe(name))
    const previous = personalBests.record({ system: game.system, rom: game.rom, player, value }, tableBest, this.#deps.now().toISOString())
    if (previous === null) return
    publisher.publish('hiscore.personal.best', { System: game.system, Rom: game.rom, Game: game.game, Player: player, Value: value, Previous: previous, EnteredTable: enteredTable })
    this.#deps.facts.tell('PersonalBest', { game: game.game, player, value, previous, enteredTable })
  }

  #enterCaptured (game: FrontendGame, best: number): void {
    const player = this.#deps.players.current()
    this.#deps.publisher.publish('hiscore.console.score.captured', { SystemId: game.system, Rom: game.rom, Score: best, Player: player.name })
    const previous = this.#deps.tables.get(game.system, game.rom)
    const candidate: TableEntry = { rank: 0, name: player.name, score: String(best), value: best }
    const merged = new Map<string, TableEntry>()
    for (const entry of [...(previous?.entries ?? []), candidate]) if (!merged.has(entryKey(entry))) merged.set(entryKey(entry), entry)
    const entries = [...merged.values()]
      .sort((a, b) => (b.value ?? 0) - (a.value ?? 0))
      .slice(0, this.#deps.maxEntries)
      .map((entry, i) => ({ ...entry, rank: i + 1 }))
    const isNew = !(previous?.entries ?? []).some((entry) => entryKey(entry) === entryKey(candidate))
    const table: StoredTable = { system: game.system, rom: game.rom, game: game.game, status: 'ok', message: null, sourceType: 'captured', sourceFile: null, updatedAt: this.#deps.now().toISOString(), entries, fields: [] }
    this.#deps.tables.put(table)
    const entered = entries.find((entry) => entryKey(entry) === entryKey(candidate))
    if (isNew && entered !== undefined) this.#entryAdded(table, entered, game.md5)
    this.#personalScore(game, best, previous, isNew && entered !== undefined)
    this.#publish(game)
  }

  #entryAdded (table: StoredTable, entry: TableEntry, md5: string | null): void {
    this.#deps.publisher.publish('hiscore.entry.added', {
      System: table.system, Rom: table.rom, Game: table.game, Name: entry.name, Value: entry.value, Score: entry.score, Rank: entry.rank, At: table.updatedAt, RomMd5: md5
    })
    this.#deps.facts.tell('EntryAdded', { system: table.system, rom: table.rom, game: table.game, name: entry.name, value: entry.value, score: entry.score, rank: entry.rank, at: table.updatedAt, romMd5: md5 })
  }

  /** Publishes a game's table; it takes the retained slot only when the game is the one on screen. */
  #publish (game: FrontendGame): void {
    const table = this.#deps.tables.get(game.system, game.rom)
    const me = this.#deps.players.current().name
    const onScreen = this.#onScreen()
    const options = { retain: onScreen !== null && sameGame(onScreen, game) }
    if (table === null) {
      this.#deps.publisher.publish('hiscore.updated', { System: game.system, Rom: game.rom, Game: game.game, Status: 'not_found', Message: 'No hiscore table for this game', SourceType: 'none', SourceFile: null, UpdatedAt: null, Me: me, Scores: [], Fields: [] }, options)
      this.#deps.facts.tell('TableChanged', { system: game.system, rom: game.rom, status: 'not_found', scores: [] })
      return
    }
    const view = this.#view(table)
    this.#deps.publisher.publish('hiscore.updated', {
      System: view.system, Rom: view.rom, Game: view.game, Status: view.status, ...(view.message === null ? {} : { Message: view.message }), SourceType: view.sourceType, SourceFile: view.sourceFile, UpdatedAt: view.updatedAt, Me: view.Me,
      Scores: view.scores.map((s) => ({ Rank: s.rank, Score: s.score, Value: s.value, Name: s.name, IsMe: s.isMe })),
      Fields: view.fields.map((f) => ({ Id: f.id, Value: f.value }))
    }, options)
    this.#deps.facts.tell('TableChanged', { system: view.system, rom: view.rom, status: view.status, scores: view.scores.map(({ rank, name, score }) => ({ rank, name, score })) })
  }

  #view (table: StoredTable): HiscoreView {
    const players = this.#deps.players
    return {
      system: table.system,
      rom: table.rom,
      game: table.game,
      status: table.status,
      message: table.message,
      sourceType: table.sourceType,
      sourceFile: table.sourceFile,
      updatedAt: table.updatedAt,
      Me: players.current().name,
      scores: table.entries.map((entry) => ({ rank: entry.rank, score: entry.score, value: entry.value, name: entry.name, isMe: players.isMe(entry.name) })),
      fields: table.fields.map((field) => ({ ...field }))
    }
  }
}
