/**
 * Changes to a gamelist.xml that touch only what they change. The file is handled as bytes (read
 * as latin1, one character per byte), the streaming parser gives each game's and each tag's
 * offsets, and an edit replaces a range: every other byte, user fields, comments, indentation and
 * line ends included, stays as it was. Writing backs the file up first, replaces it atomically,
 * and refuses when the file changed since it was read (the frontend writes it too).
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import { writeFileAtomic } from '../../core/storage/atomic-file.js'

/** A tag directly inside `<game>`, by offsets into the file. */
interface GameTag {
  readonly name: string
  /** The `<` of its open tag. */
  readonly start: number
  /** Just after the `>` of its close tag. */
  readonly end: number
  /** Its text range (empty for `<tag/>`). */
  readonly textStart: number
  readonly textEnd: number
  readonly selfClosing: boolean
  /** Its text, decoded. */
  readonly text: string
}

export interface LocatedGame {
  /** The `<path>` text as written (decoded), `./` and all. */
  readonly path: string
  /** The `<` of `</game>`. */
  readonly closeStart: number
  readonly tags: readonly GameTag[]
}

/** One change: the bytes start..end become `text` (a latin1 string of UTF-8 bytes, see `fileText`). */
export interface GamelistEdit {
  readonly start: number
  readonly end: number
  readonly text: string
}

export class GamelistChangedError extends Error {
  constructor (file: string) {
    super(`${file} changed while it was being edited (the frontend wrote it); nothing was written, try again`)
    this.name = 'GamelistChangedError'
  }
}

/** A value as it goes into the file: XML-escaped, then its UTF-8 bytes as latin1 characters. */
function fileText (value: string): string {
  return Buffer.from(value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'), 'utf8').toString('latin1')
}

const decoded = (latin1: string): string => Buffer.from(latin1, 'latin1').toString('utf8')

/** The BOM, blank space and XML declaration before the first element. */
const preamble = /^(?:\xEF\xBB\xBF)?\s*(?:<\?xml[^>]*\?>)?/

interface OpenGame { tags: GameTag[], path: string }

/** Every `<game>` of the `<gameList>` with its tags' offsets; throws on XML it cannot read. */
function locateGames (text: string): LocatedGame[] {
  const offset = preamble.exec(text)![0].length
  // ES-DE writes `<alternativeEmulator>` beside `<gameList>`: two roots, so a fragment.
  const parser = new SaxesParser({ fragment: true })
  const games: LocatedGame[] = []
  const open: string[] = []
  let game: OpenGame | null = null
  let tag: { name: string, start: number, textStart: number, selfClosing: boolean, text: string } | null = null
  parser.on('error', (error) => { if (!error.message.endsWith('undefined entity.')) throw error })
  parser.on('opentag', (node) => {
    const { name, isSelfClosing } = node as SaxesTagPlain
    open.push(name)
    const at = offset + parser.position
    if (open.length === 2 && name === 'game' && open[0] === 'gameList' && !isSelfClosing) game = { tags: [], path: '' }
    else if (open.length === 3 && game !== null) tag = { name, start: text.lastIndexOf('<', at - 1), textStart: at, selfClosing: isSelfClosing, text: '' }
  })
  parser.on('text', (chunk) => { if (tag !== null) tag.text += chunk })
  parser.on('closetag', () => {
    const at = offset + parser.position
    if (open.length === 3 && tag !== null && game !== null) {
      const textEnd = tag.selfClosing ? tag.textStart : text.lastIndexOf('<', at - 1)
      const done: GameTag = { ...tag, end: at, textEnd, text: decoded(tag.text) }
      game.tags.push(done)
      if (done.name === 'path' && game.path === '') game.path = done.text.trim()
      tag = null
    } else if (open.length === 2 && game !== null) {
      games.push({ path: game.path, closeStart: text.lastIndexOf('<', at - 1), tags: game.tags })
      game = null
    }
    open.pop()
  })
  parser.write(text.slice(offset)).close()
  return games
}

/** Sets a tag's text: replaces it when the tag is there, else adds the tag after the last one, indented as it is. */
export function setTag (text: string, game: LocatedGame, name: string, value: string): GamelistEdit {
  const existing = game.tags.find((t) => t.name === name)
  const content = fileText(value)
  if (existing !== undefined) {
    return existing.selfClosing
      ? { start: existing.start, end: existing.end, text: `<${name}>${content}</${name}>` }
      : { start: existing.textStart, end: existing.textEnd, text: content }
  }
  const last = game.tags.at(-1)
  if (last === undefined) return { start: game.closeStart, end: game.closeStart, text: `<${name}>${content}</${name}>` }
  return { start: last.end, end: last.end, text: `${indentBefore(text, last.start)}<${name}>${content}</${name}>` }
}

/** The line break and indentation before a tag (`\r\n    `), or nothing when it shares a line. */
export function indentBefore (text: string, tagStart: number): string {
  let from = tagStart
  while (from > 0 && ' \t\r\n'.includes(text[from - 1]!)) from--
  return text.slice(from, tagStart)
}

function applyEdits (text: string, edits: readonly GamelistEdit[]): string {
  let result = text
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end)
  return result
}

export interface GamelistRewrite<R> {
  readonly file: string
  /** Where the copy of the file as it was goes. */
  readonly backupDir: string
  readonly dryRun: boolean
  readonly now: Date
  /** The edits, and what to answer; gets the file's text (latin1) and its games. */
  plan (text: string, games: readonly LocatedGame[]): { edits: readonly GamelistEdit[], result: R }
}

const hashOf = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')

/**
 * Plans edits on the file and, unless it is a dry run or there is nothing to change, writes them:
 * backup, temporary file beside it, a check that nobody wrote the file meanwhile, rename.
 */
export async function rewriteGamelist<R> (rewrite: GamelistRewrite<R>): Promise<{ result: R, changed: number, backup: string | null }> {
  const original = await readFile(rewrite.file)
  const text = original.toString('latin1')
  const { edits, result } = rewrite.plan(text, locateGames(text))
  if (rewrite.dryRun || edits.length === 0) return { result, changed: edits.length, backup: null }
  await mkdir(rewrite.backupDir, { recursive: true })
  const backup = path.join(rewrite.backupDir, `${path.basename(rewrite.file, '.xml')}-${rewrite.now.toISOString().replace(/[:.]/g, '-')}.xml`)
  await writeFile(backup, original)
  await writeFileAtomic(rewrite.file, Buffer.from(applyEdits(text, edits), 'latin1'), {
    durable: true,
    mode: (await stat(rewrite.file)).mode,
    beforeReplacing: async () => {
      if (hashOf(await readFile(rewrite.file)) !== hashOf(original)) throw new GamelistChangedError(rewrite.file)
    }
  })
  return { result, changed: edits.length, backup }
}
