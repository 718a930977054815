/**
 * Bitcoin block headers (records.md §3.5): 80 bytes, merkle root in internal order at offset 36,
 * time at 68, bits at 72. A header turns an "anchored" proof into a "confirmed" one when it carries
 * the merkle root the proof computes and has the proof of work its bits claim.
 */
import { createHash } from 'node:crypto'

export const headerLength = 80

export interface HeaderCheck {
  /** Internal (header) byte order, as an OpenTimestamps leaf holds it. */
  readonly merkleRoot: string
  /** As explorers display it (reversed). */
  readonly blockHash: string
  readonly time: number
  readonly bits: string
  readonly powOk: boolean
  /** Null when no expected merkle root was given. */
  readonly merkleOk: boolean | null
}

const sha256d = (bytes: Buffer): Buffer => createHash('sha256').update(createHash('sha256').update(bytes).digest()).digest()

/** The target a header's compact `bits` stand for. */
export function targetOf (bits: number): bigint {
  const exponent = bits >>> 24
  const mantissa = BigInt(bits & 0x007fffff)
  return exponent >= 3 ? mantissa << BigInt(8 * (exponent - 3)) : mantissa >> BigInt(8 * (3 - exponent))
}

/** The hash read as a little-endian 256-bit number, as the proof-of-work rule compares it. */
export function hashValue (hash: Buffer): bigint {
  return BigInt(`0x${Buffer.from(hash).reverse().toString('hex')}`)
}

export function checkHeader (header: Buffer, expectedMerkleRoot: Buffer | null = null): HeaderCheck {
  if (header.length !== headerLength) throw new RangeError(`a block header is ${headerLength} bytes, not ${header.length}`)
  const hash = sha256d(header)
  const bits = header.readUInt32LE(72)
  const merkleRoot = header.subarray(36, 68)
  return {
    merkleRoot: merkleRoot.toString('hex'),
    blockHash: Buffer.from(hash).reverse().toString('hex'),
    time: header.readUInt32LE(68),
    bits: bits.toString(16).padStart(8, '0'),
    powOk: hashValue(hash) <= targetOf(bits),
    merkleOk: expectedMerkleRoot === null ? null : merkleRoot.equals(expectedMerkleRoot)
  }
}

/** A header given as hex text (160 hex digits), or null when it is not one. */
export function headerFromHex (text: string): Buffer | null {
  const trimmed = text.trim()
  return /^[0-9a-fA-F]{160}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : null
}
