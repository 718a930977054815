/**
 * JSON shapes of the ES web API (Batocera-family HttpApi): systems and games as ES prints them,
 * every value a string except the counters, media fields as `/systems/{s}/games/{id}/media/{key}`.
 */
import path from 'node:path'
import type { SimGame, SimSystem } from './catalog.js'

/** Gamelist tags that hold a file path (ES metadata of type MD_PATH). */
const mediaKeys: ReadonlySet<string> = new Set([
  'image', 'video', 'marquee', 'thumbnail', 'fanart', 'titleshot', 'manual', 'magazine', 'map',
  'bezel', 'cartridge', 'boxart', 'boxback', 'wheel', 'mix'
])

export function systemJson (system: SimSystem): Record<string, unknown> {
  const releaseYear = Number.parseInt(system.release.slice(0, 4), 10)
  return {
    name: system.name,
    fullname: system.fullname,
    hardwareType: system.hardware,
    hardware: system.hardware,
    manufacturer: system.manufacturer,
    release: system.release,
    ...(Number.isFinite(releaseYear) ? { releaseYear } : {}),
    theme: system.theme,
    platform: system.platform,
    path: system.romsDir.replaceAll('\\', '/'),
    command: system.command,
    extension: system.extensions.join(' '),
    extensions: system.extensions,
    visible: 'true',
    collection: 'false',
    gamesystem: 'true',
    groupsystem: 'false',
    totalGames: system.games.length,
    visibleGames: system.games.length,
    favoriteGames: system.games.filter((game) => game.metadata.favorite === 'true').length,
    playedGames: system.games.filter((game) => Number(game.metadata.playcount ?? 0) > 0).length,
    hiddenGames: 0,
    mostPlayedGame: '',
    ...(system.logoFile === null ? {} : { logo: `/systems/${system.name}/logo` })
  }
}

export function gameJson (game: SimGame): Record<string, string> {
  const json: Record<string, string> = { id: game.id, path: game.path, name: game.name }
  for (const [key, value] of Object.entries(game.metadata)) {
    json[key] = mediaKeys.has(key) ? `/systems/${game.systemName}/games/${game.id}/media/${key}` : value
  }
  return json
}

/** The file behind a media field of a game, or null when the game has none. */
export function mediaFile (game: SimGame, key: string): string | null {
  const value = game.metadata[key]
  if (!mediaKeys.has(key) || value === undefined) return null
  return path.resolve(game.gamelistDir, value.replaceAll('\\', '/'))
}

const mimeTypes: Readonly<Record<string, string>> = {
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4', '.webm': 'video/webm', '.pdf': 'application/pdf'
}

export function mimeType (file: string): string {
  return mimeTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
}
