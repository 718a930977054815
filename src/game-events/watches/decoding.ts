/** Turns the bytes of a watched address into a number, per the watch's encoding. */
import type { Encoding } from '../schemas.js'

/** Largest size per encoding that still fits a safe integer. */
export const maxSize: Readonly<Record<Encoding, number>> = { 'uint-le': 6, 'uint-be': 6, 'bcd-le': 7, 'bcd-be': 7, digits: 15 }

function bcdByte (byte: number): number | null {
  const high = byte >> 4
  const low = byte & 0x0f
  return high > 9 || low > 9 ? null : high * 10 + low
}

function fold (bytes: readonly number[], radix: number, digit: (byte: number) => number | null): number | null {
  let value = 0
  for (const byte of bytes) {
    const d = digit(byte)
    if (d === null) return null
    value = value * radix + d
  }
  return value
}

/**
 * The value of `bytes` (memory order) in `encoding`; null when the bytes are not valid for it
 * (a BCD nibble or a digit above 9: games often park a blank tile there).
 */
export function decodeValue (bytes: Uint8Array, encoding: Encoding): number | null {
  const memoryOrder = [...bytes]
  const mostSignificantFirst = encoding.endsWith('-le') ? memoryOrder.reverse() : memoryOrder
  switch (encoding) {
    case 'uint-le':
    case 'uint-be': return fold(mostSignificantFirst, 256, (b) => b)
    case 'bcd-le':
    case 'bcd-be': return fold(mostSignificantFirst, 100, bcdByte)
    case 'digits': return fold(mostSignificantFirst, 10, (b) => b > 9 ? null : b)
  }
}

/** `0x` and the bytes in memory order, upper case (`0x2A00`). */
export function rawHex (bytes: Uint8Array): string {
  return `0x${Buffer.from(bytes).toString('hex').toUpperCase()}`
}
