/**
 * The seal state of one anchored generation, read from its proof rather than from what the
 * publisher says (records.md §2, "stronger reading"):
 * none (no proof) · pending (calendar attestations only) · anchored (a Bitcoin attestation whose
 * height matches, header not checked) · confirmed (a given header carries the computed merkle
 * root and has valid proof of work) · invalid (anything inconsistent, with the reason).
 */
import { createHash } from 'node:crypto'
import { checkHeader } from './header.js'
import { evaluateOts, type OtsLeaf } from './ots/evaluate.js'
import { OtsError, parseOts } from './ots/parse.js'
import type { PublishedAnchor } from './shapes.js'

export type SealState = 'none' | 'pending' | 'anchored' | 'confirmed' | 'invalid'

export interface GenerationSeal {
  readonly generation: number
  readonly state: SealState
  readonly reason: string
  readonly height: number | null
  /** Header time (seconds since 1970) when confirmed: the root existed before it. */
  readonly time: number | null
  readonly blockHash: string | null
}

/** A header the user supplied; with a height it claims to be that block's. */
export interface GivenHeader {
  readonly height: number | null
  readonly bytes: Buffer
}

/** The proof bytes of a generation, or why they could not be had. */
export type ProofInput = Buffer | { readonly error: string } | null

type BitcoinLeaf = Extract<OtsLeaf, { kind: 'bitcoin' }>

function seal (generation: number, state: SealState, reason: string, extra: Partial<GenerationSeal> = {}): GenerationSeal {
  return { generation, state, reason, height: null, time: null, blockHash: null, ...extra }
}

function confirmWithHeaders (generation: number, leaf: BitcoinLeaf, headers: readonly GivenHeader[]): GenerationSeal {
  const anchored = seal(generation, 'anchored', `Bitcoin attestation at block ${leaf.height}, merkle root ${leaf.merkleRootDisplayed}; no block header checked`, { height: leaf.height })
  const expected = Buffer.from(leaf.merkleRoot, 'hex')
  const candidates = headers.filter((header) => header.height === null || header.height === leaf.height)
  for (const header of candidates) {
    const check = checkHeader(header.bytes, expected)
    if (check.merkleOk !== true) {
      if (header.height === leaf.height) return seal(generation, 'invalid', `the header given for block ${leaf.height} carries merkle root ${Buffer.from(check.merkleRoot, 'hex').reverse().toString('hex')}, the proof computes ${leaf.merkleRootDisplayed}`, { height: leaf.height })
      continue
    }
    if (!check.powOk) return seal(generation, 'invalid', `the header of block ${check.blockHash} carries the merkle root but fails its proof of work (bits ${check.bits})`, { height: leaf.height, blockHash: check.blockHash })
    return seal(generation, 'confirmed', `block ${leaf.height} (${check.blockHash}) carries the merkle root and its proof of work holds; the root existed before ${new Date(check.time * 1000).toISOString()}`, { height: leaf.height, time: check.time, blockHash: check.blockHash })
  }
  if (candidates.length > 0) return { ...anchored, reason: `${anchored.reason} (none of the given headers carries it)` }
  return anchored
}

export function sealOfGeneration (anchor: PublishedAnchor, proof: ProofInput, headers: readonly GivenHeader[]): GenerationSeal {
  const { generation } = anchor
  if (proof === null) return seal(generation, 'none', `no proof was read for generation ${generation}`)
  if (!Buffer.isBuffer(proof)) return seal(generation, 'none', `the proof of generation ${generation} could not be read: ${proof.error}`)
  let summary
  try {
    summary = evaluateOts(parseOts(proof))
  } catch (error) {
    if (error instanceof OtsError) return seal(generation, 'invalid', `the proof of generation ${generation} does not parse: ${error.message}`)
    throw error
  }
  if (summary.fileDigest !== anchor.root_sha256) {
    const ofHexText = createHash('sha256').update(anchor.root_sha256, 'utf8').digest('hex')
    return seal(generation, 'invalid', summary.fileDigest === ofHexText
      ? `the proof of generation ${generation} stamps the SHA-256 of the root's hex text, not the root itself`
      : `the proof does not commit to this root: it stamps ${summary.fileDigest}, generation ${generation} is ${anchor.root_sha256}`)
  }
  const bitcoin = summary.leaves.filter((leaf): leaf is BitcoinLeaf => leaf.kind === 'bitcoin')
  const claimed = anchor.bitcoin_block ?? null
  if (bitcoin.length > 0) {
    const leaf = claimed === null ? bitcoin[0]! : bitcoin.find((candidate) => candidate.height === claimed)
    if (leaf === undefined) return seal(generation, 'invalid', `the anchors say block ${claimed}, the proof attests block ${bitcoin.map((l) => l.height).join(', ')}`)
    if (leaf.merkleRoot.length !== 64) return seal(generation, 'invalid', `the Bitcoin attestation at block ${leaf.height} is on a ${leaf.merkleRoot.length / 2}-byte message, not a 32-byte merkle root`)
    return confirmWithHeaders(generation, leaf, headers)
  }
  if (claimed !== null) return seal(generation, 'invalid', `the anchors say block ${claimed}, the proof has no Bitcoin attestation`)
  const pending = summary.leaves.filter((leaf) => leaf.kind === 'pending')
  if (pending.length > 0) return seal(generation, 'pending', `submitted to ${pending.map((leaf) => leaf.uri).join(', ')}; awaiting Bitcoin confirmation`)
  return seal(generation, 'invalid', `the proof of generation ${generation} has neither a Bitcoin nor a calendar attestation`)
}
