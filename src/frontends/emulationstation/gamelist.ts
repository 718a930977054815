/**
 * Reads `roms/<system>/gamelist.xml` as a stream: a scraped library can hold a 30 MB gamelist,
 * and parsing it in one go would hold the event loop for a second or more. The text goes through
 * a strict streaming parser chunk by chunk, and the loop gets a turn between chunks.
 */
import { createReadStream } from 'node:fs'
import path from 'node:path'
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import type { GamelistEntry } from '../adapter.js'

/** Tags that have a field of their own in game details; anything else goes to extras. */
const knownGameTags: ReadonlySet<string> = new Set([
  'id', 'path', 'name', 'desc', 'image', 'video', 'marquee', 'thumbnail', 'developer', 'publisher', 'genre', 'rating', 'md5',
  'emulator', 'fanart', 'bezel', 'boxback', 'manual', 'map', 'releasedate', 'family', 'genres', 'genreid', 'arcadesystemname',
  'players', 'favorite', 'hidden', 'kidgame', 'playcount', 'lastplayed', 'gametime', 'lang', 'region', 'scrap', 'core'
])

/** The extras of the many games that have none: one shared object rather than 50,000 empty ones. */
const noExtras: Readonly<Record<string, string>> = Object.freeze({})

/**
 * Where ownCopy writes a value's UTF-16 units to read them back as a new string (exactly the same
 * string, one byte a character when it fits): a Buffer per value, or UTF-8, took twice the time.
 */
const copyBuffer = Buffer.allocUnsafe(64 * 1024)

/**
 * A value as a string of its own. The parser hands over text as slices of the chunk it read (64 KB
 * of XML), and V8 keeps a slice's whole chunk alive as long as the slice: the games of a gamelist
 * read at start kept all of its text, 12 MB at 50,000 games, for as long as the service ran.
 * (V8 copies substrings shorter than 13 characters anyway.)
 */
function ownCopy (text: string): string {
  if (text.length < 13) return text
  const copy = text.length * 2 > copyBuffer.length ? Buffer.alloc(text.length * 2) : copyBuffer
  return copy.toString('utf16le', 0, copy.write(text, 0, 'utf16le'))
}

/**
 * ES-DE writes a second root element (`<alternativeEmulator>`) before `<gameList>`, which no strict
 * parser accepts; everything after the XML declaration is therefore read inside a root of ours.
 */
const wrapperTag = 'cabinetHubGamelist'
const leadingSpace = /^\uFEFF?\s*/

/** Depths below our wrapper root: 1 `<gameList>`, 2 `<game>`, 3 a game's tags. */
const gameListDepth = 1
const gameDepth = 2
const tagDepth = 3

interface OpenTag {
  readonly name: string
  readonly attributes: Record<string, string>
  text: string
}

/** Takes a gamelist's text in pieces and gives back its games; throws on XML it cannot read. */
export class GamelistReader {
  readonly #systemDir: string
  readonly #parser = new SaxesParser()
  readonly #entries: GamelistEntry[] = []
  /** The text before the parser starts: held until it is clear whether it opens with an XML declaration. */
  #head: string | null = ''
  /** Names of the open elements, our root first. */
  readonly #openTags: string[] = []
  #inGameList = false
  #game: { attributes: Record<string, string>, tags: OpenTag[] } | null = null
  #tag: OpenTag | null = null

  constructor (systemDir: string) {
    this.#systemDir = systemDir
    // pugixml (the frontend's parser) keeps an unknown entity such as `&nbsp;` as text; so do we.
    this.#parser.on('error', (error) => { if (!error.message.endsWith('undefined entity.')) throw error })
    this.#parser.on('opentag', (tag) => { this.#open(tag as SaxesTagPlain) })
    this.#parser.on('closetag', () => { this.#close() })
    this.#parser.on('text', (text) => { this.#text(text) })
    this.#parser.on('cdata', (text) => { this.#text(text) })
  }

  write (chunk: string): void {
    if (this.#head === null) {
      this.#parser.write(chunk)
      return
    }
    this.#head += chunk
    const start = this.#head.replace(leadingSpace, '')
    const mayStillBeDeclaration = start.startsWith('<?xml') ? !start.includes('?>') : '<?xml'.startsWith(start)
    if (!mayStillBeDeclaration) this.#begin()
  }

  /** Ends the text; a file without a `<gameList>` root counts as empty. */
  end (): GamelistEntry[] {
    if (this.#head !== null) this.#begin()
    const unclosed = this.#openTags.at(-1)
    if (unclosed !== undefined && unclosed !== wrapperTag) throw new Error(`${this.#parser.line}:${this.#parser.column}: the text ends inside <${unclosed}> (cut short?)`)
    this.#parser.write(`</${wrapperTag}>`).close()
    return this.#entries
  }

  /** Hands the parser the declaration (when there is one), our root, then the rest. */
  #begin (): void {
    const start = (this.#head ?? '').replace(leadingSpace, '')
    this.#head = null
    const declarationEnd = start.startsWith('<?xml') ? start.indexOf('?>') + 2 : 0
    this.#parser.write(`${start.slice(0, declarationEnd)}<${wrapperTag}>${start.slice(declarationEnd)}`)
  }

  get #depth (): number {
    return this.#openTags.length - 1
  }

  #open (tag: SaxesTagPlain): void {
    this.#openTags.push(tag.name)
    if (this.#depth === gameListDepth) this.#inGameList = tag.name === 'gameList'
    else if (this.#depth === gameDepth && this.#inGameList && tag.name === 'game') this.#game = { attributes: tag.attributes, tags: [] }
    else if (this.#depth === tagDepth && this.#game !== null) this.#game.tags.push(this.#tag = { name: tag.name, attributes: tag.attributes, text: '' })
  }

  #close (): void {
    if (this.#depth === tagDepth) this.#tag = null
    else if (this.#depth === gameDepth && this.#game !== null) {
      const entry = this.#entryOf(this.#game)
      if (entry !== null) this.#entries.push(entry)
      this.#game = null
    }
    this.#openTags.pop()
  }

  #text (text: string): void {
    if (this.#tag !== null && this.#depth === tagDepth) this.#tag.text += text
  }

  /** The first of a repeated tag wins, as in the frontend; `<game>` attributes count when no tag says otherwise. */
  #entryOf (game: { attributes: Record<string, string>, tags: OpenTag[] }): GamelistEntry | null {
    const fields: Record<string, string> = {}
    const extras: Record<string, string> = {}
    const seen = new Set<string>()
    for (const tag of game.tags) {
      if (seen.has(tag.name)) continue
      seen.add(tag.name)
      const known = knownGameTags.has(tag.name)
      ;(known ? fields : extras)[tag.name] = ownCopy(tag.text.trim())
      const attributesInto = tag.name === 'scrap' ? fields : extras
      for (const [name, value] of Object.entries(tag.attributes)) attributesInto[`${tag.name}_${name}`] = ownCopy(value)
    }
    for (const [name, value] of Object.entries(game.attributes)) fields[name] ??= ownCopy(value)
    const rawPath = fields.path?.trim() ?? ''
    if (rawPath === '') return null
    return { romPath: path.resolve(this.#systemDir, rawPath.replace(/\\/g, '/')), fields, extras: Object.keys(extras).length === 0 ? noExtras : extras }
  }
}

/** Streams a gamelist file; `./` rom paths resolve against the system's rom folder. */
export async function readGamelist (file: string, romFolder: string): Promise<GamelistEntry[]> {
  const reader = new GamelistReader(romFolder)
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 64 * 1024 })) reader.write(chunk as string)
  return reader.end()
}
