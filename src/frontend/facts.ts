/**
 * The frontend's internal facts: the game on screen, typed and complete, as every module reads it.
 * The ui.* wire payloads are built from the same values (ui-payloads.ts); no module reads those.
 */
import { serviceKey } from '../core/services.js'
import type { Facts } from '../core/facts.js'
import type { LibraryCatalog } from '../library/index.js'
import type { ContextSnapshot, FrontendState, GameRef } from './context.js'

/** A game as the frontend shows it: the hook's reference with the gamelist's identity. */
export interface GameOnScreen {
  /** The game's own system (a collection's game keeps its system). */
  readonly system: string
  /** The rom file stem: MAME's short name for an arcade game. */
  readonly rom: string
  readonly gamePath: string
  /** The name the frontend gave, else the rom stem. */
  readonly gameName: string
  /** ES's game id (gamelist id or md5, else its path formula). */
  readonly gameId: string
  /** The rom's MD5 from the gamelist, lowercase hex; null when the gamelist does not say. */
  readonly md5: string | null
}

/** How a fact came to be known. */
export interface FactOrigin {
  /** The hook's sequence (or the web API's stand-in for a hook that never ran). */
  readonly sequence: number
  /** The door the hook came through; `web-api` when no hook ran. */
  readonly source: string
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
  readonly running: (GameOnScreen & { readonly startedAt: string }) | null
  /** The running game, else the selected one. */
  readonly current: GameOnScreen | null
}

export const onScreenService = serviceKey<OnScreen>('frontend.on-screen')

const md5Pattern = /^[0-9a-f]{32}$/

export function gameOnScreen (ref: GameRef, catalog: LibraryCatalog): GameOnScreen {
  const game = catalog.game(ref.systemId, ref.gamePath)
  const md5 = game?.fields.md5?.trim().toLowerCase() ?? ''
  return { system: ref.systemId, rom: ref.romStem, gamePath: ref.gamePath, gameName: ref.gameName, gameId: catalog.gameId(ref.gamePath, game), md5: md5Pattern.test(md5) ? md5 : null }
}

/** The on-screen answer, read from the link's context whenever asked. */
export function onScreenOf (context: () => ContextSnapshot, catalog: LibraryCatalog, facts: Facts<FrontendFacts>): OnScreen {
  return {
    facts,
    get state () { return context().state },
    get selectedSystem () { return context().selectedSystem },
    get selected () {
      const selected = context().selectedGame
      return selected === null ? null : gameOnScreen(selected, catalog)
    },
    get running () {
      const running = context().runningGame
      return running === null ? null : { ...gameOnScreen(running, catalog), startedAt: running.startedAtUtc }
    },
    get current () {
      const snapshot = context()
      const game = snapshot.runningGame ?? snapshot.selectedGame
      return game === null ? null : gameOnScreen(game, catalog)
    }
  }
}
