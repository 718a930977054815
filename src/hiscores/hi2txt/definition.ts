/**
 * The hi2txt definition language as a checked model: which structures read which save, the
 * formats, charsets, bitmasks and outputs. Every element and attribute the language documents is
 * known here; anything else is an error naming it, so a definition is never half understood.
 */
import { DefinitionError } from './errors.js'
import { parseXmlTree, type Dtd, type XmlNode } from './xml-tree.js'

export type Display = 'always' | 'extra' | 'debug'

export interface EltSpec {
  readonly id: string
  readonly size: number
  readonly type: 'int' | 'text' | 'raw'
  /** Absolute position in the save; null reads at the cursor. */
  readonly offset: number | null
  readonly attrs: Readonly<Record<string, string>>
}

export interface LoopSpec {
  readonly count: number
  readonly start: number
  readonly step: number
  readonly skipFirstBytes: number
  readonly skipLastBytes: number
  readonly elts: readonly EltSpec[]
}

type StructureStep = { readonly kind: 'elt', readonly elt: EltSpec } | { readonly kind: 'loop', readonly loop: LoopSpec }

export interface StructureSpec {
  readonly file: string
  readonly output: string | null
  readonly byteSwap: number | null
  readonly sizes: readonly number[]
  /** Byte signatures (`<definition offset="...">`): every one must be found. */
  readonly signatures: ReadonlyArray<{ readonly offset: number, readonly bytes: Uint8Array }>
  readonly steps: readonly StructureStep[]
}

/** A `column`, `field` or `txt` reference: in an output, or an operand of a format operation. */
export interface RefSpec {
  readonly kind: 'column' | 'field' | 'txt'
  readonly id: string | null
  readonly src: string | null
  readonly format: string | null
  readonly display: Display
  /** Hard-coded content, or null when the element is empty. */
  readonly content: string | null
}

export interface FormatOp {
  readonly op: string
  readonly text: string
  readonly attrs: Readonly<Record<string, string>>
  readonly refs: readonly RefSpec[]
}

export interface FormatSpec {
  readonly id: string
  readonly formatter: string | null
  readonly applyToChar: boolean
  /** An operand that names no element takes the format's input; otherwise it is empty, and `concat` keeps the input in front of its parts. */
  readonly inputAsSubcolumnsInput: boolean
  readonly ops: readonly FormatOp[]
}

export interface CharsetSpec {
  readonly chars: ReadonlyMap<number, string>
  readonly fallback: string | null
}

export interface BitmaskSpec {
  readonly byteCompletion: boolean
  readonly masks: readonly string[]
}

export interface TableSpec {
  readonly kind: 'table'
  readonly id: string | null
  readonly lineIgnore: string | null
  readonly lineIgnoreOperator: string
  readonly sort: string | null
  readonly sortDescending: boolean
  readonly sortFormat: string | null
  readonly linesMax: number | null
  readonly display: Display
  readonly columns: readonly RefSpec[]
}

export interface OutputSpec {
  readonly id: string | null
  readonly items: ReadonlyArray<TableSpec | RefSpec>
}

export interface Definition {
  /** Set when the file only says "same as that game". */
  readonly sameas: string | null
  readonly structures: readonly StructureSpec[]
  readonly formats: ReadonlyMap<string, FormatSpec>
  readonly charsets: ReadonlyMap<string, CharsetSpec>
  readonly bitmasks: ReadonlyMap<string, BitmaskSpec>
  readonly outputs: readonly OutputSpec[]
}

const eltAttributes = [
  'id', 'size', 'type', 'offset', 'format', 'decoding-profile', 'endianness', 'byte-skip', 'byte-trim', 'byte-trunc', 'byte-swap', 'nibble-skip', 'nibble-trim',
  'bit-swap', 'bitmask', 'src-unit-size', 'dst-unit-size', 'swap-skip-order', 'base', 'charset', 'ascii-offset', 'ascii-step', 'table-index', 'table-index-format'
]
const refAttributes = ['id', 'src', 'format', 'display']
const formatOperations = new Set([
  'add', 'increment', 'substract', 'decrement', 'multiply', 'divide', 'remainder', 'divide_trunc', 'divide_round', 'shift', 'round', 'trunc',
  'sum', 'min', 'max', 'concat', 'prefix', 'suffix', 'postfix', 'pad', 'trim', 'replace', 'uppercase', 'lowercase', 'capitalize', 'loopindex', 'case'
])
const operationAttributes: Readonly<Record<string, readonly string[]>> = {
  prefix: ['empty', 'consume'], suffix: ['empty', 'consume'], postfix: ['empty', 'consume'], pad: ['direction', 'max'], trim: ['direction'],
  replace: ['src', 'dst'], case: ['src', 'dst', 'default', 'operator', 'operator-format', 'format']
}

function where (node: XmlNode): string {
  const id = node.attrs.id
  return id === undefined ? `<${node.name}>` : `<${node.name} id="${id}">`
}

function allowOnly (node: XmlNode, attributes: readonly string[]): void {
  for (const name of Object.keys(node.attrs)) {
    if (!attributes.includes(name)) throw new DefinitionError(`${where(node)} has an attribute the language does not know: ${name}`)
  }
}

function unknownChild (parent: XmlNode, child: XmlNode): never {
  throw new DefinitionError(`${where(parent)} contains an element the language does not know there: <${child.name}>`)
}

/** Decimal or `0x` hexadecimal integer. */
export function parseInteger (text: string, what: string): number {
  const value = text.trim()
  const parsed = /^[+-]?0x[0-9a-f]+$/i.test(value) ? Number.parseInt(value.replace(/0x/i, ''), 16) * (value.startsWith('-') ? -1 : 1) : /^[+-]?\d+$/.test(value) ? Number.parseInt(value, 10) : Number.NaN
  if (!Number.isSafeInteger(parsed)) throw new DefinitionError(`${what} must be an integer (got "${text}")`)
  return parsed
}

function integerAttr (node: XmlNode, name: string, fallback: number): number {
  const value = node.attrs[name]
  return value === undefined ? fallback : parseInteger(value, `${where(node)} ${name}`)
}

function isYes (value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback
  const word = value.trim().toLowerCase()
  if (['1', 'yes', 'true'].includes(word)) return true
  if (['0', 'no', 'false'].includes(word)) return false
  throw new DefinitionError(`"${value}" is not a yes/no value`)
}

function displayOf (node: XmlNode): Display {
  const value = node.attrs.display ?? 'always'
  if (value !== 'always' && value !== 'extra' && value !== 'debug') throw new DefinitionError(`${where(node)} display must be always, extra or debug (got "${value}")`)
  return value
}

function eltOf (node: XmlNode): EltSpec {
  allowOnly(node, eltAttributes)
  const id = node.attrs.id
  if (id === undefined) throw new DefinitionError('<elt> without an id')
  const type = node.attrs.type ?? 'raw'
  if (type !== 'int' && type !== 'text' && type !== 'raw') throw new DefinitionError(`${where(node)} type must be int, text or raw (got "${type}")`)
  if (node.attrs.size === undefined) throw new DefinitionError(`${where(node)} has no size`)
  const size = integerAttr(node, 'size', 0)
  if (size < 0) throw new DefinitionError(`${where(node)} size must not be negative`)
  return { id, size, type, offset: node.attrs.offset === undefined ? null : integerAttr(node, 'offset', 0), attrs: node.attrs }
}

function loopOf (node: XmlNode): LoopSpec {
  allowOnly(node, ['count', 'start', 'step', 'skip-first-bytes', 'skip-last-bytes'])
  const elts = node.children.map((child) => child.name === 'elt' ? eltOf(child) : unknownChild(node, child))
  const count = integerAttr(node, 'count', 1)
  if (count < 0) throw new DefinitionError('<loop> count must not be negative')
  return { count, start: integerAttr(node, 'start', 0), step: integerAttr(node, 'step', 1), skipFirstBytes: integerAttr(node, 'skip-first-bytes', 0), skipLastBytes: integerAttr(node, 'skip-last-bytes', 0), elts }
}

function hexBytes (text: string, what: string): Uint8Array {
  const digits = text.replace(/0x/gi, '').replace(/[\s,:]/g, '')
  if (!/^([0-9a-f]{2})*$/i.test(digits)) throw new DefinitionError(`${what} must be hexadecimal bytes (got "${text.trim()}")`)
  return Uint8Array.from(digits.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
}

function structureOf (node: XmlNode): StructureSpec {
  allowOnly(node, ['file', 'output', 'byte-swap'])
  const file = node.attrs.file
  if (file === undefined || file.trim() === '') throw new DefinitionError('<structure> without a file')
  const sizes: number[] = []
  const signatures: Array<{ offset: number, bytes: Uint8Array }> = []
  const steps: StructureStep[] = []
  for (const child of node.children) {
    if (child.name === 'check') {
      allowOnly(child, [])
      for (const check of child.children) {
        if (check.name === 'size') {
          allowOnly(check, [])
          sizes.push(parseInteger(check.text, '<size>'))
        } else if (check.name === 'definition') {
          allowOnly(check, ['offset'])
          // Without an offset it is a hiscore.dat location, which only tells structures apart when hiscore.dat is at hand; saves are told apart by their size and signatures.
          if (check.attrs.offset !== undefined) signatures.push({ offset: integerAttr(check, 'offset', 0), bytes: hexBytes(check.text, '<definition offset>') })
        } else {
          unknownChild(child, check)
        }
      }
    } else if (child.name === 'elt') {
      steps.push({ kind: 'elt', elt: eltOf(child) })
    } else if (child.name === 'loop') {
      steps.push({ kind: 'loop', loop: loopOf(child) })
    } else {
      unknownChild(node, child)
    }
  }
  const byteSwap = node.attrs['byte-swap'] === undefined ? null : integerAttr(node, 'byte-swap', 1)
  return { file: file.trim(), output: node.attrs.output ?? null, byteSwap, sizes, signatures, steps }
}

function refOf (node: XmlNode): RefSpec {
  if (node.name === 'txt') {
    allowOnly(node, [])
    return { kind: 'txt', id: null, src: null, format: null, display: 'always', content: node.text }
  }
  allowOnly(node, refAttributes)
  if (node.children.length > 0) unknownChild(node, node.children[0] as XmlNode)
  return {
    kind: node.name === 'field' ? 'field' : 'column',
    id: node.attrs.id ?? null,
    src: node.attrs.src ?? null,
    format: node.attrs.format ?? null,
    display: displayOf(node),
    content: node.text === '' ? null : node.text
  }
}

function formatOf (node: XmlNode): FormatSpec {
  allowOnly(node, ['id', 'formatter', 'apply-to', 'input-as-subcolumns-input'])
  const id = node.attrs.id
  if (id === undefined) throw new DefinitionError('<format> without an id')
  const applyTo = node.attrs['apply-to'] ?? 'value'
  if (applyTo !== 'value' && applyTo !== 'char') throw new DefinitionError(`${where(node)} apply-to must be char or value`)
  const ops = node.children.map((child): FormatOp => {
    if (!formatOperations.has(child.name)) unknownChild(node, child)
    allowOnly(child, operationAttributes[child.name] ?? [])
    const refs = child.children.map((ref) => ref.name === 'column' || ref.name === 'field' || (ref.name === 'txt' && child.name === 'concat') ? refOf(ref) : unknownChild(child, ref))
    return { op: child.name, text: child.text, attrs: child.attrs, refs }
  })
  return { id, formatter: node.attrs.formatter ?? null, applyToChar: applyTo === 'char', inputAsSubcolumnsInput: isYes(node.attrs['input-as-subcolumns-input'], false), ops }
}

function charsetOf (node: XmlNode): CharsetSpec {
  allowOnly(node, ['id'])
  const chars = new Map<number, string>()
  let fallback: string | null = null
  for (const child of node.children) {
    if (child.name !== 'char') unknownChild(node, child)
    allowOnly(child, ['src', 'dst', 'default'])
    const text = (child.attrs.src ?? '').trim()
    // A code is `0x` hexadecimal or decimal; bare hexadecimal digits (`2D`) are read as the original reads them.
    const src = /^[0-9a-f]*[a-f][0-9a-f]*$/i.test(text) ? Number.parseInt(text, 16) : parseInteger(text, `${where(node)} <char> src`)
    const dst = child.attrs.dst ?? ''
    // The first mapping of a value wins, as in the reference tool.
    if (!chars.has(src)) chars.set(src, dst)
    if (isYes(child.attrs.default, false)) fallback = dst
  }
  return { chars, fallback }
}

function bitmaskOf (node: XmlNode): BitmaskSpec {
  allowOnly(node, ['id', 'byte-completion'])
  const masks = node.children.map((child) => {
    if (child.name !== 'character') unknownChild(node, child)
    allowOnly(child, ['mask'])
    const mask = (child.attrs.mask ?? '').replace(/\s/g, '')
    if (!/^[01]+$/.test(mask)) throw new DefinitionError(`${where(node)} <character> mask must be 0s and 1s`)
    return mask
  })
  return { byteCompletion: isYes(node.attrs['byte-completion'], true), masks }
}

function tableOf (node: XmlNode): TableSpec {
  allowOnly(node, ['id', 'line-ignore', 'line-ignore-operator', 'sort', 'sort-order', 'sort-format', 'lines-max', 'display'])
  const order = node.attrs['sort-order'] ?? 'asc'
  if (!['asc', 'desc', 'ascending', 'descending'].includes(order)) throw new DefinitionError(`${where(node)} sort-order must be asc or desc`)
  return {
    kind: 'table',
    id: node.attrs.id ?? null,
    lineIgnore: node.attrs['line-ignore'] ?? null,
    lineIgnoreOperator: node.attrs['line-ignore-operator'] ?? '==',
    sort: node.attrs.sort ?? null,
    sortDescending: order.startsWith('desc'),
    sortFormat: node.attrs['sort-format'] ?? null,
    linesMax: node.attrs['lines-max'] === undefined ? null : integerAttr(node, 'lines-max', 0),
    display: displayOf(node),
    columns: node.children.map((child) => child.name === 'column' || child.name === 'field' ? refOf(child) : unknownChild(node, child))
  }
}

function outputOf (node: XmlNode): OutputSpec {
  allowOnly(node, ['id'])
  return { id: node.attrs.id ?? null, items: node.children.map((child) => child.name === 'table' ? tableOf(child) : child.name === 'field' ? refOf(child) : unknownChild(node, child)) }
}

function addUnique<T> (map: Map<string, T>, kind: string, id: string | undefined, value: T): void {
  if (id === undefined) throw new DefinitionError(`<${kind}> without an id`)
  if (map.has(id)) throw new DefinitionError(`<${kind} id="${id}"> is declared twice`)
  map.set(id, value)
}

/** `dtd`: the DTD its DOCTYPE names, read beforehand (null: none). */
export function parseDefinition (xml: string, dtd: Dtd | null = null): Definition {
  const root = parseXmlTree(xml, dtd)
  if (root.name !== 'hi2txt') throw new DefinitionError(`the root element is <${root.name}>, not <hi2txt>`)
  allowOnly(root, ['label', 'ingame-score'])
  const structures: StructureSpec[] = []
  const formats = new Map<string, FormatSpec>()
  const charsets = new Map<string, CharsetSpec>()
  const bitmasks = new Map<string, BitmaskSpec>()
  const outputs: OutputSpec[] = []
  let sameas: string | null = null
  for (const child of root.children) {
    switch (child.name) {
      case 'structure': structures.push(structureOf(child)); break
      case 'format': addUnique(formats, 'format', child.attrs.id, formatOf(child)); break
      case 'charset': addUnique(charsets, 'charset', child.attrs.id, charsetOf(child)); break
      case 'bitmask': addUnique(bitmasks, 'bitmask', child.attrs.id, bitmaskOf(child)); break
      case 'output': outputs.push(outputOf(child)); break
      case 'sameas':
        allowOnly(child, ['id'])
        sameas = (child.attrs.id ?? child.text).trim()
        if (sameas === '') throw new DefinitionError('<sameas> names no game')
        break
      default: unknownChild(root, child)
    }
  }
  if (sameas === null && structures.length === 0) throw new DefinitionError('the definition has no <structure>')
  return { sameas, structures, formats, charsets, bitmasks, outputs }
}
