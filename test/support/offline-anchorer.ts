/**
 * The deterministic offline anchorer (records.md §5a), for tests: `stamp` gives
 * a pending proof naming a calendar that does not exist, `upgrade` completes it with a synthetic
 * transaction and merkle path to a Bitcoin attestation, and writes the matching synthetic block
 * header (regtest-easy bits) to a headers file, so the whole `confirmed` path runs without a
 * network. Its seal is not a real one: no real block carries these merkle roots.
 */
import { createHash } from 'node:crypto'
import { appendFile, readFile } from 'node:fs/promises'
import path from 'node:path'
import { bitcoinHeightOf, pendingLeaves, splice, type Anchorer, type Upgrade } from '../../src/records/anchoring/anchorer.js'
import type { AnchorerOf } from '../../src/records/records-home.js'
import { hashValue, headerLength, targetOf } from '../../src/records/verify/header.js'
import { evaluateOts } from '../../src/records/verify/ots/evaluate.js'
import { parseOts, parseTimestamp, type Op, type OtsProof } from '../../src/records/verify/ots/parse.js'
import { chainBytes, proofBytes, writeOts } from '../../src/records/verify/ots/write.js'

export const offlineTestCalendar = 'https://offline-test.calendar.invalid'
export const offlineTestHeight = 840_000
/** Regtest's compact target: about every other nonce satisfies it. */
const easyBits = 0x207fffff

const sha256 = (...parts: Array<Buffer | string>): Buffer => {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part)
  return hash.digest()
}
const sha256d = (bytes: Buffer): Buffer => sha256(sha256(bytes))

const op = (name: Op['name'], argument: Buffer | null = null): Op => ({ name, argument })

/** Commitment -> txid (the commitment inside a transaction) -> merkle root (with one sibling). */
function pathToBlock (commitment: Buffer): Op[] {
  return [
    op('prepend', Buffer.from('offline-test transaction prefix:')),
    op('append', Buffer.from(':offline-test transaction suffix')),
    op('sha256'), op('sha256'),
    op('append', sha256('offline-test sibling', commitment)),
    op('sha256'), op('sha256')
  ]
}

/** The synthetic header of the block whose merkle root (internal order) is given; the nonce is ground until its proof of work holds. */
export function offlineTestHeader (merkleRoot: Buffer, height = offlineTestHeight): Buffer {
  const header = Buffer.alloc(headerLength)
  header.writeUInt32LE(0x20000000, 0)
  sha256d(Buffer.from(`offline-test block ${height}`)).copy(header, 4)
  merkleRoot.copy(header, 36)
  header.writeUInt32LE(1_700_000_000 + height, 68)
  header.writeUInt32LE(easyBits, 72)
  for (let nonce = 0; ; nonce++) {
    header.writeUInt32LE(nonce, 76)
    if (hashValue(sha256d(header)) <= targetOf(easyBits)) return header
  }
}

export class OfflineTestAnchorer implements Anchorer {
  readonly name = 'offline-test'
  readonly #headersFile: string

  /** `headersFile` collects the synthetic headers, one hex line each, for `records verify --headers`. */
  constructor (headersFile: string) {
    this.#headersFile = headersFile
  }

  async stamp (digest: Buffer): Promise<Buffer> {
    const nonce = sha256('offline-test nonce', digest).subarray(0, 16)
    return proofBytes(digest, chainBytes([op('append', nonce), op('sha256')], { kind: 'pending', uri: offlineTestCalendar }))
  }

  async upgrade (ots: Buffer): Promise<Upgrade> {
    const proof = parseOts(ots)
    const leaves = pendingLeaves(proof.timestamp).filter((leaf) => leaf.uri === offlineTestCalendar)
    if (leaves.length === 0) return { ots, bitcoinHeight: bitcoinHeightOf(proof) }
    splice(leaves.map((leaf) => {
      const subtree = parseTimestamp(chainBytes(pathToBlock(leaf.commitment), { kind: 'bitcoin', height: offlineTestHeight }), leaf.commitment)
      return { leaf, subtree }
    }))
    await this.#recordHeaders(proof)
    return { ots: writeOts(proof), bitcoinHeight: offlineTestHeight }
  }

  /** The jobs run one upgrade at a time, so no other one appends between this read and its append. */
  async #recordHeaders (proof: OtsProof): Promise<void> {
    const known = await readFile(this.#headersFile, 'utf8').catch((error: NodeJS.ErrnoException) => { if (error.code === 'ENOENT') return ''; throw error })
    const headers = evaluateOts(proof).leaves.flatMap((leaf) => leaf.kind === 'bitcoin' ? [offlineTestHeader(Buffer.from(leaf.merkleRoot, 'hex'), leaf.height).toString('hex')] : [])
    const added = headers.filter((hex) => !known.includes(hex))
    if (added.length > 0) await appendFile(this.#headersFile, added.map((hex) => `${hex}\n`).join(''))
  }
}

/** The records module's anchorer in tests: its synthetic headers in `<data-dir>/records/offline-test-headers.txt`, for `records verify --headers`. */
export const offlineAnchorerOf: AnchorerOf = (_options, dataDir) => new OfflineTestAnchorer(path.join(dataDir, 'records', 'offline-test-headers.txt'))
