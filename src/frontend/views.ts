/**
 * The context as REST answers it (camelCase): game references with catalog details and launch
 * information, and systems with their es_systems.cfg fields.
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import type { CatalogGame, LibraryCatalog } from '../library/catalog.js'
import { detailKinds, gamelistTagKinds } from '../media/kinds.js'
import type { SystemInfo } from '../library/es-systems.js'
import type { ContextSnapshot, GameRef, RunningGame } from './context.js'

/** Detail fields always present (empty when the gamelist does not say). */
export const detailFields = ['name', 'desc', 'developer', 'publisher', 'genre', 'players', 'rating', 'releasedate', 'image', 'video', 'marquee', 'thumbnail', 'fanart', 'bezel', 'boxback', 'manual', 'map'] as const

export type GameDetails = Record<typeof detailFields[number], string> & Record<string, unknown> & { extras: Record<string, string> }

export interface LaunchInfo {
  readonly romPath: string
  readonly romExists: boolean
  readonly running: boolean
  readonly startedAtUtc: string | null
}

export interface GameView {
  readonly systemId: string
  readonly gameId: string
  readonly gamePath: string
  readonly gameName: string
  readonly romStem: string
  readonly details: GameDetails
  readonly launch: LaunchInfo
}

/** ES's own game id when the gamelist has one, else its formula: MD5 of the absolute path with forward slashes. */
export function gameIdOf (gamePath: string, game: CatalogGame | null): string {
  const known = game?.fields.id ?? game?.fields.md5
  if (known !== undefined && known !== '') return known
  return createHash('md5').update(gamePath.replace(/\\/g, '/')).digest('hex')
}

/**
 * Media values become canonical `/api/v1/media/...` URLs (absolute http(s) values stay): the named
 * fields, '' when the game has no such file, and every other kind the game owns in `extras`.
 */
function projectMedia (details: Record<string, unknown>, extras: Record<string, string>, urls: ReadonlyMap<string, string>): void {
  const named = new Set(Object.values(detailKinds))
  for (const [field, kind] of Object.entries(detailKinds)) {
    const raw = details[field]
    if (typeof raw === 'string' && /^https?:\/\//i.test(raw)) continue
    details[field] = urls.get(kind) ?? ''
  }
  for (const tag of Object.keys(gamelistTagKinds)) if (!/^https?:\/\//i.test(extras[tag] ?? '')) delete extras[tag]
  for (const [kind, url] of urls) if (!named.has(kind)) extras[kind] = url
}

export function detailsOf (ref: GameRef, game: CatalogGame | null, catalog?: LibraryCatalog): GameDetails {
  const details: Record<string, unknown> = Object.fromEntries(detailFields.map((f) => [f, '']))
  // The rom path is the reference's own field, not a detail.
  for (const [tag, value] of Object.entries(game?.fields ?? {})) if (tag !== 'path') details[tag] = value
  if (details.name === '') details.name = ref.gameName
  const extras: Record<string, string> = { ...game?.extras }
  const projector = catalog?.mediaProjector ?? null
  if (projector !== null) projectMedia(details, extras, projector(ref.systemId, ref.gamePath, game?.fields.name ?? ref.gameName))
  details.extras = extras
  return details as GameDetails
}

export function gameView (ref: GameRef, catalog: LibraryCatalog): GameView {
  const game = catalog.game(ref.systemId, ref.gamePath)
  const startedAtUtc = 'startedAtUtc' in ref ? (ref as RunningGame).startedAtUtc : null
  return {
    systemId: ref.systemId,
    gameId: gameIdOf(ref.gamePath, game),
    gamePath: ref.gamePath,
    gameName: game?.fields.name ?? ref.gameName,
    romStem: ref.romStem,
    details: detailsOf(ref, game, catalog),
    launch: { romPath: ref.gamePath, romExists: existsSync(ref.gamePath), running: startedAtUtc !== null, startedAtUtc }
  }
}

export function systemView (systemId: string, catalog: LibraryCatalog): SystemInfo {
  return catalog.system(systemId) ?? { name: systemId }
}

export function contextStateView (snapshot: ContextSnapshot, catalog: LibraryCatalog) {
  return {
    state: snapshot.state,
    selectedSystem: snapshot.selectedSystem === null ? null : systemView(snapshot.selectedSystem, catalog),
    selectedGame: snapshot.selectedGame === null ? null : gameView(snapshot.selectedGame, catalog),
    runningGame: snapshot.runningGame === null ? null : gameView(snapshot.runningGame, catalog)
  }
}
