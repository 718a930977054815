/**
 * What the frontend is doing (spec §3): `browsing`, `playing` or showing its `screensaver`, or
 * `stopped` once it quit; the selected system and game, the collection browsed, the running game.
 * Empty after start until the frontend's next selection, and after it quit.
 */
import { systemFromRomPath } from '../identity/index.js'
import type { GameOnScreen, ReportedGame, ResolveGame, RunningGame } from './game-on-screen.js'

export type FrontendState = 'browsing' | 'playing' | 'screensaver' | 'stopped'

/**
 * How long after a navigation input the frontend has to report where its cursor went before the
 * selection counts as uncertain. Measured: a key press reaches ui.game.selected in 148 ms at the
 * median on the real ES (issue 26, with the old 100 ms reorder wait), and the spool door's p99
 * stays under 250 ms on a loaded machine (hook-latency bench); 500 ms leaves room for both.
 */
export const selectionReportMs = 500

export interface ContextSnapshot {
  /** The frontend family (`Context.Frontend`): `emulationstation`, `es-de` ... */
  readonly frontend: string
  readonly state: FrontendState
  readonly selectedSystem: string | null
  readonly selectedGame: GameOnScreen | null
  readonly runningGame: RunningGame | null
  /** The collection on the carousel (`all`, `favorites` ...) while its games are browsed; their own system is `selectedSystem`. */
  readonly collection: string | null
  /** The game the screensaver shows, while it runs. */
  readonly screensaverGame: GameOnScreen | null
  /**
   * true when a navigation input was pressed more than `selectionReportMs` ago and the frontend
   * has not reported a selection since: its cursor may be on a game whose hook cannot run.
   */
  readonly selectionUncertain: boolean
}

/** What the screensaver covers: restored as it was when the screensaver stops. */
interface CoveredBrowsing {
  readonly selectedSystem: string | null
  readonly selectedGame: GameOnScreen | null
  readonly collection: string | null
}

export class FrontendContext {
  /**
   * When the last navigation input (sent by us or seen on the panel) was pressed, epoch ms, until
   * the frontend reports where its cursor went; null when it has since. A rom whose hook cannot
   * run leaves it set: the frontend's cursor is then somewhere the hooks did not say.
   */
  #inputUnconfirmedSince: number | null = null
  #state: FrontendState = 'browsing'
  #selectedSystem: string | null = null
  #selectedGame: GameOnScreen | null = null
  #runningGame: RunningGame | null = null
  #collection: string | null = null
  #covered: CoveredBrowsing | null = null
  #screensaverGame: GameOnScreen | null = null

  readonly #resolve: ResolveGame
  /** The service's clock: inputs are noted on it (see noteNavigationInput's callers), so it tells how long one went unconfirmed. */
  readonly #now: () => Date

  constructor (readonly frontend: string, resolve: ResolveGame, now: () => Date) {
    this.#resolve = resolve
    this.#now = now
  }

  snapshot (): ContextSnapshot {
    return {
      frontend: this.frontend,
      state: this.#state,
      selectedSystem: this.#selectedSystem,
      selectedGame: this.#selectedGame,
      runningGame: this.#runningGame,
      collection: this.#collection,
      screensaverGame: this.#screensaverGame,
      selectionUncertain: this.#state !== 'playing' && this.#inputUnconfirmedSince !== null && this.#now().getTime() - this.#inputUnconfirmedSince >= selectionReportMs
    }
  }

  get screensaverOn (): boolean {
    return this.#covered !== null
  }

  /** true until the first selection or game start after the service started. */
  get empty (): boolean {
    return this.#selectedSystem === null && this.#selectedGame === null && this.#runningGame === null
  }

  /** A navigation input was pressed at `atMs`: until the frontend reports a selection fired after it, the position is not known. */
  noteNavigationInput (atMs: number): void {
    this.#inputUnconfirmedSince = atMs
  }

  /** true when no navigation input was pressed since the frontend last reported its cursor. */
  get positionKnown (): boolean {
    return this.#inputUnconfirmedSince === null
  }

  /** A report of the cursor fired at `firedAtMs` (null: not known, taken as now) confirms only the inputs pressed before it. */
  #confirm (firedAtMs: number | null): void {
    if (this.#inputUnconfirmedSince !== null && (firedAtMs === null || firedAtMs >= this.#inputUnconfirmedSince)) this.#inputUnconfirmedSince = null
  }

  /** `collection`: true when the carousel entry is a collection, whose games keep their own system. */
  selectSystem (systemId: string, collection: boolean, firedAtMs: number | null = null): void {
    this.#confirm(firedAtMs)
    this.#leaveScreensaver()
    this.#state = this.#runningGame === null ? 'browsing' : this.#state
    this.#selectedSystem = systemId
    this.#selectedGame = null
    this.#collection = collection ? systemId : null
  }

  /** Returns the game as it is on screen now. */
  selectGame (reported: ReportedGame, firedAtMs: number | null = null): GameOnScreen {
    this.#confirm(firedAtMs)
    this.#leaveScreensaver()
    const game = this.#resolve(reported)
    this.#state = this.#runningGame === null ? 'browsing' : this.#state
    this.#selectedSystem = game.system
    this.#selectedGame = game
    return game
  }

  /** The screensaver covers the browsing view; what it shows is its own, not a selection. */
  startScreensaver (): void {
    if (this.#runningGame !== null) return
    this.#covered ??= { selectedSystem: this.#selectedSystem, selectedGame: this.#selectedGame, collection: this.#collection }
    this.#state = 'screensaver'
  }

  showOnScreensaver (reported: ReportedGame): GameOnScreen {
    this.#screensaverGame = this.#resolve(reported)
    return this.#screensaverGame
  }

  /** Back to the browsing view the screensaver covered, which an input that stopped it did not move. */
  stopScreensaver (firedAtMs: number | null = null): void {
    this.#confirm(firedAtMs)
    this.#leaveScreensaver()
    if (this.#runningGame === null) this.#state = 'browsing'
  }

  #leaveScreensaver (): void {
    if (this.#covered === null) return
    this.#selectedSystem = this.#covered.selectedSystem
    this.#selectedGame = this.#covered.selectedGame
    this.#collection = this.#covered.collection
    this.#covered = null
    this.#screensaverGame = null
  }

  /**
   * game-start carries no system (design.md §5): the selected game's when it is the one starting,
   * else the rom's folder under roms/ (a launch through the API may start a game of another
   * system than the one on screen), else the selected system.
   */
  startGame (started: Omit<ReportedGame, 'system'>, startedAt: Date): RunningGame {
    this.#leaveScreensaver()
    const selected = this.#selectedGame !== null && this.#selectedGame.gamePath === started.gamePath ? this.#selectedGame : null
    const system = selected?.system ?? systemFromRomPath(started.gamePath) ?? this.#selectedSystem ?? 'unknown'
    const game = this.#resolve({ ...started, system, frontendName: started.frontendName ?? selected?.gameName })
    this.#runningGame = { ...game, startedAt: startedAt.toISOString() }
    this.#state = 'playing'
    this.#selectedSystem ??= system
    return this.#runningGame
  }

  /** The frontend quit: it shows nothing, and what it showed is gone (it starts on its first system again). */
  frontendStopped (): void {
    this.#state = 'stopped'
    this.#selectedSystem = null
    this.#selectedGame = null
    this.#runningGame = null
    this.#collection = null
    this.#covered = null
    this.#screensaverGame = null
    this.#inputUnconfirmedSince = null
  }

  /** The frontend came up: browsing, until it says what it selected. */
  frontendStarted (): void {
    if (this.#state === 'stopped') this.#state = 'browsing'
  }

  /** Returns the game that ended (running, else selected). */
  endGame (): GameOnScreen | null {
    const ended = this.#runningGame ?? this.#selectedGame
    this.#runningGame = null
    this.#state = 'browsing'
    return ended
  }

  /** The running game, else the selected one. */
  currentGame (): GameOnScreen | null {
    return this.#runningGame ?? this.#selectedGame
  }
}
