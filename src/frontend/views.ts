/**
 * The context as REST answers it (camelCase): game references with catalog details and launch
 * information, and systems with their es_systems.cfg fields.
 */
import { pathExists } from '../core/storage/path-exists.js'
import type { SystemInfo } from '../frontends/index.js'
import type { CatalogGame, LibraryCatalog } from '../library/index.js'
import { detailKinds, gamelistTagKinds, type GameMedia } from '../media/index.js'
import type { ContextSnapshot } from './context.js'
import type { GameOnScreen, RunningGame } from './game-on-screen.js'

/** Detail fields always present (empty when the gamelist does not say). */
export const detailFields = ['name', 'desc', 'developer', 'publisher', 'genre', 'players', 'rating', 'releasedate', 'image', 'video', 'marquee', 'thumbnail', 'fanart', 'bezel', 'boxback', 'manual', 'map'] as const

type GameDetails = Record<typeof detailFields[number], string> & Record<string, unknown> & { extras: Record<string, string> }

interface LaunchInfo {
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

function detailsOf (onScreen: GameOnScreen, game: CatalogGame | null, media: GameMedia | null): GameDetails {
  const details: Record<string, unknown> = Object.fromEntries(detailFields.map((f) => [f, '']))
  // The rom path is the reference's own field, not a detail.
  for (const [tag, value] of Object.entries(game?.fields ?? {})) if (tag !== 'path') details[tag] = value
  if (details.name === '') details.name = onScreen.gameName
  const extras: Record<string, string> = { ...game?.extras }
  const urls = media?.urls(onScreen.system, onScreen.gamePath, onScreen.gameName) ?? null
  if (urls !== null) projectMedia(details, extras, urls)
  details.extras = extras
  return details as GameDetails
}

/** A game on screen with its catalog details; `media` turns media fields into canonical URLs. */
export async function gameView (onScreen: GameOnScreen | RunningGame, catalog: LibraryCatalog, media: GameMedia | null): Promise<GameView> {
  const startedAtUtc = 'startedAt' in onScreen ? onScreen.startedAt : null
  return {
    systemId: onScreen.system,
    gameId: onScreen.gameId,
    gamePath: onScreen.gamePath,
    gameName: onScreen.gameName,
    romStem: onScreen.rom,
    details: detailsOf(onScreen, catalog.game(onScreen.system, onScreen.gamePath), media),
    launch: { romPath: onScreen.gamePath, romExists: await pathExists(onScreen.gamePath), running: startedAtUtc !== null, startedAtUtc }
  }
}

export function systemView (systemId: string, catalog: LibraryCatalog): SystemInfo {
  return catalog.system(systemId) ?? { name: systemId }
}

export async function contextStateView (snapshot: ContextSnapshot, catalog: LibraryCatalog, media: GameMedia | null) {
  const viewOf = async (game: GameOnScreen | null): Promise<GameView | null> => game === null ? null : gameView(game, catalog, media)
  return {
    state: snapshot.state,
    selectedSystem: snapshot.selectedSystem === null ? null : systemView(snapshot.selectedSystem, catalog),
    selectedGame: await viewOf(snapshot.selectedGame),
    runningGame: await viewOf(snapshot.runningGame),
    collection: snapshot.collection,
    screensaverGame: await viewOf(snapshot.screensaverGame),
    selectionUncertain: snapshot.selectionUncertain
  }
}
