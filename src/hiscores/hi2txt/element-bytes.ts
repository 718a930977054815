/**
 * The byte, nibble and bit operations of an element, in the order the language prescribes (or the
 * element's `swap-skip-order`). Data is kept as nibbles: after a nibble operation an element may
 * hold an odd number of them, which byte arithmetic cannot represent.
 */
import type { BitmaskSpec } from './definition.js'
import { parseInteger } from './definition.js'
import { DefinitionError } from './errors.js'

type Nibbles = number[]

const defaultOrder = ['byte-swap', 'bit-swap', 'byte-skip', 'endian', 'byte-trunc', 'byte-trim', 'nibble-skip', 'nibble-trim', 'bitmask'] as const
type Operation = typeof defaultOrder[number]

function nibblesOf (bytes: Uint8Array): Nibbles {
  return [...bytes].flatMap((byte) => [byte >> 4, byte & 0xf])
}

/** Whole bytes; an odd nibble count is completed with a leading zero nibble. */
export function bytesOf (nibbles: Nibbles): number[] {
  const even = nibbles.length % 2 === 0 ? nibbles : [0, ...nibbles]
  const bytes: number[] = []
  for (let i = 0; i < even.length; i += 2) bytes.push(((even[i] as number) << 4) | (even[i + 1] as number))
  return bytes
}

export function hexOf (nibbles: Nibbles): string {
  return nibbles.map((n) => n.toString(16).toUpperCase()).join('')
}

function byteValue (text: string, what: string): number {
  const value = parseInteger(text, what)
  if (value < 0 || value > 255) throw new DefinitionError(`${what} must be a byte (got "${text}")`)
  return value
}

function swapGroups (bytes: number[], size: number): number[] {
  if (size < 1) throw new DefinitionError(`byte-swap must be at least 1 (got ${size})`)
  const out: number[] = []
  for (let i = 0; i < bytes.length; i += size) out.push(...bytes.slice(i, i + size).reverse())
  return out
}

export function swapBytes (bytes: Uint8Array, size: number): Uint8Array {
  return Uint8Array.from(swapGroups([...bytes], size))
}

function skipBytes (bytes: number[], rule: string): number[] {
  const word = rule.trim().toLowerCase()
  // "odd" and "even" count from 1, as the documentation's examples do: odd drops the 1st, 3rd ... byte.
  if (word === 'odd') return bytes.filter((_b, i) => i % 2 === 1)
  if (word === 'even') return bytes.filter((_b, i) => i % 2 === 0)
  if (/^[01]+$/.test(word)) return bytes.filter((_b, i) => word[i % word.length] === '1')
  const skipped = byteValue(rule, 'byte-skip')
  return bytes.filter((b) => b !== skipped)
}

function applyBitmask (nibbles: Nibbles, bitmask: BitmaskSpec): Nibbles {
  const bits = bytesOf(nibbles).map((b) => b.toString(2).padStart(8, '0')).join('')
  let out = ''
  for (const mask of bitmask.masks) {
    let selected = ''
    for (let i = 0; i < mask.length && i < bits.length; i++) if (mask[i] === '1') selected += bits[i]
    if (bitmask.byteCompletion && selected.length % 8 !== 0) selected = selected.padStart(selected.length + 8 - (selected.length % 8), '0')
    out += selected
  }
  if (out.length % 8 !== 0) out = out.padStart(out.length + 8 - (out.length % 8), '0')
  const bytes = (out.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2))
  return nibblesOf(Uint8Array.from(bytes))
}

function orderOf (attrs: Readonly<Record<string, string>>): Operation[] {
  const listed = attrs['swap-skip-order']
  if (listed === undefined) return [...defaultOrder]
  const named = listed.split(/[;,]/).map((name) => name.trim()).filter((name) => name !== '').map((name) => name === 'endianness' ? 'endian' : name)
  for (const name of named) if (!(defaultOrder as readonly string[]).includes(name)) throw new DefinitionError(`swap-skip-order names an unknown operation: ${name}`)
  return [...named as Operation[], ...defaultOrder.filter((op) => !named.includes(op))]
}

export interface ByteRules {
  readonly attrs: Readonly<Record<string, string>>
  readonly littleEndian: boolean
  readonly nibbleSkip: string | null
  readonly bitmask: BitmaskSpec | null
}

/** The element's bytes after its byte, nibble and bit operations. */
export function transformBytes (raw: Uint8Array, rules: ByteRules): Nibbles {
  const { attrs } = rules
  let nibbles = nibblesOf(raw)
  const onBytes = (change: (bytes: number[]) => number[]): void => { nibbles = nibblesOf(Uint8Array.from(change(bytesOf(nibbles)))) }
  for (const operation of orderOf(attrs)) {
    switch (operation) {
      case 'byte-swap':
        if (attrs['byte-swap'] !== undefined) onBytes((bytes) => swapGroups(bytes, parseInteger(attrs['byte-swap'] as string, 'byte-swap')))
        break
      case 'bit-swap':
        if (['1', 'yes', 'true'].includes((attrs['bit-swap'] ?? '').toLowerCase())) onBytes((bytes) => bytes.map((b) => Number.parseInt(b.toString(2).padStart(8, '0').split('').reverse().join(''), 2)))
        break
      case 'byte-skip':
        if (attrs['byte-skip'] !== undefined) onBytes((bytes) => skipBytes(bytes, attrs['byte-skip'] as string))
        break
      case 'endian':
        if (rules.littleEndian) onBytes((bytes) => bytes.reverse())
        break
      case 'byte-trunc':
        if (attrs['byte-trunc'] !== undefined) {
          const stop = byteValue(attrs['byte-trunc'], 'byte-trunc')
          onBytes((bytes) => bytes.includes(stop) ? bytes.slice(0, bytes.indexOf(stop)) : bytes)
        }
        break
      case 'byte-trim':
        if (attrs['byte-trim'] !== undefined) {
          const trimmed = byteValue(attrs['byte-trim'], 'byte-trim')
          onBytes((bytes) => { let i = 0; while (i < bytes.length && bytes[i] === trimmed) i++; return bytes.slice(i) })
        }
        break
      case 'nibble-skip':
        // odd keeps the low nibble of each byte (01AB -> 1B), even the high one (01AB -> 0A).
        if (rules.nibbleSkip === 'odd') nibbles = nibbles.filter((_n, i) => i % 2 === 1)
        else if (rules.nibbleSkip === 'even') nibbles = nibbles.filter((_n, i) => i % 2 === 0)
        else if (rules.nibbleSkip !== null) throw new DefinitionError(`nibble-skip must be odd or even (got "${rules.nibbleSkip}")`)
        break
      case 'nibble-trim':
        if (attrs['nibble-trim'] !== undefined) {
          const trimmed = parseInteger(attrs['nibble-trim'], 'nibble-trim')
          let i = 0
          while (i < nibbles.length && nibbles[i] === trimmed) i++
          nibbles = nibbles.slice(i)
        }
        break
      case 'bitmask':
        if (rules.bitmask !== null) nibbles = applyBitmask(nibbles, rules.bitmask)
        break
    }
  }
  return nibbles
}
