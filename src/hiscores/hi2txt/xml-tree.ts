/**
 * The definition file as a plain element tree in document order (the order of `elt` and `loop`
 * is the layout of the save). Character references and the five XML entities are decoded, and so
 * are the entities the file's DOCTYPE declares: in its internal subset, or in the DTD it names
 * (`hi2txt.dtd`), read from the definition's own folder and nowhere else. An entity declared
 * nowhere is an error naming it, never left as text.
 */
import { readFileSync, statSync } from 'node:fs'
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

const dtdCache = new Map<string, { readonly stamp: string, readonly entities: ReadonlyMap<string, string> }>()

/** The entities of a DTD file, read again only when the file changes; null when it cannot be read. */
function dtdEntities (file: string): ReadonlyMap<string, string> | null {
  try {
    const stat = statSync(file)
    const stamp = `${stat.mtimeMs}:${stat.size}`
    const cached = dtdCache.get(file)
    if (cached?.stamp === stamp) return cached.entities
    const entities = entityDeclarations(readFileSync(file, 'utf8'))
    dtdCache.set(file, { stamp, entities })
    return entities
  } catch {
    return null
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
function dtdPath (systemId: string | null, folder: string | null): string | null {
  if (systemId === null || folder === null) return null
  if (!/^[\w.-]+$/.test(systemId) || systemId.startsWith('.')) return null
  return path.join(folder, systemId)
}

interface Open {
  readonly name: string
  readonly attrs: Record<string, string>
  readonly children: XmlNode[]
  text: string
}

/**
 * Parses a definition. `folder` is where the file lives: the DTD its DOCTYPE names is read from
 * there (null: only the internal subset and the XML entities are known).
 */
export function parseXmlTree (xml: string, folder: string | null = null): XmlNode {
  const parser = new SaxesParser()
  const entities: Record<string, string> = Object.create(parser.ENTITIES) as Record<string, string>
  let undeclared: string | null = null
  let dtd: string | null = null
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
    dtd = dtdPath(doctype.systemId, folder)
    const external = dtd === null ? null : dtdEntities(dtd)
    for (const [name, value] of external ?? []) entities[name] = value
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
      const where = dtd === null ? 'no DTD was read (the DOCTYPE names none in the definitions folder)' : `not in ${path.basename(dtd)}${dtdEntities(dtd) === null ? ' (which cannot be read)' : ''}`
      throw new DefinitionError(`entity &${undeclared}; is declared nowhere: not an XML entity, not in the file's DOCTYPE, ${where}`)
    }
    throw new DefinitionError(`not well-formed XML: ${error.message}`)
  })
  parser.write(xml).close()
  if (root === null) throw new DefinitionError('the file has no root element')
  return root
}
