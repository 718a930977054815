/**
 * How a root gets anchored (records.md §5a): `stamp` turns a 32-byte root into an .ots proof
 * (usually pending), `upgrade` tries to complete a proof with a Bitcoin attestation.
 */
import { evaluateOts } from '../verify/ots/evaluate.js'
import type { OtsProof, TimestampNode } from '../verify/ots/parse.js'

export interface Upgrade {
  readonly ots: Buffer
  /** The block a Bitcoin attestation of the proof names, once there is one. */
  readonly bitcoinHeight: number | null
}

export interface Anchorer {
  readonly name: string
  /** Null when this anchorer anchors nothing. */
  stamp (digest: Buffer): Promise<Buffer | null>
  upgrade (ots: Buffer): Promise<Upgrade>
}

/** The default when no calendar is configured: the index is signed but never anchored (seal state `none`). */
export const nullAnchorer: Anchorer = {
  name: 'none',
  stamp: async () => null,
  upgrade: async (ots) => ({ ots, bitcoinHeight: null })
}

export function bitcoinHeightOf (proof: OtsProof): number | null {
  const leaf = evaluateOts(proof).leaves.find((l) => l.kind === 'bitcoin')
  return leaf?.kind === 'bitcoin' ? leaf.height : null
}

export interface PendingLeaf {
  readonly node: TimestampNode
  readonly index: number
  readonly uri: string
  readonly commitment: Buffer
}

/** Every pending calendar attestation of a tree, with where it sits so an upgrade can replace it. */
export function pendingLeaves (node: TimestampNode, into: PendingLeaf[] = []): PendingLeaf[] {
  node.items.forEach((item, index) => {
    if (item.kind === 'op') pendingLeaves(item.node, into)
    else if (item.attestation.kind === 'pending' && node.message !== null) into.push({ node, index, uri: item.attestation.uri, commitment: node.message })
  })
  return into
}

/** Replaces pending leaves by what their calendars answered; later leaves first so earlier indexes stay right. */
export function splice (replacements: ReadonlyArray<{ readonly leaf: PendingLeaf, readonly subtree: TimestampNode }>): void {
  for (const { leaf, subtree } of [...replacements].sort((a, b) => b.leaf.index - a.leaf.index)) leaf.node.items.splice(leaf.index, 1, ...subtree.items)
}
