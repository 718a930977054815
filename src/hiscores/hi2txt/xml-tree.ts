/**
 * The definition file as a plain element tree in document order (the order of `elt` and `loop`
 * is the layout of the save). Character references and the five XML entities are decoded; entities
 * declared in the file's own DOCTYPE are honoured; any other entity is an error, never left as text.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { DefinitionError } from './errors.js'

export interface XmlNode {
  readonly name: string
  readonly attrs: Readonly<Record<string, string>>
  readonly children: readonly XmlNode[]
  /** The node's own text, concatenated, entities decoded, untrimmed. */
  readonly text: string
}

const xmlEntities: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** `<!ENTITY name "value">` declarations of an internal DOCTYPE subset. */
function declaredEntities (xml: string): Map<string, string> {
  const declared = new Map<string, string>()
  for (const match of xml.matchAll(/<!ENTITY\s+([\w.-]+)\s+(?:"([^"]*)"|'([^']*)')\s*>/g)) declared.set(match[1] as string, match[2] ?? match[3] ?? '')
  return declared
}

function decodeEntities (value: string, declared: ReadonlyMap<string, string>, depth = 0): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[\w.-]+);/g, (_all, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16))
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10))
    const known = xmlEntities[name] ?? declared.get(name)
    if (known === undefined) throw new DefinitionError(`unknown entity &${name}; (declare it in the file's DOCTYPE or use a character reference)`)
    return depth < 4 ? decodeEntities(known, declared, depth + 1) : known
  })
}

type Parsed = Array<Record<string, unknown>>

function toNode (entry: Record<string, unknown>, declared: ReadonlyMap<string, string>): XmlNode | null {
  const name = Object.keys(entry).find((key) => key !== ':@')
  if (name === undefined || name === '#text' || name.startsWith('?') || name.startsWith('!')) return null
  const rawAttrs = (entry[':@'] ?? {}) as Record<string, string>
  const attrs = Object.fromEntries(Object.entries(rawAttrs).map(([key, value]) => [key, decodeEntities(String(value), declared)]))
  const content = entry[name] as Parsed
  const children: XmlNode[] = []
  let text = ''
  for (const child of content) {
    if ('#text' in child) text += decodeEntities(String(child['#text']), declared)
    const node = toNode(child, declared)
    if (node !== null) children.push(node)
  }
  return { name, attrs, children, text }
}

export function parseXmlTree (xml: string): XmlNode {
  const valid = XMLValidator.validate(xml)
  if (valid !== true) throw new DefinitionError(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`)
  const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', processEntities: false, parseTagValue: false, parseAttributeValue: false, trimValues: false })
  const declared = declaredEntities(xml)
  const roots = (parser.parse(xml) as Parsed).map((entry) => toNode(entry, declared)).filter((node): node is XmlNode => node !== null)
  const root = roots[0]
  if (root === undefined) throw new DefinitionError('the file has no root element')
  return root
}
