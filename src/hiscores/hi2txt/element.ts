/** One element's bytes to its value: decoding profile, byte operations, then int, text or raw. */
import type { BitmaskSpec, CharsetSpec, Definition, EltSpec } from './definition.js'
import { parseInteger } from './definition.js'
import { bytesOf, hexOf, transformBytes } from './element-bytes.js'
import { DefinitionError } from './errors.js'

const profiles: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'base-40': { 'src-unit-size': '16', base: '40', 'dst-unit-size': '3', 'ascii-offset': '64' },
  'base-32': { 'src-unit-size': '16', base: '32', 'dst-unit-size': '3', 'ascii-offset': '64' },
  bcd: { 'nibble-skip': 'odd', base: '16' },
  'bcd-le': { endianness: 'little_endian', 'nibble-skip': 'odd', base: '16' }
}

/** The element's attributes with its decoding profile expanded; explicit attributes win. */
function effectiveAttrs (elt: EltSpec): Readonly<Record<string, string>> {
  const profile = elt.attrs['decoding-profile']
  if (profile === undefined || profile === 'null') return elt.attrs
  const preset = profiles[profile]
  if (preset === undefined) throw new DefinitionError(`<elt id="${elt.id}"> uses an unknown decoding-profile: ${profile}`)
  return { ...preset, ...elt.attrs }
}

type CharMapper = (value: number) => string | null

/** `CS_NUMBER[offset,delta]`: the ASCII digit codes 48..57, moved by offset, with delta added to the step of 1 between digits, read as digits. */
function builtInCharset (name: string, args: number[]): CharMapper {
  if (name !== 'CS_NUMBER') throw new DefinitionError(`unknown charset: ${name}`)
  const [offset = 0, delta = 0] = args
  return (value) => {
    const steps = (value - 48 - offset) / (1 + delta)
    return Number.isInteger(steps) && steps >= 0 && steps <= 9 ? String(steps) : null
  }
}

function customCharset (charset: CharsetSpec): CharMapper {
  return (value) => charset.chars.get(value) ?? charset.fallback
}

/** A charset chain (`CS_NUMBER[-14];mine`): tried right to left, the first that knows the value wins. */
function charMapper (chain: string | undefined, definition: Definition): CharMapper | null {
  if (chain === undefined || chain.trim() === '') return null
  const mappers = chain.split(';').map((part) => part.trim()).filter((part) => part !== '').reverse().map((part) => {
    const builtIn = /^(CS_[A-Z_]+)(?:\[([^\]]*)\])?$/.exec(part)
    if (builtIn !== null) return builtInCharset(builtIn[1] as string, (builtIn[2] ?? '').split(',').filter((a) => a.trim() !== '').map((a) => parseInteger(a, `${part} argument`)))
    const charset = definition.charsets.get(part)
    if (charset === undefined) throw new DefinitionError(`unknown charset: ${part}`)
    return customCharset(charset)
  })
  return (value) => {
    for (const mapper of mappers) {
      const mapped = mapper(value)
      if (mapped !== null) return mapped
    }
    return null
  }
}

function integerOption (attrs: Readonly<Record<string, string>>, name: string, fallback: number): number {
  const value = attrs[name]
  return value === undefined ? fallback : parseInteger(value, name)
}

/** Units of `bits` bits, most significant first. */
function unitsOf (nibbles: number[], bits: number): bigint[] {
  if (bits < 1) throw new DefinitionError('src-unit-size must be at least 1')
  const all = bytesOf(nibbles).map((b) => b.toString(2).padStart(8, '0')).join('')
  const units: bigint[] = []
  for (let i = 0; i + bits <= all.length; i += bits) units.push(BigInt(`0b${all.slice(i, i + bits)}`))
  return units
}

function digitsIn (value: bigint, base: number, count: number): number[] {
  const digits: number[] = []
  let rest = value
  for (let i = 0; i < count; i++) {
    digits.unshift(Number(rest % BigInt(base)))
    rest /= BigInt(base)
  }
  return digits
}

function textOf (nibbles: number[], attrs: Readonly<Record<string, string>>, definition: Definition): string {
  const mapper = charMapper(attrs.charset, definition)
  const offset = integerOption(attrs, 'ascii-offset', 0)
  const step = integerOption(attrs, 'ascii-step', 1)
  if (step === 0) throw new DefinitionError('ascii-step must not be 0')
  const base = attrs.base === undefined ? null : parseInteger(attrs.base, 'base')
  const perUnit = integerOption(attrs, 'dst-unit-size', 1)
  let text = ''
  for (const unit of unitsOf(nibbles, integerOption(attrs, 'src-unit-size', 8))) {
    const codes = base === null ? [Number(unit)] : digitsIn(unit, base, perUnit)
    for (const code of codes) text += mapper?.(code) ?? String.fromCodePoint(Math.max(0, Math.trunc(code / step) + offset))
  }
  return text
}

/**
 * Integers are read as the bytes' binary value; `base="N"` reads the value's base-N digits as a
 * decimal number (16: BCD, one digit a nibble; 256: one digit a byte).
 */
function intOf (nibbles: number[], attrs: Readonly<Record<string, string>>): string {
  const value = nibbles.length === 0 ? 0n : BigInt(`0x${hexOf(nibbles)}`)
  const base = attrs.base?.trim().toLowerCase()
  if (base === undefined || base === '10' || base === 'hex' || base === 'hexa') return value.toString()
  const radix = parseInteger(base, 'base')
  if (radix < 2 || (radix > 36 && radix !== 256)) throw new DefinitionError(`base ${base} cannot read an int element`)
  const digits = radix === 256 ? bytesOf(nibbles).map((byte) => byte.toString(10)).join('') : value.toString(radix).toUpperCase()
  return /^\d+$/.test(digits) ? BigInt(digits).toString() : digits
}

export function decodeElement (elt: EltSpec, raw: Uint8Array, definition: Definition): string {
  const attrs = effectiveAttrs(elt)
  const endianness = attrs.endianness ?? 'default'
  if (!['big_endian', 'little_endian', 'default'].includes(endianness)) throw new DefinitionError(`<elt id="${elt.id}"> endianness must be big_endian or little_endian`)
  let bitmask: BitmaskSpec | null = null
  if (attrs.bitmask !== undefined) {
    bitmask = definition.bitmasks.get(attrs.bitmask) ?? null
    if (bitmask === null) throw new DefinitionError(`<elt id="${elt.id}"> uses an unknown bitmask: ${attrs.bitmask}`)
  }
  const nibbleSkip = attrs['nibble-skip'] === undefined || attrs['nibble-skip'] === 'null' ? null : attrs['nibble-skip']
  const nibbles = transformBytes(raw, { attrs, littleEndian: endianness === 'little_endian', nibbleSkip, bitmask })
  if (elt.type === 'int') return intOf(nibbles, attrs)
  if (elt.type === 'text') return textOf(nibbles, attrs, definition)
  // Raw bytes print two digits a byte: a nibble left alone is a byte of its own (`2` is `02`).
  return hexOf(nibbles.length % 2 === 0 ? nibbles : [0, ...nibbles])
}
