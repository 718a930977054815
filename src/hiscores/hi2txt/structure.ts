/**
 * Reads saves with the structures that fit them: a structure fits a save when its `file` names it
 * and its checks pass; every fitting structure decodes into one value store (a game may keep part
 * of its table in the `.hi` file and the rest in nvram).
 */
import type { Definition, EltSpec, LoopSpec, StructureSpec } from './definition.js'
import { decodeElement } from './element.js'
import { swapBytes } from './element-bytes.js'
import { DefinitionError, SaveMismatchError } from './errors.js'
import { applyFormats, type FormatScope } from './format.js'
import { numeric, ValueStore } from './values.js'

/** A save as MAME writes it: `.hi` for `hiscore/<rom>.hi`, else the nvram file's name. */
export interface SaveFile {
  readonly name: string
  readonly bytes: Uint8Array
}

function structureReads (structure: StructureSpec, save: SaveFile): boolean {
  return save.name === structure.file || save.name.endsWith(structure.file)
}

/** Why a structure does not fit a save, or null when it does. */
function misfit (structure: StructureSpec, save: SaveFile): string | null {
  if (structure.sizes.length > 0 && !structure.sizes.includes(save.bytes.length)) return `${save.name} is ${save.bytes.length} bytes, the structure expects ${structure.sizes.join(' or ')}`
  for (const { offset, bytes } of structure.signatures) {
    const found = save.bytes.subarray(offset, offset + bytes.length)
    if (found.length !== bytes.length || found.some((b, i) => b !== bytes[i])) return `${save.name} lacks the signature expected at offset ${offset}`
  }
  return null
}

class Reader {
  cursor = 0
  constructor (readonly save: SaveFile) {}

  /**
   * The element's bytes that were saved: `missingFront`/`missingBack` of them never were (a loop
   * whose first or last entry is cut), and a save that ends early gives what it has, maybe nothing.
   * The original engine reads such an element from the bytes present, as a shorter element.
   */
  take (elt: EltSpec, missingFront = 0, missingBack = 0): Uint8Array {
    const start = elt.offset ?? this.cursor
    const end = start + elt.size - missingFront - missingBack
    if (elt.offset === null) this.cursor = end
    return this.save.bytes.subarray(Math.min(start, this.save.bytes.length), Math.min(end, this.save.bytes.length))
  }

  atEnd (): boolean {
    return this.cursor >= this.save.bytes.length
  }
}

interface LoopStep {
  readonly loop: LoopSpec
  readonly iteration: number
  readonly loopIndex: number
  lastIndex: number | null
}

function scopeFor (definition: Definition, store: ValueStore, row: number | null, loopIndex: number | null): FormatScope {
  return { definition, store, row, index: row, unsortedIndex: row, loopIndex }
}

function indexNumber (text: string, elt: EltSpec): number {
  const value = numeric(text)
  if (!Number.isInteger(value)) throw new SaveMismatchError(`element "${elt.id}" gives table index "${text}", not an integer`)
  return value
}

/** The row an element's value goes to: null for a single value, undefined when it goes nowhere. */
function tableIndex (elt: EltSpec, value: string, step: LoopStep | null, definition: Definition, store: ValueStore): number | null | undefined {
  const mode = elt.attrs['table-index']?.trim()
  if (mode === undefined && step === null) return null
  let index: number
  const loopIndex = step?.loopIndex ?? 0
  if (mode === undefined || mode === 'loop_index') index = loopIndex
  else if (mode === 'loop_reverse_index') index = step === null ? 0 : step.loop.start + (step.loop.count - 1 - step.iteration) * step.loop.step
  else if (mode === 'last') index = step?.lastIndex ?? loopIndex
  else if (mode === 'itself') index = indexNumber(value, elt)
  else if (/^[+-]?\d+$/.test(mode)) index = Number(mode)
  else {
    const relation = /^(.+):(index_from_value|value_from_index)$/.exec(mode)
    if (relation === null) throw new DefinitionError(`<elt id="${elt.id}"> has an unknown table-index: ${mode}`)
    const [, other = '', kind] = relation
    // What the original does, whatever the names say: `index_from_value` puts the entry on the row
    // whose `other` value is the loop index (a rank pointer saying which entry is 1st, 2nd ...);
    // `value_from_index` puts it on the row the `other` value at this loop step names.
    if (kind === 'value_from_index') {
      const pointer = store.get(other, loopIndex)
      if (pointer === undefined) return undefined
      index = indexNumber(pointer, elt)
    } else {
      // An entry no row points at is not shown (a loop longer than the table it fills).
      const match = [...(store.rowsOf(other) ?? new Map<number, string>())].find(([, v]) => numeric(v) === loopIndex)
      if (match === undefined) return undefined
      index = match[0]
    }
  }
  const format = elt.attrs['table-index-format']
  return format === undefined ? index : indexNumber(applyFormats(format, String(index), scopeFor(definition, store, index, loopIndex)), elt)
}

function readElement (elt: EltSpec, raw: Uint8Array, step: LoopStep | null, definition: Definition, store: ValueStore): void {
  const value = decodeElement(elt, raw, definition)
  const index = tableIndex(elt, value, step, definition, store)
  if (index === undefined) return
  const format = elt.attrs.format
  const isBytes = elt.type === 'raw'
  const stored = format === undefined ? value : applyFormats(format, value, scopeFor(definition, store, index, step?.loopIndex ?? null), isBytes)
  // A raw element stays bytes until a format makes it something else.
  const kind = isBytes && format === undefined ? 'bytes' : 'value'
  if (index === null) store.setScalar(elt.id, stored, kind)
  else store.setRow(elt.id, index, stored, kind)
  if (step !== null) step.lastIndex = index
}

/**
 * `skip-first-bytes`: the first entry's first bytes were not saved (the save starts inside it);
 * `skip-last-bytes`: the last entry's last bytes were not saved. An element wholly in the missing
 * part is not read; one partly in it is read from the bytes that were saved.
 */
function readLoop (loop: LoopSpec, reader: Reader, definition: Definition, store: ValueStore): void {
  const entrySize = loop.elts.reduce((sum, elt) => sum + (elt.offset === null ? elt.size : 0), 0)
  const clamp = (n: number, size: number): number => Math.min(Math.max(n, 0), size)
  for (let iteration = 0; iteration < loop.count; iteration++) {
    // A save that ends before an entry starts holds no more entries: the table has the rows saved.
    if (entrySize > 0 && reader.atEnd()) break
    const step: LoopStep = { loop, iteration, loopIndex: loop.start + iteration * loop.step, lastIndex: null }
    let position = 0
    for (const elt of loop.elts) {
      const at = position
      if (elt.offset !== null) {
        readElement(elt, reader.take(elt), step, definition, store)
        continue
      }
      position += elt.size
      const front = iteration === 0 ? clamp(loop.skipFirstBytes - at, elt.size) : 0
      const back = iteration === loop.count - 1 ? clamp(at + elt.size - (entrySize - loop.skipLastBytes), elt.size) : 0
      if (front + back >= elt.size && elt.size > 0) continue
      readElement(elt, reader.take(elt, front, back), step, definition, store)
    }
  }
}

function readStructure (structure: StructureSpec, save: SaveFile, definition: Definition, store: ValueStore): void {
  const reader = new Reader(structure.byteSwap === null ? save : { name: save.name, bytes: swapBytes(save.bytes, structure.byteSwap) })
  for (const step of structure.steps) {
    if (step.kind === 'elt') readElement(step.elt, reader.take(step.elt), null, definition, store)
    else readLoop(step.loop, reader, definition, store)
  }
}

export interface ReadSaves {
  readonly store: ValueStore
  /** The output the first fitting structure names (null: the unnamed one). */
  readonly outputId: string | null
  readonly structures: readonly StructureSpec[]
}

export function readSaves (definition: Definition, saves: readonly SaveFile[]): ReadSaves {
  const store = new ValueStore()
  const reads: Array<{ structure: StructureSpec, save: SaveFile }> = []
  const reasons: string[] = []
  for (const save of saves) {
    const candidates = definition.structures.filter((structure) => structureReads(structure, save))
    if (candidates.length === 0) {
      reasons.push(`no structure reads a file named ${save.name}`)
      continue
    }
    // The first structure that fits the save wins; the others describe other versions of it.
    const fitting = candidates.find((structure) => misfit(structure, save) === null)
    if (fitting === undefined) {
      reasons.push(...candidates.map((structure) => misfit(structure, save) as string))
      continue
    }
    reads.push({ structure: fitting, save })
  }
  // Saves are read in the order the definition lists their structures: where two saves hold the
  // same element, the later structure's value stays, as in the original (cyberlip, sonicwi3).
  reads.sort((a, b) => definition.structures.indexOf(a.structure) - definition.structures.indexOf(b.structure))
  for (const { structure, save } of reads) readStructure(structure, save, definition, store)
  const first = reads[0]
  if (first === undefined) throw new SaveMismatchError(reasons.length === 0 ? 'no save given' : [...new Set(reasons)].join('; '))
  return { store, outputId: first.structure.output, structures: reads.map((read) => read.structure) }
}
