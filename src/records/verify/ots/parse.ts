/**
 * A strict parser of OpenTimestamps proofs that replays every operation as it descends
 * (records.md §3.1-3.4). Anything the reference client would refuse is an OtsError with a code
 * and the byte offset where the offending element starts; nothing is ever half accepted.
 */
import { createHash } from 'node:crypto'
import { attestationMarker, attestationTags, binaryOps, limits, moreItems, opNames, opTags, otsMagic, otsMajorVersion, pendingUriCharacters, type OpName } from './format.js'

export type OtsErrorCode = 'BAD_MAGIC' | 'UNSUPPORTED_VERSION' | 'UNSUPPORTED_HASH' | 'TRUNCATED' | 'UNKNOWN_OP' | 'BAD_ARGUMENT' | 'TOO_DEEP' | 'TOO_LONG' | 'BAD_ATTESTATION' | 'TRAILING_BYTES'

export class OtsError extends Error {
  constructor (readonly code: OtsErrorCode, readonly offset: number, detail: string) {
    super(`${code} at byte ${offset}: ${detail}`)
    this.name = 'OtsError'
  }
}

export type Attestation =
  | { readonly kind: 'bitcoin', readonly height: number }
  | { readonly kind: 'litecoin', readonly height: number }
  | { readonly kind: 'pending', readonly uri: string }
  | { readonly kind: 'unknown', readonly tag: string, readonly payload: Buffer }

export interface Op {
  readonly name: OpName
  /** The argument of append and prepend; null for unary ops. */
  readonly argument: Buffer | null
}

type TimestampItem =
  | { readonly kind: 'attestation', readonly offset: number, readonly attestation: Attestation }
  | { readonly kind: 'op', readonly offset: number, readonly op: Op, readonly node: TimestampNode }

/** A message and what the proof says about it, in file order (so writing it back gives the same bytes). */
export interface TimestampNode {
  /** Null below an operation this verifier cannot compute (keccak256, for Ethereum attestations only). */
  readonly message: Buffer | null
  readonly items: TimestampItem[]
}

export type FileHashOp = 'sha256' | 'sha1' | 'ripemd160'
const digestLengths: Record<FileHashOp, number> = { sha256: 32, sha1: 20, ripemd160: 20 }

export interface OtsProof {
  readonly hashOp: FileHashOp
  readonly fileDigest: Buffer
  readonly timestamp: TimestampNode
}

class Reader {
  offset = 0
  constructor (readonly bytes: Buffer) {}

  read (length: number, what: string): Buffer {
    if (this.offset + length > this.bytes.length) throw new OtsError('TRUNCATED', this.offset, `the file ends inside ${what} (${length} bytes wanted, ${this.bytes.length - this.offset} left)`)
    const slice = this.bytes.subarray(this.offset, this.offset + length)
    this.offset += length
    return slice
  }

  byte (what: string): number {
    return this.read(1, what)[0]!
  }

  /** Unsigned LEB128. */
  varuint (what: string): number {
    const start = this.offset
    let value = 0
    let scale = 1
    for (;;) {
      const byte = this.byte(what)
      value += (byte & 0x7f) * scale
      if (value > Number.MAX_SAFE_INTEGER) throw new OtsError('BAD_ARGUMENT', start, `${what} is larger than any length or height`)
      if ((byte & 0x80) === 0) return value
      scale *= 128
    }
  }

  varbytes (what: string, max: number, min = 0): Buffer {
    const start = this.offset
    const length = this.varuint(`the length of ${what}`)
    if (length > max) throw new OtsError('TOO_LONG', start, `${what} is ${length} bytes, more than ${max}`)
    if (length < min) throw new OtsError('BAD_ARGUMENT', start, `${what} is ${length} bytes, fewer than ${min}`)
    return this.read(length, what)
  }
}

const hashes: Partial<Record<OpName, string>> = { sha256: 'sha256', sha1: 'sha1', ripemd160: 'ripemd160' }

function apply (op: Op, message: Buffer, offset: number): Buffer | null {
  if (message.length > limits.message) throw new OtsError('TOO_LONG', offset, `${op.name} applies to a ${message.length}-byte message, more than ${limits.message}`)
  let result: Buffer | null
  switch (op.name) {
    case 'append': result = Buffer.concat([message, op.argument!]); break
    case 'prepend': result = Buffer.concat([op.argument!, message]); break
    case 'reverse': result = Buffer.from(message).reverse(); break
    case 'hexlify':
      if (message.length > limits.hexlifyMessage) throw new OtsError('TOO_LONG', offset, `hexlify applies to a ${message.length}-byte message, more than ${limits.hexlifyMessage}`)
      result = Buffer.from(message.toString('hex'), 'latin1')
      break
    case 'keccak256': result = null; break
    default: result = createHash(hashes[op.name]!).update(message).digest()
  }
  if (result !== null && result.length > limits.result) throw new OtsError('TOO_LONG', offset, `${op.name} gives ${result.length} bytes, more than ${limits.result}`)
  return result
}

function readAttestation (reader: Reader): Attestation {
  const tag = reader.read(8, 'an attestation tag').toString('hex')
  const payloadOffset = reader.offset
  const payload = reader.varbytes('an attestation payload', limits.attestationPayload)
  const inner = new Reader(payload)
  const fail = (detail: string): never => { throw new OtsError('BAD_ATTESTATION', payloadOffset, detail) }
  const done = <T>(value: T): T => {
    if (inner.offset !== payload.length) fail(`the ${tag} attestation has ${payload.length - inner.offset} bytes after its payload`)
    return value
  }
  try {
    switch (tag) {
      case attestationTags.bitcoin: return done({ kind: 'bitcoin', height: inner.varuint('a block height') })
      case attestationTags.litecoin: return done({ kind: 'litecoin', height: inner.varuint('a block height') })
      case attestationTags.pending: {
        const uri = inner.varbytes('a calendar URI', limits.pendingUri).toString('latin1')
        if (!pendingUriCharacters.test(uri)) fail(`the calendar URI ${JSON.stringify(uri)} has a character other than letters, digits and -._/:`)
        return done({ kind: 'pending', uri })
      }
      default: return { kind: 'unknown', tag, payload: Buffer.from(payload) }
    }
  } catch (error) {
    if (error instanceof OtsError && error.code !== 'BAD_ATTESTATION') throw new OtsError('BAD_ATTESTATION', payloadOffset, `the ${tag} attestation payload is malformed (${error.message})`)
    throw error
  }
}

function readOp (reader: Reader, tag: number, offset: number): Op {
  const name = opNames.get(tag)
  if (name === undefined) throw new OtsError('UNKNOWN_OP', offset, `unknown op 0x${tag.toString(16).padStart(2, '0')}`)
  const argument = binaryOps.has(name) ? Buffer.from(reader.varbytes(`the argument of ${name}`, limits.argument, 1)) : null
  return { name, argument }
}

function readNode (reader: Reader, message: Buffer | null, depth: number): TimestampNode {
  if (depth >= limits.depth) throw new OtsError('TOO_DEEP', reader.offset, `operations nest deeper than ${limits.depth}`)
  const items: TimestampItem[] = []
  const readItem = (tag: number, offset: number): void => {
    if (tag === attestationMarker) {
      items.push({ kind: 'attestation', offset, attestation: readAttestation(reader) })
      return
    }
    const op = readOp(reader, tag, offset)
    const result = message === null ? null : apply(op, message, offset)
    items.push({ kind: 'op', offset, op, node: readNode(reader, result, depth + 1) })
  }
  for (;;) {
    const offset = reader.offset
    const tag = reader.byte('a timestamp item')
    if (tag !== moreItems) {
      readItem(tag, offset)
      return { message, items }
    }
    const itemOffset = reader.offset
    readItem(reader.byte('a timestamp item'), itemOffset)
  }
}

function readHeader (reader: Reader): void {
  const magic = reader.bytes.subarray(0, otsMagic.length)
  if (!magic.equals(otsMagic.subarray(0, magic.length))) throw new OtsError('BAD_MAGIC', 0, 'not an OpenTimestamps proof (the magic bytes differ)')
  reader.read(otsMagic.length, 'the magic bytes')
  const versionOffset = reader.offset
  const version = reader.varuint('the major version')
  if (version !== otsMajorVersion) throw new OtsError('UNSUPPORTED_VERSION', versionOffset, `major version ${version}; only ${otsMajorVersion} is known`)
}

/**
 * A whole detached proof (`.ots` file). Records are stamped with sha256, so other file hashes
 * are refused unless `fileHashes` admits them (inspecting someone else's proof).
 */
export function parseOts (bytes: Uint8Array, fileHashes: readonly FileHashOp[] = ['sha256']): OtsProof {
  const reader = new Reader(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  readHeader(reader)
  const hashOffset = reader.offset
  const hashTag = reader.byte('the file hash op')
  const hashOp = fileHashes.find((name) => opTags[name] === hashTag)
  if (hashOp === undefined) {
    const name = opNames.get(hashTag) ?? `0x${hashTag.toString(16).padStart(2, '0')}`
    throw new OtsError('UNSUPPORTED_HASH', hashOffset, `the file hash op is ${name}; expected ${fileHashes.join(' or ')}`)
  }
  const fileDigest = Buffer.from(reader.read(digestLengths[hashOp], 'the file digest'))
  const timestamp = readNode(reader, fileDigest, 0)
  if (reader.offset !== reader.bytes.length) throw new OtsError('TRAILING_BYTES', reader.offset, `${reader.bytes.length - reader.offset} bytes after the end of the proof`)
  return { hashOp, fileDigest, timestamp }
}

/** A timestamp subtree for a known message, as calendars answer (no header, no file digest). */
export function parseTimestamp (bytes: Uint8Array, message: Buffer): TimestampNode {
  const reader = new Reader(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  const node = readNode(reader, message, 0)
  if (reader.offset !== reader.bytes.length) throw new OtsError('TRAILING_BYTES', reader.offset, `${reader.bytes.length - reader.offset} bytes after the end of the timestamp`)
  return node
}
