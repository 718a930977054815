/**
 * The cabinet at a glance, kept from the facts of the modules that know them (the game on screen,
 * the live score, the marquee shown): what the venue tiles and Home Assistant's entities show.
 * Published retained on `<prefix>/<nodeId>/summary` whenever it changes.
 */
import type { GameOnScreen } from '../frontend/index.js'

export interface CabinetSummaryState {
  state: 'browsing' | 'playing'
  system: string | null
  game: string | null
  gameName: string | null
  /** The current entry's marquee (else another piece of its art): a `/api/v1/media/...` URL or an absolute one. */
  image: string | null
  score: number | null
  frontendRunning: boolean | null
}

export class CabinetSummary {
  readonly state: CabinetSummaryState = { state: 'browsing', system: null, game: null, gameName: null, image: null, score: null, frontendRunning: null }

  /** Applies one change; true when the summary changed. */
  apply (change: (state: CabinetSummaryState) => void): boolean {
    const before = JSON.stringify(this.state)
    change(this.state)
    return JSON.stringify(this.state) !== before
  }
}

/** The frontend's cursor moved (a game, or a system with `game` null); `playing` while a game runs. */
export const selected = (system: string, game: GameOnScreen | null, playing: boolean) => (state: CabinetSummaryState): void => {
  state.system = system
  state.game = game?.rom ?? null
  state.gameName = game?.gameName ?? null
  state.state = playing ? 'playing' : 'browsing'
}

export const started = (game: GameOnScreen) => (state: CabinetSummaryState): void => {
  selected(game.system, game, true)(state)
  state.score = null
}

export const ended = (state: CabinetSummaryState): void => { state.state = 'browsing' }
