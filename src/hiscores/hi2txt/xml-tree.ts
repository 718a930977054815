/**
 * The definition file as a plain element tree in document order (the order of `elt` and `loop`
 * is the layout of the save). Character references and the five XML entities are decoded, and so
 * are the entities the file's DOCTYPE declares: in its internal subset, or in the DTD it names
 * (`hi2txt.dtd`), read from the definition's own folder and nowhere else, before the parse (which
 * does no I/O). An entity declared nowhere is an error naming it, never left as text.
 */
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import { DefinitionError } from './errors.js'

export interface XmlNode {
  readonly name: string
  readonly attrs: Readonly<Record<string, string>>
  readonly children: readonly XmlNode[]
  /** The node's own text, concatenated, entities decoded, untrimmed. */
  readonly text: string
}

const characterReference = /&#(x[0-9a-fA-F]+|[0-9]+);/g

/** `<!ENTITY name "value">` declarations (comments dropped, character references in values decoded as XML does when it reads a declaration). */
function entityDeclarations (dtd: string): Map<string, string> {
  const declared = new Map<string, string>()
  const text = dtd.replace(/<!--[\s\S]*?-->/g, '')
  for (const match of text.matchAll(/<!ENTITY\s+([^\s%"']+)\s+(?:"([^"]*)"|'([^']*)')\s*>/g)) {
    const name = match[1] as string
    const value = (match[2] ?? match[3] ?? '').replace(characterReference, (_all, code: string) => String.fromCodePoint(code.startsWith('x') ? Number.parseInt(code.slice(1), 16) : Number(code)))
    // The first declaration of an entity is binding (XML 1.0 §4.2).
    if (!declared.has(name)) declared.set(name, value)
  }
  return declared
}

/** The DTD a definition's DOCTYPE names, as read; `entities` is null when the file cannot be read. */
export interface Dtd {
  readonly file: string
  readonly entities: ReadonlyMap<string, string> | null
}

const dtdCache = new Map<string, { readonly stamp: string, readonly entities: ReadonlyMap<string, string> }>()

/** The entities of a DTD file, read again only when the file changes. */
export async function readDtd (file: string): Promise<Dtd> {
  try {
    const { mtimeMs, size } = await stat(file)
    const stamp = `${mtimeMs}:${size}`
    const cached = dtdCache.get(file)
    if (cached?.stamp === stamp) return { file, entities: cached.entities }
    const entities = entityDeclarations(await readFile(file, 'utf8'))
    dtdCache.set(file, { stamp, entities })
    return { file, entities }
  } catch {
    return { file, entities: null }
  }
}

interface Doctype {
  readonly systemId: string | null
  readonly internal: string
}

function doctypeOf (text: string): Doctype {
  const external = /^\s*\S+\s+(?:SYSTEM\s+|PUBLIC\s+(?:"[^"]*"|'[^']*')\s+)(?:"([^"]*)"|'([^']*)')/.exec(text)
  const subset = /\[([\s\S]*)\]/.exec(text)
  return { systemId: external === null ? null : external[1] ?? external[2] ?? null, internal: subset?.[1] ?? '' }
}

/** The DTD a DOCTYPE names, when it is a file of the definitions folder (no other path, no network). */
function dtdPath (systemId: string | null, folder: string): string | null {
  if (systemId === null) return null
  if (!/^[\w.-]+$/.test(systemId) || systemId.startsWith('.')) return null
  return path.join(folder, systemId)
}

/** The DTD file a definition's DOCTYPE names in `folder`, its own folder; null when it names none there. */
export function namedDtd (xml: string, folder: string): string | null {
  const doctype = /<!DOCTYPE\s/.exec(xml)
  return doctype === null ? null : dtdPath(doctypeOf(xml.slice(doctype.index + doctype[0].length)).systemId, folder)
}

interface Open {
  readonly name: string
  readonly attrs: Record<string, string>
  readonly children: XmlNode[]
  text: string
}

/**
 * Parses a definition. `dtd` is the DTD its DOCTYPE names, read beforehand (null: only the
 * internal subset and the XML entities are known).
 */
export function parseXmlTree (xml: string, dtd: Dtd | null = null): XmlNode {
  const parser = new SaxesParser()
  const entities: Record<string, string> = Object.create(parser.ENTITIES) as Record<string, string>
  let undeclared: string | null = null
  // Saxes looks an entity up here; a miss is remembered so the error can name the entity.
  parser.ENTITIES = new Proxy(entities, {
    get (target, name) {
      const value = Reflect.get(target, name) as string | undefined
      if (value === undefined && typeof name === 'string') undeclared ??= name
      return value
    }
  })
  parser.on('doctype', (text) => {
    const doctype = doctypeOf(text)
    for (const [name, value] of dtd?.entities ?? []) entities[name] = value
    // Internal declarations come first in XML's reading order, so they win over the DTD's.
    for (const [name, value] of entityDeclarations(doctype.internal)) entities[name] = value
  })
  const stack: Open[] = []
  let root: XmlNode | null = null
  parser.on('opentag', (tag) => { stack.push({ name: tag.name, attrs: { ...(tag as SaxesTagPlain).attributes }, children: [], text: '' }) })
  parser.on('closetag', () => {
    const open = stack.pop() as Open
    const node: XmlNode = { name: open.name, attrs: open.attrs, children: open.children, text: open.text }
    const parent = stack.at(-1)
    if (parent === undefined) root = node
    else parent.children.push(node)
  })
  const addText = (text: string): void => {
    const open = stack.at(-1)
    if (open !== undefined) open.text += text
  }
  parser.on('text', addText)
  parser.on('cdata', addText)
  parser.on('error', (error) => {
    if (undeclared !== null) {
      const where = dtd === null ? 'no DTD was read (the DOCTYPE names none in the definitions folder)' : `not in ${path.basename(dtd.file)}${dtd.entities === null ? ' (which cannot be read)' : ''}`
      throw new DefinitionError(`entity &${undeclared}; is declared nowhere: not an XML entity, not in the file's DOCTYPE, ${where}`)
    }
    throw new DefinitionError(`not well-formed XML: ${error.message}`)
  })
  parser.write(xml).close()
  if (root === null) throw new DefinitionError('the file has no root element')
  return root
}
