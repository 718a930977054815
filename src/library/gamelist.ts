/**
 * Reads `roms/<system>/gamelist.xml`. ES-DE writes a second root element (`<alternativeEmulator>`)
 * before `<gameList>`; the parser is not validating, so both roots come back and we take ours.
 */
import path from 'node:path'
import { XMLParser, XMLValidator } from 'fast-xml-parser'

/** One game as the gamelist describes it; every value a string, as the frontend stores them. */
export interface GamelistEntry {
  /** Absolute rom path (gamelist paths are relative to the system folder). */
  readonly romPath: string
  /** Known tags (`name`, `desc`, `image` ...) by tag name. */
  readonly fields: Readonly<Record<string, string>>
  /** Every other tag, and each attribute as `<tag>_<attribute>`. */
  readonly extras: Readonly<Record<string, string>>
}

/** Tags that have a field of their own in game details; anything else goes to extras. */
export const knownGameTags: ReadonlySet<string> = new Set([
  'id', 'path', 'name', 'desc', 'image', 'video', 'marquee', 'thumbnail', 'developer', 'publisher', 'genre', 'rating', 'md5',
  'emulator', 'fanart', 'bezel', 'boxback', 'manual', 'map', 'releasedate', 'family', 'genres', 'genreid', 'arcadesystemname',
  'players', 'favorite', 'hidden', 'kidgame', 'playcount', 'lastplayed', 'gametime', 'lang', 'region', 'scrap', 'core'
])

const attributePrefix = '@_'
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: attributePrefix,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name, jpath) => jpath === `gameList.${name}` && (name === 'game' || name === 'folder')
})

function text (value: unknown): string | null {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value !== null && typeof value === 'object' && '#text' in value) return text((value as Record<string, unknown>)['#text'])
  return null
}

function attributesOf (tag: string, value: unknown, into: Record<string, string>): void {
  if (value === null || typeof value !== 'object') return
  for (const [key, attr] of Object.entries(value as Record<string, unknown>)) {
    if (key.startsWith(attributePrefix) && typeof attr === 'string') into[`${tag}_${key.slice(attributePrefix.length)}`] = attr
  }
}

function toEntry (node: Record<string, unknown>, systemDir: string): GamelistEntry | null {
  const rawPath = text(node.path)
  if (rawPath === null || rawPath.trim() === '') return null
  const fields: Record<string, string> = {}
  const extras: Record<string, string> = {}
  for (const [tag, value] of Object.entries(node)) {
    if (tag.startsWith(attributePrefix)) {
      fields[tag.slice(attributePrefix.length)] ??= String(value)
      continue
    }
    const content = text(value)
    if (knownGameTags.has(tag)) {
      if (content !== null) fields[tag] = content
      attributesOf(tag, value, tag === 'scrap' ? fields : extras)
    } else {
      if (content !== null) extras[tag] = content
      attributesOf(tag, value, extras)
    }
  }
  const portable = rawPath.trim().replace(/\\/g, '/')
  return { romPath: path.resolve(systemDir, portable), fields, extras }
}

/**
 * The parser is lenient (an unclosed tag just ends the document), so the text is validated
 * first, inside a synthetic root so that ES-DE's second root element stays legal.
 */
function validate (xml: string): void {
  const body = xml.replace(/^\uFEFF?\s*<\?xml[^>]*\?>/, '')
  const result = XMLValidator.validate(`<cabinetHubGamelist>${body}</cabinetHubGamelist>`)
  if (result !== true) throw new Error(`${result.err.msg} (line ${result.err.line})`)
}

/** Parses a gamelist; a file without a `<gameList>` root counts as empty. Throws on XML it cannot read. */
export function parseGamelist (xml: string, systemDir: string): GamelistEntry[] {
  validate(xml)
  const document = parser.parse(xml) as Record<string, unknown>
  const root = document.gameList
  if (root === null || typeof root !== 'object') return []
  const games = (root as Record<string, unknown>).game
  if (!Array.isArray(games)) return []
  return games.flatMap((node) => node !== null && typeof node === 'object' ? [toEntry(node as Record<string, unknown>, systemDir)].filter((e) => e !== null) : [])
}
