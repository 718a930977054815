/**
 * Our block inside a file the user owns (a theme's `.gameinfos` XML): everything between our begin
 * and end comments is ours and replaced whole; every byte outside them is the user's and is kept
 * as it was, line endings included. A file we created for the block alone goes when the block does.
 */
import { xmlDeclaration } from './hiscore-xml.js'

const beginMarker = '<!-- CABINET-HUB:HISCORE:BEGIN -->'
const endMarker = '<!-- CABINET-HUB:HISCORE:END -->'
const closingTag = '</theme>'

/** The file's new text (null: no file), or why it is left alone. */
export type BlockEdit = { readonly text: string | null } | { readonly refused: string }

const count = (text: string, part: string): number => text.split(part).length - 1

/** Where the line holding `index` starts. */
const lineStart = (text: string, index: number): number => text.lastIndexOf('\n', index - 1) + 1

/** Just past the line ending of the line holding `index` (the text's end when it is the last line). */
function lineEnd (text: string, index: number): number {
  const newline = text.indexOf('\n', index)
  return newline === -1 ? text.length : newline + 1
}

/** The block's lines; `inline`: it starts after the user's text on a line, so its first line is not indented. */
function blockText (lines: readonly string[], indent: string, eol: string, inline = false): string {
  return [beginMarker, ...lines, endMarker].map((line, i) => `${i === 0 && inline ? '' : indent}${line}${eol}`).join('')
}

const blank = (text: string): boolean => /^[ \t]*$/.test(text)

/** What we write when the file does not exist; without the block, it is what we remove. */
const skeleton = (block: string): string => `${xmlDeclaration}\n<theme>\n${block}${closingTag}\n`

/**
 * Sets our block of `text` (the file, null when there is none) to `lines`, or removes it when
 * `lines` is null. Refuses a file whose markers are not one begin before one end, and a file
 * without `</theme>` to put a new block before.
 */
export function setBlock (text: string | null, lines: readonly string[] | null): BlockEdit {
  if (text === null) return { text: lines === null ? null : skeleton(blockText(lines, '\t', '\n')) }
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  const begins = count(text, beginMarker)
  const ends = count(text, endMarker)
  if (begins !== ends || begins > 1) return { refused: `its ${beginMarker} and ${endMarker} do not pair up` }
  if (begins === 1) {
    const begin = text.indexOf(beginMarker)
    const end = text.indexOf(endMarker)
    if (end < begin) return { refused: `its ${endMarker} comes before its ${beginMarker}` }
    const line = lineStart(text, begin)
    const inline = !blank(text.slice(line, begin))
    const indent = inline ? '\t' : text.slice(line, begin)
    const from = inline ? begin : line
    const edited = text.slice(0, from) + (lines === null ? '' : blockText(lines, indent, eol, inline)) + text.slice(lineEnd(text, end))
    return { text: lines === null && edited === skeleton('') ? null : edited }
  }
  if (lines === null) return { text }
  const closing = text.lastIndexOf(closingTag)
  if (closing === -1) return { refused: `it has no ${closingTag} to put the block before` }
  const from = lineStart(text, closing)
  const before = text.slice(from, closing)
  // `</theme>` alone on its line: the block goes on the lines above it; else it starts just before it.
  if (blank(before)) return { text: text.slice(0, from) + blockText(lines, `${before}\t`, eol) + text.slice(from) }
  return { text: text.slice(0, closing) + blockText(lines, '\t', eol, true) + text.slice(closing) }
}
