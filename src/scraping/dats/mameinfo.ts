/** `mameinfo.dat`: `$info=<names>,` then `$mame`, the text, `$end`; read line by line, kept for the wanted names only. */
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'

export async function readMameinfo (file: string, wanted: ReadonlySet<string>): Promise<Map<string, string>> {
  const texts = new Map<string, string>()
  let names: string[] = []
  let body: string[] | null = null
  for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
    if (line.startsWith('$info=')) {
      names = line.slice('$info='.length).split(',').map((n) => n.trim().toLowerCase()).filter((n) => wanted.has(n))
      body = null
    } else if (line.startsWith('$end')) {
      const text = body?.join('\n').trim() ?? ''
      if (text !== '') for (const name of names) texts.set(name, text)
      names = []
      body = null
    } else if (line.startsWith('$')) {
      body = names.length > 0 ? [] : null
    } else if (body !== null) {
      body.push(line)
    }
  }
  return texts
}
