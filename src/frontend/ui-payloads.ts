/**
 * Payloads of the `ui.*` events (PascalCase). Consumers read the system and rom from many places
 * (consumers.md §1.3), so a system selection carries no rom-bearing field anywhere, and game
 * events carry top-level `System`, `SystemId` and `Rom`.
 */
import type { LibraryCatalog } from '../library/index.js'
import { selectionKey } from '../identity/index.js'
import type { ContextSnapshot, GameRef } from './context.js'
import type { HookSource } from './hook-event.js'
import { gameIdOf } from './views.js'

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

function gameObject (ref: GameRef, catalog: LibraryCatalog) {
  const game = catalog.game(ref.systemId, ref.gamePath)
  return { SystemId: ref.systemId, GameId: gameIdOf(ref.gamePath, game), GamePath: ref.gamePath, GameName: ref.gameName }
}

function selection (ref: GameRef, catalog: LibraryCatalog) {
  const fields = catalog.game(ref.systemId, ref.gamePath)?.fields ?? {}
  return {
    ...gameObject(ref, catalog),
    Name: fields.name ?? ref.gameName,
    Releasedate: fields.releasedate ?? '',
    Developer: fields.developer ?? '',
    Publisher: fields.publisher ?? '',
    Genre: fields.genre ?? '',
    Image: fields.image ?? '',
    Marquee: fields.marquee ?? '',
    Fanart: fields.fanart ?? ''
  }
}

function context (snapshot: ContextSnapshot, catalog: LibraryCatalog) {
  return {
    Frontend: snapshot.frontend,
    State: snapshot.state,
    SelectedSystem: snapshot.selectedSystem === null ? null : { Name: snapshot.selectedSystem },
    Selected: snapshot.selectedGame === null ? null : gameObject(snapshot.selectedGame, catalog),
    Running: snapshot.runningGame === null ? null : gameObject(snapshot.runningGame, catalog),
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

function gamePayload (stamp: HookStamp, ref: GameRef, snapshot: ContextSnapshot, catalog: LibraryCatalog) {
  return {
    ...stamp,
    SelectionKey: selectionKey(ref.systemId, ref.romStem),
    System: ref.systemId,
    SystemId: ref.systemId,
    Rom: ref.romStem,
    GamePath: ref.gamePath,
    GameName: ref.gameName,
    Selection: selection(ref, catalog),
    Context: context(snapshot, catalog)
  }
}

export const gameSelectedPayload = gamePayload

/** `Selection.LongName` is the rom short name (the 2nd game-start argument), as consumers expect. */
export function gameStartedPayload (stamp: HookStamp, ref: GameRef, snapshot: ContextSnapshot, catalog: LibraryCatalog) {
  const payload = gamePayload(stamp, ref, snapshot, catalog)
  return { ...payload, Selection: { ...payload.Selection, LongName: ref.romStem } }
}

export function gameEndedPayload (stamp: HookStamp, ref: GameRef | null, snapshot: ContextSnapshot, catalog: LibraryCatalog) {
  return ref === null ? { ...stamp, Context: context(snapshot, catalog) } : gamePayload(stamp, ref, snapshot, catalog)
}

export function uiEventPayload (stamp: HookStamp, snapshot: ContextSnapshot, catalog: LibraryCatalog) {
  return { ...stamp, Context: context(snapshot, catalog) }
}

/** The selection may be stale: a navigation input at `inputAtMs` got no selection report. */
export function selectionUncertainPayload (inputAtMs: number, snapshot: ContextSnapshot, catalog: LibraryCatalog) {
  return { LastInputAt: new Date(inputAtMs).toISOString(), Context: context(snapshot, catalog) }
}
