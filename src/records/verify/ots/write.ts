/** Serializes proofs and timestamp subtrees; the inverse of parse.ts, byte for byte. */
import { attestationMarker, attestationTags, moreItems, opTags, otsMagic, otsMajorVersion } from './format.js'
import type { Attestation, Op, OtsProof, TimestampNode } from './parse.js'

function varuint (value: number): Buffer {
  const bytes: number[] = []
  let rest = value
  do {
    const low = rest % 128
    rest = Math.floor(rest / 128)
    bytes.push(rest > 0 ? low | 0x80 : low)
  } while (rest > 0)
  return Buffer.from(bytes)
}

const varbytes = (bytes: Buffer): Buffer => Buffer.concat([varuint(bytes.length), bytes])

function attestationBytes (attestation: Attestation): Buffer {
  switch (attestation.kind) {
    case 'bitcoin': return Buffer.concat([Buffer.from(attestationTags.bitcoin, 'hex'), varbytes(varuint(attestation.height))])
    case 'litecoin': return Buffer.concat([Buffer.from(attestationTags.litecoin, 'hex'), varbytes(varuint(attestation.height))])
    case 'pending': return Buffer.concat([Buffer.from(attestationTags.pending, 'hex'), varbytes(varbytes(Buffer.from(attestation.uri, 'latin1')))])
    case 'unknown': return Buffer.concat([Buffer.from(attestation.tag, 'hex'), varbytes(attestation.payload)])
  }
}

/** An op's tag and argument; its child node's bytes follow it. */
export function opBytes (op: Op): Buffer {
  return Buffer.concat([Buffer.from([opTags[op.name]]), ...(op.argument === null ? [] : [varbytes(op.argument)])])
}

const attestationItem = (attestation: Attestation): Buffer => Buffer.concat([Buffer.from([attestationMarker]), attestationBytes(attestation)])

export function writeTimestamp (node: TimestampNode): Buffer {
  const parts = node.items.map((item, index) => {
    const lead = index < node.items.length - 1 ? [Buffer.from([moreItems])] : []
    return Buffer.concat([...lead, item.kind === 'attestation' ? attestationItem(item.attestation) : Buffer.concat([opBytes(item.op), writeTimestamp(item.node)])])
  })
  return Buffer.concat(parts)
}

/** A timestamp that is one chain of operations ending in one attestation. */
export function chainBytes (ops: readonly Op[], attestation: Attestation): Buffer {
  return Buffer.concat([...ops.map(opBytes), attestationItem(attestation)])
}

/** A detached proof: the header, the file digest and its timestamp's bytes. */
export function proofBytes (fileDigest: Buffer, timestamp: Buffer, hashOp: OtsProof['hashOp'] = 'sha256'): Buffer {
  return Buffer.concat([otsMagic, varuint(otsMajorVersion), Buffer.from([opTags[hashOp]]), fileDigest, timestamp])
}

export function writeOts (proof: OtsProof): Buffer {
  return proofBytes(proof.fileDigest, writeTimestamp(proof.timestamp), proof.hashOp)
}
