/** `bytes`: a raw element's bytes as hexadecimal digits, two a byte; `value`: anything else. */
export type ValueKind = 'bytes' | 'value'

/** Decoded values by element id: per table row for elements in loops, one value for the others. */
export class ValueStore {
  readonly #rows = new Map<string, Map<number, string>>()
  readonly #scalars = new Map<string, string>()
  readonly #bytes = new Set<string>()

  setRow (id: string, row: number, value: string, kind: ValueKind = 'value'): void {
    this.#kind(id, kind)
    let rows = this.#rows.get(id)
    if (rows === undefined) {
      rows = new Map()
      this.#rows.set(id, rows)
    }
    rows.set(row, value)
  }

  setScalar (id: string, value: string, kind: ValueKind = 'value'): void {
    this.#kind(id, kind)
    this.#scalars.set(id, value)
  }

  #kind (id: string, kind: ValueKind): void {
    if (kind === 'bytes') this.#bytes.add(id)
    else this.#bytes.delete(id)
  }

  /** Whether the element's values are a raw element's bytes (printed `0x...` by the `0x` format). */
  isBytes (id: string): boolean {
    return this.#bytes.has(id)
  }

  /** The value of `id` on a row, else its single value; undefined when the element was never read. */
  get (id: string, row: number | null): string | undefined {
    const rows = this.#rows.get(id)
    if (rows !== undefined && row !== null && rows.has(row)) return rows.get(row)
    return this.#scalars.get(id) ?? (row === null ? rows?.values().next().value : undefined)
  }

  rowsOf (id: string): ReadonlyMap<number, string> | undefined {
    return this.#rows.get(id)
  }

  rowIds (): string[] {
    return [...this.#rows.keys()]
  }
}

/** The text without the spaces and control characters (U+0000 to U+0020) at its ends, as Java's `String.trim` (the original's) cuts it. */
export function trimControls (text: string): string {
  let start = 0
  let end = text.length
  while (start < end && text.charCodeAt(start) <= 0x20) start++
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--
  return text.slice(start, end)
}

/** A number when the text is one, else NaN: values are text, numbers where they can be. Control characters around it (NULs of a text element) do not count, as in the original. */
export function numeric (text: string): number {
  const trimmed = trimControls(text)
  if (/^[+-]?0x[0-9a-f]+$/i.test(trimmed)) return Number.parseInt(trimmed.replace(/0x/i, ''), 16) * (trimmed.startsWith('-') ? -1 : 1)
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed) ? Number(trimmed) : Number.NaN
}

export function numberText (value: number): string {
  return Object.is(value, -0) ? '0' : String(value)
}

/** `==`, `!=`, `<`, `<=`, `>`, `>=`: numerically when both sides are numbers, else as text. */
export function compare (left: string, operator: string, right: string): boolean {
  const a = numeric(left)
  const b = numeric(right)
  const numbers = !Number.isNaN(a) && !Number.isNaN(b)
  const order = numbers ? Math.sign(a - b) : left < right ? -1 : left > right ? 1 : 0
  switch (operator.trim()) {
    case '==': case '=': return order === 0
    case '!=': case '<>': return order !== 0
    case '<': return order < 0
    case '<=': return order <= 0
    case '>': return order > 0
    case '>=': return order >= 0
    default: throw new Error(`unknown comparison operator: ${operator}`)
  }
}
