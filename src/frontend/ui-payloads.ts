/**
 * Payloads of the `ui.*` events (PascalCase). Consumers read the system and rom from many places
 * (consumers.md §1.3), so a system selection carries no rom-bearing field anywhere, and game
 * events carry top-level `System`, `SystemId` and `Rom`.
 */
import type { LibraryCatalog } from '../library/index.js'
import { selectionKey } from '../identity/index.js'
import type { ContextSnapshot } from './context.js'
import type { FactOrigin } from './facts.js'
import type { GameOnScreen } from './game-on-screen.js'
import type { HookSource } from './hook-event.js'

/** What every ui.* payload says about the hook that caused it, or the web API answer that stood in for a hook that never ran. */
export interface HookStamp {
  readonly EventName: string
  readonly RawArgs: string[]
  readonly Source: HookSource | 'web-api'
  readonly Sequence: number
  /** Present (true) when no hook said it: the frontend's web API showed it. */
  readonly Inferred?: true
  /** When the hook was fired, where its door knows it (spool files). */
  readonly OccurredAt?: string
  /** Present (true) when the hook was fired before the service started: history applied in order, not news. */
  readonly Replayed?: true
}

/** The stamp of a hook (or of the web API's stand-in for one), from what the link made of it. */
export function hookStamp (event: string, args: readonly string[], origin: FactOrigin): HookStamp {
  return {
    EventName: event,
    RawArgs: [...args],
    Source: origin.source,
    Sequence: origin.sequence,
    ...(origin.inferred ? { Inferred: true as const } : {}),
    ...(origin.occurredAt === null ? {} : { OccurredAt: origin.occurredAt }),
    ...(origin.replayed ? { Replayed: true as const } : {})
  }
}

function gameObject (game: GameOnScreen) {
  return { SystemId: game.system, GameId: game.gameId, GamePath: game.gamePath, GameName: game.gameName }
}

function selection (game: GameOnScreen, catalog: LibraryCatalog) {
  const fields = catalog.game(game.system, game.gamePath)?.fields ?? {}
  return {
    ...gameObject(game),
    Md5: game.md5,
    Name: game.gameName,
    Releasedate: fields.releasedate ?? '',
    Developer: fields.developer ?? '',
    Publisher: fields.publisher ?? '',
    Genre: fields.genre ?? '',
    Image: fields.image ?? '',
    Marquee: fields.marquee ?? '',
    Fanart: fields.fanart ?? ''
  }
}

function context (snapshot: ContextSnapshot) {
  return {
    Frontend: snapshot.frontend,
    State: snapshot.state,
    SelectedSystem: snapshot.selectedSystem === null ? null : { Name: snapshot.selectedSystem },
    Selected: snapshot.selectedGame === null ? null : gameObject(snapshot.selectedGame),
    Running: snapshot.runningGame === null ? null : gameObject(snapshot.runningGame),
    Collection: snapshot.collection,
    SelectionUncertain: snapshot.selectionUncertain
  }
}

export function systemSelectedPayload (stamp: HookStamp, systemId: string, snapshot: ContextSnapshot) {
  return {
    ...stamp,
    SelectionKey: selectionKey(systemId, null),
    System: systemId,
    SystemId: systemId,
    Selection: { SystemId: systemId },
    Context: { Frontend: snapshot.frontend, State: snapshot.state, SelectedSystem: { Name: systemId }, Collection: snapshot.collection, SelectionUncertain: snapshot.selectionUncertain }
  }
}

function gamePayload (stamp: HookStamp, game: GameOnScreen, snapshot: ContextSnapshot, catalog: LibraryCatalog) {
  return {
    ...stamp,
    SelectionKey: selectionKey(game.system, game.rom),
    System: game.system,
    SystemId: game.system,
    Rom: game.rom,
    GamePath: game.gamePath,
    GameName: game.gameName,
    Selection: selection(game, catalog),
    Context: context(snapshot)
  }
}

export const gameSelectedPayload = gamePayload

/** `Selection.LongName` is the rom short name (the 2nd game-start argument), as consumers expect. */
export function gameStartedPayload (stamp: HookStamp, game: GameOnScreen, snapshot: ContextSnapshot, catalog: LibraryCatalog) {
  const payload = gamePayload(stamp, game, snapshot, catalog)
  return { ...payload, Selection: { ...payload.Selection, LongName: game.rom } }
}

export function gameEndedPayload (stamp: HookStamp, game: GameOnScreen | null, snapshot: ContextSnapshot, catalog: LibraryCatalog) {
  return game === null ? { ...stamp, Context: context(snapshot) } : gamePayload(stamp, game, snapshot, catalog)
}

export function uiEventPayload (stamp: HookStamp, snapshot: ContextSnapshot) {
  return { ...stamp, Context: context(snapshot) }
}

/** The selection may be stale: a navigation input at `inputAtMs` got no selection report. */
export function selectionUncertainPayload (inputAtMs: number, snapshot: ContextSnapshot) {
  return { LastInputAt: new Date(inputAtMs).toISOString(), Context: context(snapshot) }
}
