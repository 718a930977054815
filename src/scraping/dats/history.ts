/** `history.xml`: `<entry><systems><system name=".."/></systems><text>..</text></entry>`; streamed, kept for the wanted names only. */
import { createReadStream } from 'node:fs'
import { SaxesParser, type SaxesTagPlain } from 'saxes'

export async function readHistory (file: string, wanted: ReadonlySet<string>): Promise<Map<string, string>> {
  const texts = new Map<string, string>()
  const parser = new SaxesParser()
  let names: string[] = []
  let text: string | null = null
  parser.on('error', (error) => { if (!error.message.endsWith('undefined entity.')) throw error })
  parser.on('opentag', (node) => {
    const tag = node as SaxesTagPlain
    if (tag.name === 'entry') names = []
    else if (tag.name === 'system' && wanted.has((tag.attributes.name ?? '').toLowerCase())) names.push(tag.attributes.name!.toLowerCase())
    else if (tag.name === 'text' && names.length > 0) text = ''
  })
  parser.on('text', (chunk) => { if (text !== null) text += chunk })
  parser.on('closetag', (node) => {
    if (node.name !== 'text' || text === null) return
    const trimmed = text.trim()
    if (trimmed !== '') for (const name of names) texts.set(name, trimmed)
    text = null
  })
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 64 * 1024 })) parser.write(chunk as string)
  parser.close()
  return texts
}
