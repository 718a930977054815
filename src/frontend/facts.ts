/**
 * The frontend's internal facts: the game on screen, typed and complete, as every module reads it.
 * The ui.* wire payloads are built from the same values (ui-payloads.ts); no module reads those.
 */
import { serviceKey } from '../core/services.js'
import type { Facts } from '../core/facts.js'
import type { ContextSnapshot, FrontendState } from './context.js'
import type { GameOnScreen, RunningGame } from './game-on-screen.js'
import type { HookSource } from './hook-event.js'

/** How a fact came to be known. */
export interface FactOrigin {
  /** The hook's sequence (or the web API's stand-in for a hook that never ran). */
  readonly sequence: number
  /** The door the hook came through; `web-api` when no hook ran. */
  readonly source: HookSource | 'web-api'
  /** true when the frontend's web API showed it and no hook said it. */
  readonly inferred: boolean
  /** true when the hook was fired before the service started: history, not news. */
  readonly replayed: boolean
  /** When the hook was fired, where its door knows it; else null. */
  readonly occurredAt: string | null
  /** The CorrelationId of the ui.* event it was published as, for what other modules publish because of it. */
  readonly correlationId: string
}

export interface FrontendFacts {
  /** The cursor moved: a game (`game`), or a system with no game (`game` null). */
  readonly SelectionChanged: FactOrigin & { readonly system: string, readonly game: GameOnScreen | null, readonly collection: string | null }
  /**
   * A game runs now: a start as it happens, told before its ui.game.started is published (so what
   * goes with the game, its panel, reaches clients first); or a start replayed from while the
   * service was down that no replayed end followed, once the replay is over.
   */
  readonly GameRunning: FactOrigin & { readonly game: GameOnScreen, readonly startedAt: string }
  readonly GameStarted: FactOrigin & { readonly game: GameOnScreen, readonly startedAt: string }
  /** `game` is the game that ended, when the frontend said which. */
  readonly GameEnded: FactOrigin & { readonly game: GameOnScreen | null }
  readonly FrontendLifecycle: { readonly running: boolean, readonly reason: string }
  readonly ScreensaverChanged: FactOrigin & { readonly on: boolean }
}

/** What is on screen now: the same answer as `GET /api/v1/context/state`, for any module. */
export interface OnScreen {
  readonly facts: Facts<FrontendFacts>
  readonly state: FrontendState
  readonly selectedSystem: string | null
  readonly selected: GameOnScreen | null
  readonly running: RunningGame | null
  /** The running game, else the selected one. */
  readonly current: GameOnScreen | null
}

export const onScreenService = serviceKey<OnScreen>()('onScreen')

/** The on-screen answer, read from the link's context whenever asked. */
export function onScreenOf (context: () => ContextSnapshot, facts: Facts<FrontendFacts>): OnScreen {
  return {
    facts,
    get state () { return context().state },
    get selectedSystem () { return context().selectedSystem },
    get selected () { return context().selectedGame },
    get running () { return context().runningGame },
    get current () {
      const snapshot = context()
      return snapshot.runningGame ?? snapshot.selectedGame
    }
  }
}
