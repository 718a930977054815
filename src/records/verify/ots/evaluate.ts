/** What a parsed proof attests: its leaves, each with the message the operations lead to. */
import type { OtsProof, TimestampNode } from './parse.js'

export type OtsLeaf =
  /** `merkleRoot` is in internal (header) byte order; `merkleRootDisplayed` as explorers show it. */
  | { readonly kind: 'bitcoin', readonly height: number, readonly merkleRoot: string, readonly merkleRootDisplayed: string }
  | { readonly kind: 'pending', readonly uri: string, readonly commitment: string }
  | { readonly kind: 'unknown', readonly detail: string }

export interface OtsSummary {
  readonly fileDigest: string
  readonly leaves: readonly OtsLeaf[]
}

function leavesOf (node: TimestampNode, into: OtsLeaf[]): void {
  for (const item of node.items) {
    if (item.kind === 'op') {
      leavesOf(item.node, into)
      continue
    }
    const { attestation } = item
    const message = node.message
    if (message === null) {
      into.push({ kind: 'unknown', detail: `${attestation.kind} attestation below an operation this verifier cannot compute` })
    } else if (attestation.kind === 'bitcoin') {
      into.push({ kind: 'bitcoin', height: attestation.height, merkleRoot: message.toString('hex'), merkleRootDisplayed: Buffer.from(message).reverse().toString('hex') })
    } else if (attestation.kind === 'pending') {
      into.push({ kind: 'pending', uri: attestation.uri, commitment: message.toString('hex') })
    } else {
      into.push({ kind: 'unknown', detail: attestation.kind === 'litecoin' ? `litecoin block ${attestation.height}` : `attestation ${attestation.tag}` })
    }
  }
}

export function evaluateOts (proof: OtsProof): OtsSummary {
  const leaves: OtsLeaf[] = []
  leavesOf(proof.timestamp, leaves)
  return { fileDigest: proof.fileDigest.toString('hex'), leaves }
}
