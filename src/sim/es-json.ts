/**
 * JSON of the ES web API as Batocera's `HttpApi.cpp` writes it: rapidjson's PrettyWriter (four
 * spaces), keys in ES's order, `theme` written twice for a system, game metadata in ES's
 * declaration order with ES's defaults, media fields as `/systems/{s}/games/{id}/media/{key}`.
 * Written as text because JSON.stringify cannot repeat a key.
 */
import path from 'node:path'
import type { SimGame, SimSystem } from './catalog.js'

type JsonValue = string | number | boolean | readonly string[]
/** An object as an ordered list of entries, so a key may appear twice as in ES's output. */
type JsonEntries = readonly (readonly [string, JsonValue])[]

const indent = '    '

function scalar (value: string | number | boolean): string {
  return JSON.stringify(value)
}

function value (item: JsonValue, depth: number): string {
  if (!Array.isArray(item)) return scalar(item as string | number | boolean)
  if (item.length === 0) return '[]'
  const inner = indent.repeat(depth + 1)
  return `[\n${item.map((element) => `${inner}${scalar(element)}`).join(',\n')}\n${indent.repeat(depth)}]`
}

function objectText (entries: JsonEntries, depth: number): string {
  if (entries.length === 0) return '{}'
  const inner = indent.repeat(depth + 1)
  return `{\n${entries.map(([key, item]) => `${inner}${scalar(key)}: ${value(item, depth + 1)}`).join(',\n')}\n${indent.repeat(depth)}}`
}

/** One object, as ES prints it. */
export function esObject (entries: JsonEntries): string {
  return objectText(entries, 0)
}

/** An array of objects, as ES prints it. */
export function esArray (objects: readonly JsonEntries[]): string {
  if (objects.length === 0) return '[]'
  return `[\n${objects.map((entries) => `${indent}${objectText(entries, 1)}`).join(',\n')}\n]`
}

export function capsEntries (version: string): JsonEntries {
  return [['Version', version], ['SortName', false]]
}

export function systemEntries (system: SimSystem): JsonEntries {
  const releaseYear = Number.parseInt(system.release.slice(0, 4), 10)
  const games = system.games
  return [
    ['name', system.name],
    ['fullname', system.fullname],
    ['hardwareType', system.hardware],
    ['manufacturer', system.manufacturer],
    ...(Number.isFinite(releaseYear) && releaseYear !== 0 ? [['releaseYear', releaseYear] as const] : []),
    // ES writes the metadata's theme folder, then the system's theme folder: the same key twice.
    ['theme', system.theme],
    ['theme', system.theme],
    ...(system.extensions.length > 0 ? [['extensions', system.extensions] as const] : []),
    ['visible', 'true'],
    ['collection', system.collection ? 'true' : 'false'],
    ['gamesystem', system.collection ? 'false' : 'true'],
    ['groupsystem', 'false'],
    ['totalGames', games.length],
    ['visibleGames', games.length],
    ['favoriteGames', games.filter((game) => game.metadata.favorite === 'true').length],
    ['playedGames', games.filter((game) => Number(game.metadata.playcount ?? 0) > 0).length],
    ['hiddenGames', 0],
    ['mostPlayedGame', ''],
    ...(system.logoFile === null ? [] : [['logo', `/systems/${system.name}/logo`] as const])
  ]
}

type MetadataType = 'text' | 'path'

/**
 * ES's game metadata declarations (MetaData.cpp), in order, with the default `get` answers for
 * unset values (ES prints every non-empty value, defaults included). `name` is printed first.
 */
const metadataDeclarations: readonly (readonly [key: string, type: MetadataType, fallback: string])[] = [
  ['desc', 'text', ''], ['genre', 'text', ''], ['tags', 'text', ''], ['sortname', 'text', ''], ['emulator', 'text', ''], ['core', 'text', ''],
  ['image', 'path', ''], ['video', 'path', ''], ['marquee', 'path', ''], ['thumbnail', 'path', ''], ['fanart', 'path', ''],
  ['titleshot', 'path', ''], ['manual', 'path', ''], ['magazine', 'path', ''], ['map', 'path', ''], ['bezel', 'path', ''],
  ['cartridge', 'path', ''], ['boxart', 'path', ''], ['boxback', 'path', ''], ['wheel', 'path', ''], ['mix', 'path', ''],
  ['rating', 'text', '0.000000'], ['releasedate', 'text', 'not-a-date-time'], ['developer', 'text', ''], ['publisher', 'text', ''],
  ['family', 'text', ''], ['genres', 'text', ''], ['arcadesystemname', 'text', ''], ['players', 'text', ''],
  ['favorite', 'text', 'false'], ['hidden', 'text', 'false'], ['kidgame', 'text', 'false'], ['playcount', 'text', '0'],
  ['lastplayed', 'text', '0'], ['crc32', 'text', ''], ['md5', 'text', ''], ['gametime', 'text', '0'], ['lang', 'text', ''],
  ['region', 'text', ''], ['cheevosHash', 'text', ''], ['cheevosId', 'text', ''], ['id', 'text', ''], ['multidisk', 'text', '']
]

const mediaKeys: ReadonlySet<string> = new Set(metadataDeclarations.filter(([, type]) => type === 'path').map(([key]) => key))

/**
 * Genre ids ES derives from the `genre` text (Genres.cpp convertGenreToGenreIds over its
 * genres.xml). Only top-level genres the demo tree uses are known here; an unknown genre gets no
 * `genres`, as in ES.
 */
const genreIds: Readonly<Record<string, number>> = {
  ACTION: 10, PLATFORM: 7, SHOOTER: 2646, FIGHTING: 3034, RACING: 28, MAZE: 2937, "BEAT'EM UP": 1
}

/** ES's rule: the whole genre, else each comma part, else the last `/` part of a part that is known. */
function genresOf (genre: string | undefined): string {
  const upper = (genre ?? '').toUpperCase()
  if (upper === '') return ''
  const whole = genreIds[upper]
  if (whole !== undefined) return String(whole)
  const ids = new Set<number>()
  for (const part of upper.split(',').map((item) => item.trim())) {
    const id = genreIds[part] ?? part.split('/').reverse().map((item) => genreIds[item.trim()]).find((known) => known !== undefined)
    if (id !== undefined) ids.add(id)
  }
  return [...ids].sort((a, b) => a - b).join(',')
}

export function gameEntries (game: SimGame): JsonEntries {
  const entries: [string, string][] = [['id', game.id], ['path', game.path], ['name', game.name], ['systemName', game.systemName]]
  for (const [key, type, fallback] of metadataDeclarations) {
    const current = key === 'genres' ? genresOf(game.metadata.genre) : game.metadata[key] ?? fallback
    if (current === '') continue
    // ES's own `id` metadata (the scraper's game id) is printed as scraperId: `id` is the ES id.
    entries.push([key === 'id' ? 'scraperId' : key, type === 'path' ? `/systems/${game.systemName}/games/${game.id}/media/${key}` : current])
  }
  return entries
}

/** The file behind a media field of a game, or null when the game has none. */
export function mediaFile (game: SimGame, key: string): string | null {
  const file = game.metadata[key]
  if (!mediaKeys.has(key) || file === undefined) return null
  return path.resolve(game.gamelistDir, file.replaceAll('\\', '/'))
}

/** HttpServerThread's mime table for the files it serves (jpg is `image/jpg` there); anything else is text/plain, as there. */
const mimeTypes: Readonly<Record<string, string>> = {
  '.txt': 'text/plain', '.html': 'text/html', '.htm': 'text/html', '.css': 'text/css', '.jpeg': 'image/jpg', '.jpg': 'image/jpg',
  '.png': 'image/png', '.gif': 'image/gif', '.webp': 'image/webp', '.svg': 'image/svg+xml', '.ico': 'image/x-icon',
  '.json': 'application/json', '.pdf': 'application/pdf', '.js': 'application/javascript', '.wasm': 'application/wasm',
  '.xml': 'application/xml', '.xhtml': 'application/xhtml+xml'
}

export function mimeType (file: string): string {
  return mimeTypes[path.extname(file).toLowerCase()] ?? 'text/plain'
}
