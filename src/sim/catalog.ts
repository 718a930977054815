/**
 * The simulator's view of a frontend tree: systems from es_systems.cfg (carousel order) and their
 * games (rom files merged with gamelist.xml metadata), built the way ES builds its lists.
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { XMLParser } from 'fast-xml-parser'
import { esFormats, readFirstSystemsFile, resolveSystemPath, toEsPath, type FrontendFormats, type FrontendLayout } from '../frontends/index.js'
import { romStem } from '../identity/index.js'

export interface SimGame {
  /** ES game id: lowercase hex MD5 of the absolute rom path with forward slashes. */
  readonly id: string
  readonly systemName: string
  /** Absolute rom path with forward slashes, as ES passes it to hooks and `/launch`. */
  readonly path: string
  /** Rom file name without its extension (ES's second game-start argument). */
  readonly stem: string
  readonly name: string
  /**
   * Every other string tag of the gamelist entry (desc, developer, image, ...), as written. ES
   * changes some while it runs (playcount, lastplayed, gametime after a game).
   */
  readonly metadata: Record<string, string>
  /** Folder that relative media paths in `metadata` start from. */
  readonly gamelistDir: string
}

export interface SimSystem {
  readonly name: string
  /** An automatic collection (`all`, `favorites`) rather than a system of es_systems.cfg. */
  readonly collection: boolean
  readonly fullname: string
  readonly manufacturer: string
  readonly release: string
  readonly hardware: string
  readonly platform: string
  readonly theme: string
  readonly command: string
  readonly extensions: readonly string[]
  readonly romsDir: string
  /** The system's logo (`<roms>/<system>/images/logo.svg` or `.png`), served at `/systems/{s}/logo`. */
  readonly logoFile: string | null
  /** Visible games sorted by name, the order of the ES gamelist view. */
  readonly games: readonly SimGame[]
  /** The same games in ES's internal order (folder listing, then gamelist-only entries), as `/systems/{s}/games` lists them. */
  readonly listedGames: readonly SimGame[]
}

/** A problem met while reading the tree; the catalog is still built from what could be read. */
interface CatalogWarning { readonly file: string, readonly problem: string }

export interface Catalog {
  readonly systems: readonly SimSystem[]
  readonly warnings: readonly CatalogWarning[]
}

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'system' || name === 'game'
})

/** ES's id for a game: MD5 of its absolute path with forward slashes. */
function esGameId (absoluteRomPath: string): string {
  return createHash('md5').update(toEsPath(absoluteRomPath)).digest('hex')
}

function text (record: Record<string, unknown>, key: string): string {
  const value = record[key]
  return typeof value === 'string' ? value : ''
}

function records (value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object') : []
}

interface SystemEntry { readonly record: Record<string, unknown>, readonly romsDir: string }

/** Where a frontend keeps its systems file (the first found is read), how it reads, and each system's gamelist. */
export interface CatalogFiles {
  readonly systemsFiles: (layout: FrontendLayout) => readonly string[]
  readonly formats: Pick<FrontendFormats, 'readSystems'>
  readonly gamelistFile: (layout: FrontendLayout, systemName: string, romsDir: string) => string
}

/** ES: es_systems.cfg in the config folder, each gamelist beside its roms. */
export const esCatalogFiles: CatalogFiles = {
  systemsFiles: (layout) => [path.join(layout.esConfigDir, 'es_systems.cfg')],
  formats: esFormats,
  gamelistFile: (_layout, _systemName, romsDir) => path.join(romsDir, 'gamelist.xml')
}

async function readSystemEntries (layout: FrontendLayout, files: CatalogFiles, warnings: CatalogWarning[]): Promise<SystemEntry[]> {
  const candidates = files.systemsFiles(layout)
  try {
    const found = await readFirstSystemsFile(candidates, files.formats)
    if (found === null) throw new Error('no systems file')
    return found.systems.map((system) => {
      const configured = system.path ?? ''
      const resolved = configured === '' ? '' : resolveSystemPath(layout, configured)
      // A path written for another machine still finds the tree's own folder of that name.
      const romsDir = resolved !== '' && existsSync(resolved) ? resolved : path.join(layout.romsDir, system.name)
      return { record: { ...system }, romsDir }
    })
  } catch (error) {
    warnings.push({ file: candidates.join(' or '), problem: `${(error as Error).message.split('\n')[0] ?? 'unreadable'}; using the folders under roms/` })
    const folders = await readdir(layout.romsDir, { withFileTypes: true }).catch(() => [])
    return folders.filter((entry) => entry.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))
      .map((entry) => ({ record: { name: entry.name }, romsDir: path.join(layout.romsDir, entry.name) }))
  }
}

async function readGamelist (file: string, warnings: CatalogWarning[]): Promise<Record<string, unknown>[]> {
  let content: string
  try {
    content = await readFile(file, 'utf8')
  } catch {
    return []
  }
  try {
    const document = parser.parse(content) as { gameList?: { game?: unknown } }
    return records(document.gameList?.game)
  } catch (error) {
    warnings.push({ file, problem: (error as Error).message.split('\n')[0] ?? 'invalid XML' })
    return []
  }
}

async function isFile (file: string): Promise<boolean> {
  return stat(file).then((info) => info.isFile(), () => false)
}

async function findLogo (romsDir: string): Promise<string | null> {
  for (const name of ['logo.svg', 'logo.png']) {
    const file = path.join(romsDir, 'images', name)
    if (await isFile(file)) return file
  }
  return null
}

function buildGame (systemName: string, romsDir: string, absolutePath: string, entry: Record<string, unknown> | undefined): SimGame {
  // The stem ES passes as game-start's second argument, by the rule every hub module uses.
  const stem = romStem(absolutePath)
  const metadata: Record<string, string> = {}
  for (const [key, value] of Object.entries(entry ?? {})) {
    if (key !== 'path' && key !== 'name' && typeof value === 'string' && value !== '') metadata[key] = value
  }
  const name = entry === undefined || text(entry, 'name') === '' ? stem : text(entry, 'name')
  return { id: esGameId(absolutePath), systemName, path: toEsPath(absolutePath), stem, name, metadata, gamelistDir: romsDir }
}

/** One code point upper-cased as ES's compareIgnoreCase does (ASCII letters, else the Unicode upper case when it is one code point). */
function upperCodePoint (codePoint: number): number {
  if (codePoint < 0x80) return codePoint >= 0x61 && codePoint <= 0x7a ? codePoint - 0x20 : codePoint
  const upper = String.fromCodePoint(codePoint).toUpperCase()
  return upper.length === String.fromCodePoint(codePoint).length ? upper.codePointAt(0)! : codePoint
}

/** ES's `Utils::String::compareIgnoreCase`: code point by code point after upper-casing, no locale rules. */
export function esCompareIgnoreCase (a: string, b: string): number {
  const left = [...a].map((char) => upperCodePoint(char.codePointAt(0)!))
  const right = [...b].map((char) => upperCodePoint(char.codePointAt(0)!))
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    if (left[index] !== right[index]) return left[index]! - right[index]!
  }
  return left.length - right.length
}

/** ES's default gamelist sort (FileSorts compareName): `sortname`, else the name, compared ignoring case. */
function byEsName (a: SimGame, b: SimGame): number {
  return esCompareIgnoreCase(a.metadata.sortname ?? a.name, b.metadata.sortname ?? b.name)
}

/** Games in ES's internal order: rom files as the folder lists them, then gamelist entries for other existing files. */
async function readGames (systemName: string, romsDir: string, gamelistFile: string, extensions: readonly string[], warnings: CatalogWarning[]): Promise<SimGame[]> {
  const entries = new Map<string, Record<string, unknown>>()
  for (const entry of await readGamelist(gamelistFile, warnings)) {
    const romPath = text(entry, 'path')
    if (romPath !== '') entries.set(path.resolve(romsDir, romPath.replaceAll('\\', '/')), entry)
  }
  const listed: string[] = []
  // Unsorted on purpose: ES keeps the order readdir gives, and so does Node's readdir.
  for (const file of await readdir(romsDir, { withFileTypes: true }).catch(() => [])) {
    if (file.isFile() && extensions.includes(path.extname(file.name).toLowerCase())) listed.push(path.join(romsDir, file.name))
  }
  for (const absolute of entries.keys()) {
    if (!listed.includes(absolute) && await isFile(absolute)) listed.push(absolute)
  }
  return listed.map((absolute) => buildGame(systemName, romsDir, absolute, entries.get(absolute)))
    .filter((game) => game.metadata.hidden !== 'true')
}

/** Reads the whole tree. Unreadable files become warnings, never failures. */
export async function readCatalog (layout: FrontendLayout, files: CatalogFiles = esCatalogFiles): Promise<Catalog> {
  const warnings: CatalogWarning[] = []
  const systems: SimSystem[] = []
  for (const { record, romsDir } of await readSystemEntries(layout, files, warnings)) {
    const name = text(record, 'name')
    const extensions = text(record, 'extension').split(/\s+/).filter((ext) => ext !== '').map((ext) => ext.toLowerCase())
    const listedGames = await readGames(name, romsDir, files.gamelistFile(layout, name, romsDir), extensions, warnings)
    systems.push({
      name,
      collection: false,
      fullname: text(record, 'fullname') || name,
      manufacturer: text(record, 'manufacturer'),
      release: text(record, 'release'),
      hardware: text(record, 'hardware'),
      platform: text(record, 'platform') || name,
      theme: text(record, 'theme') || name,
      command: text(record, 'command'),
      extensions,
      romsDir,
      logoFile: await findLogo(romsDir),
      games: [...listedGames].sort(byEsName),
      listedGames
    })
  }
  return { systems, warnings }
}

function autoCollection (name: string, fullname: string, theme: string, listedGames: readonly SimGame[]): SimSystem {
  return {
    name, collection: true, fullname, manufacturer: '', release: '', hardware: '', platform: name, theme, command: '', extensions: [],
    romsDir: '', logoFile: null, games: [...listedGames].sort(byEsName), listedGames
  }
}

/**
 * ES's carousel: the systems that have games, in es_systems.cfg order, then the automatic
 * collections enabled by default (`CollectionSystemsAuto` = `all,favorites`) in name order.
 * `favorites` stays even when empty (SystemData::isVisible keeps it always).
 */
export function carouselOf (systems: readonly SimSystem[]): SimSystem[] {
  const withGames = systems.filter((system) => system.games.length > 0)
  const everyGame = withGames.flatMap((system) => system.listedGames)
  return [
    ...withGames,
    autoCollection('all', 'all games', 'auto-allgames', everyGame),
    autoCollection('favorites', 'favorites', 'auto-favorites', everyGame.filter((game) => game.metadata.favorite === 'true'))
  ]
}
