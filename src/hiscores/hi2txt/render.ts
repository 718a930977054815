/**
 * The selected output as tables, each cell as hi2txt displays it: rows are the element indexes,
 * filtered by `line-ignore`, sorted, cut at `lines-max`; columns and tables above the read level
 * are left out. A top-level field is a single value beside the tables, never a table.
 */
import type { Definition, Display, OutputSpec, RefSpec, TableSpec } from './definition.js'
import { DefinitionError } from './errors.js'
import { applyFormats, referenceValue, type FormatScope } from './format.js'
import { compare, numeric, type ValueStore } from './values.js'

export type ReadLevel = 'default' | 'extra' | 'debug'

export interface DecodedTable {
  readonly Id: string | null
  readonly Columns: string[]
  readonly Rows: string[][]
}

interface DecodedField {
  readonly Id: string
  readonly Value: string
}

/** What an output shows: its tables and its fields, each in document order. */
export interface Decoded {
  readonly Tables: DecodedTable[]
  readonly Fields: DecodedField[]
}

const shown: Readonly<Record<ReadLevel, readonly Display[]>> = { default: ['always'], extra: ['always', 'extra'], debug: ['always', 'extra', 'debug'] }

function header (ref: RefSpec): string {
  return ref.id ?? ref.src ?? ''
}

/** Element ids a table reads, directly or through the formats of its columns. */
function referencedIds (table: TableSpec, definition: Definition): Set<string> {
  const ids = new Set<string>()
  const seenFormats = new Set<string>()
  const visit = (ref: RefSpec): void => {
    const source = ref.src ?? ref.id
    if (source !== null) ids.add(source)
    for (const token of (ref.format ?? '').split(';')) {
      const format = definition.formats.get(token) ?? definition.formats.get(token.trim())
      if (format === undefined || seenFormats.has(format.id)) continue
      seenFormats.add(format.id)
      for (const op of format.ops) op.refs.forEach(visit)
    }
  }
  table.columns.forEach(visit)
  return ids
}

function rowKeys (table: TableSpec, definition: Definition, store: ValueStore): number[] {
  const referenced = [...referencedIds(table, definition)].filter((id) => id !== 'index' && id !== 'unsorted_index')
  // A table that names no element lists every row read.
  if (referenced.length === 0) return [...new Set(store.rowIds().flatMap((id) => [...store.rowsOf(id)?.keys() ?? []]))].sort((a, b) => a - b)
  // The rows are every row any element it names was read on.
  const keys = new Set(referenced.flatMap((id) => [...store.rowsOf(id)?.keys() ?? []]))
  if (keys.size > 0) return [...keys].sort((a, b) => a - b)
  // A table of single values is one row; a table of elements this save does not hold has none.
  return referenced.some((id) => store.get(id, null) !== undefined) ? [0] : []
}

/** `COLUMN:VALUE` rules; a bare `COLUMN` ignores the rows where that column is empty. */
function ignoreRules (text: string): Array<{ column: string, value: string }> {
  return text.split(/[;,](?=[^;,:]*:)/).map((rule) => {
    const at = rule.lastIndexOf(':')
    return at < 0 ? { column: rule.trim(), value: '' } : { column: rule.slice(0, at).trim(), value: rule.slice(at + 1) }
  })
}

function renderTable (table: TableSpec, definition: Definition, store: ValueStore, level: ReadLevel): DecodedTable {
  const scopeOf = (row: number, index: number): FormatScope => ({ definition, store, row, index, unsortedIndex: row, loopIndex: null })
  const cells = (row: number, index: number): string[] => table.columns.map((column) => referenceValue(column, scopeOf(row, index), null))
  const columnAt = (name: string): number => table.columns.findIndex((column) => header(column) === name || column.src === name)
  let rows = rowKeys(table, definition, store).map((row) => ({ row, cells: cells(row, row) }))
  if (table.lineIgnore !== null) {
    const rules = ignoreRules(table.lineIgnore)
    rows = rows.filter(({ row, cells: values }) => !rules.every((rule) => {
      const at = columnAt(rule.column)
      return compare(at >= 0 ? values[at] as string : store.get(rule.column, row) ?? '', table.lineIgnoreOperator, rule.value)
    }))
  }
  if (table.sort !== null) {
    const at = columnAt(table.sort)
    const keyOf = (entry: { row: number, cells: string[] }): string => {
      const value = at >= 0 ? entry.cells[at] as string : store.get(table.sort as string, entry.row) ?? ''
      return table.sortFormat === null ? value : applyFormats(table.sortFormat, value, scopeOf(entry.row, entry.row))
    }
    const keyed = rows.map((entry) => ({ entry, key: keyOf(entry) }))
    keyed.sort((a, b) => {
      const x = numeric(a.key)
      const y = numeric(b.key)
      return !Number.isNaN(x) && !Number.isNaN(y) ? x - y : a.key < b.key ? -1 : a.key > b.key ? 1 : 0
    })
    // Descending is the ascending order reversed, ties included, as the original orders them.
    if (table.sortDescending) keyed.reverse()
    // After sorting, `index` is the position on screen; `unsorted_index` stays the element index.
    rows = keyed.map(({ entry }, position) => ({ row: entry.row, cells: cells(entry.row, position) }))
  }
  if (table.linesMax !== null) rows = rows.slice(0, table.linesMax)
  const visible = table.columns.map((column, i) => ({ column, i })).filter(({ column }) => shown[level].includes(column.display))
  return { Id: table.id, Columns: visible.map(({ column }) => header(column)), Rows: rows.map(({ cells: values }) => visible.map(({ i }) => values[i] as string)) }
}

export function selectOutput (definition: Definition, outputId: string | null): OutputSpec {
  const output = definition.outputs.find((candidate) => candidate.id === outputId) ?? (outputId === null ? definition.outputs[0] : undefined)
  if (output === undefined) throw new DefinitionError(outputId === null ? 'the definition has no <output>' : `the structure names output "${outputId}", which is not defined`)
  return output
}

export function renderOutput (output: OutputSpec, definition: Definition, store: ValueStore, level: ReadLevel): Decoded {
  const decoded: Decoded = { Tables: [], Fields: [] }
  for (const item of output.items) {
    if (!shown[level].includes(item.display)) continue
    if (item.kind === 'table') {
      const table = renderTable(item, definition, store, level)
      // A table with no row to show is left out, as in the original.
      if (table.Rows.length > 0) decoded.Tables.push(table)
    } else {
      const value = referenceValue(item, { definition, store, row: null, index: null, unsortedIndex: null, loopIndex: null }, null)
      // A field with nothing to show is left out, as in the original (a CHECK this save does not hold).
      if (value !== '') decoded.Fields.push({ Id: header(item), Value: value })
    }
  }
  return decoded
}
