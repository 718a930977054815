/**
 * What the frontend is doing (spec §3): `browsing` or `playing`, the selected system and game,
 * the running game. Empty after start until the frontend's next selection.
 */
import { romStem, systemFromRomPath } from '../identity/index.js'

export type FrontendState = 'browsing' | 'playing'

/** A game as the hooks named it; catalog details are looked up when asked for. */
export interface GameRef {
  readonly systemId: string
  readonly gamePath: string
  /** Display name from the hook, else the rom file stem. */
  readonly gameName: string
  readonly romStem: string
}

export interface RunningGame extends GameRef {
  readonly startedAtUtc: string
}

export interface ContextSnapshot {
  readonly state: FrontendState
  readonly selectedSystem: string | null
  readonly selectedGame: GameRef | null
  readonly runningGame: RunningGame | null
}

export function gameRef (systemId: string, gamePath: string, gameName: string | undefined): GameRef {
  const stem = romStem(gamePath)
  return { systemId, gamePath, gameName: gameName !== undefined && gameName.trim() !== '' ? gameName : stem, romStem: stem }
}

export class FrontendContext {
  #state: FrontendState = 'browsing'
  #selectedSystem: string | null = null
  #selectedGame: GameRef | null = null
  #runningGame: RunningGame | null = null

  snapshot (): ContextSnapshot {
    return { state: this.#state, selectedSystem: this.#selectedSystem, selectedGame: this.#selectedGame, runningGame: this.#runningGame }
  }

  /** true until the first selection or game start after the service started. */
  get empty (): boolean {
    return this.#selectedSystem === null && this.#selectedGame === null && this.#runningGame === null
  }

  selectSystem (systemId: string): void {
    this.#state = this.#runningGame === null ? 'browsing' : this.#state
    this.#selectedSystem = systemId
    this.#selectedGame = null
  }

  selectGame (game: GameRef): void {
    this.#state = this.#runningGame === null ? 'browsing' : this.#state
    this.#selectedSystem = game.systemId
    this.#selectedGame = game
  }

  /**
   * game-start carries no system (design.md §5): the selected game's when it is the one starting,
   * else the rom's folder under roms/ (a launch through the API may start a game of another
   * system than the one on screen), else the selected system.
   */
  startGame (gamePath: string, romStem: string | undefined, gameName: string | undefined, startedAt: Date): RunningGame {
    const selected = this.#selectedGame !== null && this.#selectedGame.gamePath === gamePath ? this.#selectedGame : null
    const systemId = selected?.systemId ?? systemFromRomPath(gamePath) ?? this.#selectedSystem ?? 'unknown'
    const name = gameName ?? selected?.gameName
    const ref = gameRef(systemId, gamePath, name)
    this.#runningGame = { ...ref, romStem: romStem !== undefined && romStem.trim() !== '' ? romStem : ref.romStem, startedAtUtc: startedAt.toISOString() }
    this.#state = 'playing'
    this.#selectedSystem ??= systemId
    return this.#runningGame
  }

  /** Returns the game that ended (running, else selected). */
  endGame (): GameRef | null {
    const ended = this.#runningGame ?? this.#selectedGame
    this.#runningGame = null
    this.#state = 'browsing'
    return ended
  }

  /** The running game, else the selected one. */
  currentGame (): GameRef | null {
    return this.#runningGame ?? this.#selectedGame
  }
}
