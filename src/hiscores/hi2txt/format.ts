/**
 * Formats: named `<format>` definitions and the implicit ones a format attribute spells inline
 * (`+1`, `*10`, `PadL60`, `TrimR%` ...), chained with `;`, applied to a value on a table row.
 */
import type { Definition, FormatOp, FormatSpec, RefSpec } from './definition.js'
import { DefinitionError } from './errors.js'
import { applyFormatter } from './formatter.js'
import { compare, numberText, numeric, type ValueStore } from './values.js'

/** Where a value is formatted: the row it belongs to and the indexes a format may ask for. */
export interface FormatScope {
  readonly definition: Definition
  readonly store: ValueStore
  /** The table row (element index); null outside tables. */
  readonly row: number | null
  /** The displayed index (`src="index"`). */
  readonly index: number | null
  /** The index before sorting (`src="unsorted_index"`). */
  readonly unsortedIndex: number | null
  /** The logical loop index while an element is decoded (`LoopIndex`). */
  readonly loopIndex: number | null
}

/** Arithmetic on a number; nothing counts as 0 (a column this save lacks), other text is left as it is. */
function arithmetic (value: string, operand: number, apply: (a: number, b: number) => number): string {
  const a = value.trim() === '' ? 0 : numeric(value)
  if (Number.isNaN(a) || Number.isNaN(operand)) return value
  return numberText(apply(a, operand))
}

const arithmeticOps: Readonly<Record<string, (a: number, b: number) => number>> = {
  add: (a, b) => a + b,
  increment: (a, b) => a + b,
  substract: (a, b) => a - b,
  decrement: (a, b) => a - b,
  multiply: (a, b) => a * b,
  divide: (a, b) => a / b,
  remainder: (a, b) => a % b,
  divide_trunc: (a, b) => Math.trunc(a / b),
  divide_round: (a, b) => Math.round(a / b),
  shift: (a, b) => Math.trunc(a * 2 ** b)
}

function trimmed (value: string, what: string, left: boolean, right: boolean): string {
  if (what === '') return value
  let out = value
  while (left && out.startsWith(what)) out = out.slice(what.length)
  while (right && out.endsWith(what) && out !== '') out = out.slice(0, out.length - what.length)
  return out
}

/**
 * `0x` and `hexadecimal_string`: bytes print as they are, with the prefix (`0x001B00`); a number
 * prints in lowercase hexadecimal (`255` is `0xff`), other text just gains the prefix; nothing
 * stays nothing.
 */
function hexadecimal (value: string, isBytes: boolean): string {
  if (value === '') return value
  if (isBytes) return `0x${value}`
  const number = numeric(value)
  return Number.isInteger(number) ? `0x${(number < 0 ? BigInt.asUintN(64, BigInt(number)) : BigInt(number)).toString(16)}` : `0x${value}`
}

function implicitFormat (token: string, value: string, scope: FormatScope, isBytes: boolean): string {
  switch (token) {
    case 'LC': case 'Lowercase': return value.toLowerCase()
    case 'UC': case 'Uppercase': return value.toUpperCase()
    case 'Capitalize': return value.charAt(0).toUpperCase() + value.slice(1)
    case 'R': case 'Round': return arithmetic(value, 0, (a) => Math.round(a))
    case 'T': case 'Trunc': return arithmetic(value, 0, (a) => Math.trunc(a))
    case 'LoopIndex': return scope.loopIndex === null ? value : String(scope.loopIndex)
    case '0x': case 'hexadecimal_string': return hexadecimal(value, isBytes)
  }
  const text = /^(TrimL|TrimR|Trim|Suffix|Prefix)(.*)$/s.exec(token)
  if (text !== null) {
    const [, kind, arg = ''] = text
    if (kind === 'Suffix') return value === '' ? value : value + arg
    if (kind === 'Prefix') return value === '' ? value : arg + value
    return trimmed(value, arg, kind !== 'TrimR', kind !== 'TrimL')
  }
  const pad = /^Pad([LR])(\d+)(.)$/s.exec(token)
  if (pad !== null) return pad[1] === 'L' ? value.padStart(Number(pad[2]), pad[3]) : value.padEnd(Number(pad[2]), pad[3])
  const math = /^([*x/dD%+\->])(-?\d+(?:\.\d+)?)$/.exec(token)
  if (math !== null) {
    const operand = Number(math[2])
    switch (math[1]) {
      case '*': case 'x': return arithmetic(value, operand, arithmeticOps.multiply as (a: number, b: number) => number)
      case '/': return arithmetic(value, operand, arithmeticOps.divide as (a: number, b: number) => number)
      case 'd': return arithmetic(value, operand, arithmeticOps.divide_trunc as (a: number, b: number) => number)
      case 'D': return arithmetic(value, operand, arithmeticOps.divide_round as (a: number, b: number) => number)
      case '%': return arithmetic(value, operand, arithmeticOps.remainder as (a: number, b: number) => number)
      case '+': return arithmetic(value, operand, arithmeticOps.add as (a: number, b: number) => number)
      case '-': return arithmetic(value, operand, arithmeticOps.substract as (a: number, b: number) => number)
      case '>': return arithmetic(value, operand, (a, b) => Math.floor(a / 2 ** b))
    }
  }
  throw new DefinitionError(`unknown format: "${token}"`)
}

/** The value of an output reference (a column, field or txt) on the scope's row; `input` feeds a reference that names no element (input-as-subcolumns-input). */
export function referenceValue (ref: RefSpec, scope: FormatScope, input: string | null): string {
  if (ref.content !== null) return ref.content
  const source = ref.src ?? ref.id
  let value: string
  if (source === null) value = input ?? ''
  else if (source === 'index') value = scope.index === null ? '' : String(scope.index)
  else if (source === 'unsorted_index') value = scope.unsortedIndex === null ? '' : String(scope.unsortedIndex)
  else value = scope.store.get(source, scope.row) ?? ''
  const isBytes = source !== null && source !== 'index' && source !== 'unsorted_index' && scope.store.isBytes(source)
  return ref.format === null ? value : applyFormats(ref.format, value, scope, isBytes)
}

/** An operand that is a `<field>` is read outside any row: the whole output's value, not the row's. */
function operandScope (ref: RefSpec, scope: FormatScope): FormatScope {
  return ref.kind === 'field' ? { ...scope, row: null, index: null, unsortedIndex: null } : scope
}

function operands (op: FormatOp, format: FormatSpec, value: string, scope: FormatScope): string[] {
  if (op.refs.length === 0) return [op.text.trim()]
  return op.refs.map((ref) => referenceValue(ref, operandScope(ref, scope), format.inputAsSubcolumnsInput ? value : ''))
}

/** `sum` outside a row adds a column's value on every row (a total); on a row, the row's values. */
function summands (op: FormatOp, format: FormatSpec, value: string, scope: FormatScope): string[] {
  return op.refs.flatMap((ref) => {
    const source = ref.src ?? ref.id
    const inner = operandScope(ref, scope)
    const rows = source === null || inner.row !== null ? undefined : scope.store.rowsOf(source)
    if (rows === undefined || ref.content !== null) return [referenceValue(ref, inner, format.inputAsSubcolumnsInput ? value : '')]
    return [...rows.keys()].map((row) => referenceValue(ref, { ...inner, row, index: row, unsortedIndex: row }, ''))
  })
}

/** A raw element's bytes match a case only by their text: `0002` is not `2`, as in the original. */
function caseGroup (cases: readonly FormatOp[], value: string, scope: FormatScope, isBytes: boolean): string {
  const result = (op: FormatOp): string => op.attrs.dst ?? (op.attrs.format === undefined ? value : applyFormats(op.attrs.format, value, scope))
  for (const op of cases) {
    if (op.attrs.src === undefined) continue
    let tested = op.attrs['operator-format'] === undefined ? value : applyFormats(op.attrs['operator-format'], value, scope)
    // A hexadecimal src against one character (formats applied per character) means its code: src="0x40" is "@".
    if (/^0x[0-9a-f]+$/i.test(op.attrs.src) && [...tested].length === 1 && !/\d/.test(tested)) tested = String(tested.codePointAt(0))
    const operator = op.attrs.operator ?? '=='
    const matches = isBytes && op.attrs['operator-format'] === undefined
      ? ['==', '='].includes(operator.trim()) && tested === op.attrs.src
      : compare(tested, operator, op.attrs.src)
    if (matches) return result(op)
  }
  const fallback = cases.find((op) => ['1', 'yes', 'true'].includes((op.attrs.default ?? '').toLowerCase()))
  return fallback === undefined ? value : result(fallback)
}

function runOperation (op: FormatOp, format: FormatSpec, value: string, scope: FormatScope): string {
  const math = arithmeticOps[op.op]
  if (math !== undefined) return operands(op, format, value, scope).reduce((acc, operand) => arithmetic(acc, numeric(operand), math), value)
  switch (op.op) {
    case 'round': return arithmetic(value, 0, (a) => Math.round(a))
    case 'trunc': return arithmetic(value, 0, (a) => Math.trunc(a))
    case 'sum': {
      if (op.refs.length === 0) return arithmetic(value, numeric(op.text), arithmeticOps.add as (a: number, b: number) => number)
      const parts = summands(op, format, value, scope).map(numeric).filter((n) => !Number.isNaN(n))
      return numberText(parts.reduce((a, b) => a + b, 0))
    }
    case 'min': case 'max': {
      const parts = operands(op, format, value, scope).map(numeric).filter((n) => !Number.isNaN(n))
      if (parts.length === 0) return value
      return numberText(op.op === 'min' ? Math.min(...parts) : Math.max(...parts))
    }
    case 'concat':
      if (op.refs.length === 0) return value + op.text
      return (format.inputAsSubcolumnsInput ? '' : value) + operands(op, format, value, scope).join('')
    case 'prefix': case 'suffix': case 'postfix': {
      const empty = op.attrs.empty ?? ''
      if (value === empty) return ['1', 'yes', 'true'].includes((op.attrs.consume ?? '').toLowerCase()) ? '' : value
      const text = op.refs.length === 0 ? op.text : operands(op, format, value, scope).join('')
      return op.op === 'prefix' ? text + value : value + text
    }
    case 'pad': {
      const max = numeric(op.attrs.max ?? '')
      if (Number.isNaN(max)) throw new DefinitionError(`<pad> in format ${format.id} needs a numeric max`)
      const fill = op.text === '' ? ' ' : op.text
      return op.attrs.direction === 'left' ? value.padStart(max, fill) : value.padEnd(max, fill)
    }
    case 'trim': {
      const direction = op.attrs.direction ?? 'right'
      return trimmed(value, op.text, direction !== 'right', direction !== 'left')
    }
    case 'replace': return value.split(op.attrs.src ?? '').join(op.attrs.dst ?? '')
    case 'uppercase': return value.toUpperCase()
    case 'lowercase': return value.toLowerCase()
    case 'capitalize': return value.charAt(0).toUpperCase() + value.slice(1)
    case 'loopindex': return scope.loopIndex === null ? value : String(scope.loopIndex)
    default: throw new DefinitionError(`format ${format.id} uses an unknown operation <${op.op}>`)
  }
}

function runFormat (format: FormatSpec, input: string, scope: FormatScope, isBytes: boolean): string {
  let value = input
  const ops = format.ops
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i] as FormatOp
    if (op.op === 'case') {
      // Consecutive cases are one mapping; another operation between them starts a new one.
      let end = i
      while (end < ops.length && ops[end]?.op === 'case') end++
      value = caseGroup(ops.slice(i, end), value, scope, isBytes && value === input)
      i = end - 1
    } else {
      value = runOperation(op, format, value, scope)
    }
  }
  return format.formatter === null ? value : applyFormatter(format.formatter, value)
}

/** Applies a format chain (`id1;id2`, named or implicit) to a value; `isBytes` when the value is a raw element's bytes. */
export function applyFormats (chain: string, value: string, scope: FormatScope, isBytes = false): string {
  let out = value
  let bytes = isBytes
  for (const token of chain.split(';')) {
    if (token.trim() === '') continue
    // Named formats may be written with spaces around them; an implicit one keeps a trailing space it means (`Trim `).
    const format = scope.definition.formats.get(token) ?? scope.definition.formats.get(token.trim())
    if (format === undefined) out = implicitFormat(token.trimStart(), out, scope, bytes)
    else out = format.applyToChar ? [...out].map((char) => runFormat(format, char, scope, false)).join('') : runFormat(format, out, scope, bytes)
    bytes = false
  }
  return out
}
