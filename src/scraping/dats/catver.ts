/** `catver.ini`: `[Category]` then `<machine>=<Genre / Sub-genre>` lines; read line by line, kept for the wanted names only. */
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'

export async function readCatver (file: string, wanted: ReadonlySet<string>): Promise<Map<string, string>> {
  const genres = new Map<string, string>()
  let inCategory = false
  for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
    const section = /^\s*\[(.+)\]\s*$/.exec(line)
    if (section !== null) {
      inCategory = section[1]!.trim().toLowerCase() === 'category'
      continue
    }
    const equals = line.indexOf('=')
    if (!inCategory || equals < 1) continue
    const name = line.slice(0, equals).trim().toLowerCase()
    if (wanted.has(name)) genres.set(name, line.slice(equals + 1).trim())
  }
  return genres
}
