/**
 * The three public answers as a verifier reads them (spec §4.4, records.md §1.1): the named
 * fields are checked, anything else is the publisher's business and ignored.
 */
import { Type, type Static } from 'typebox'
import Value from 'typebox/value'

const hex64 = Type.String({ pattern: '^[0-9a-f]{64}$', description: 'Lowercase hex SHA-256.' })

export const PublishedIndex = Type.Object({
  records: Type.Array(Type.Unknown(), { description: 'Flat records in published order; the order is hashed.' }),
  count: Type.Optional(Type.Integer({ description: 'Number of records (informative: verifiers count themselves).' })),
  root: Type.String({ description: 'Lowercase hex SHA-256 of the canonical lines joined by LF, no trailing LF.' }),
  signature: Type.String({ description: 'ECDSA P-256/SHA-256 over the UTF-8 hex root, DER, base64url without padding.' }),
  issuer_public_key: Type.String({ description: 'SPKI PEM ("BEGIN PUBLIC KEY").' }),
  issuer_key_id: Type.Optional(Type.String({ description: 'Lowercase hex SHA-256 of the SPKI DER (informative: verifiers recompute it).' }))
}, { additionalProperties: true })
export type PublishedIndex = Static<typeof PublishedIndex>

export const PublishedAnchor = Type.Object({
  generation: Type.Integer({ minimum: 1, description: 'Counter of anchored roots, from 1.' }),
  root_sha256: hex64,
  record_count: Type.Optional(Type.Integer({ minimum: 0, description: 'How many leading records the anchored root covers (our extension: lets anyone check history).' })),
  bitcoin_block: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'Height of the block the proof reaches; null while pending.' })),
  submitted_at: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'When the root was stamped (ISO-8601 UTC).' })),
  confirmed_at: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'When the proof was upgraded to a Bitcoin attestation (ISO-8601 UTC).' }))
}, { additionalProperties: true })
export type PublishedAnchor = Static<typeof PublishedAnchor>

export const PublishedAnchors = Type.Object({ anchors: Type.Array(PublishedAnchor) }, { additionalProperties: true })

export const PublishedProof = Type.Object({
  generation: Type.Optional(Type.Integer()),
  root_sha256: Type.Optional(Type.String()),
  ots_b64: Type.String({ description: 'The .ots proof in base64 (standard, padded; url-safe accepted).' })
}, { additionalProperties: true })

/** The value when it has the shape, else a one-line reason naming the first wrong field. */
export function readShape<S extends typeof PublishedIndex | typeof PublishedAnchors | typeof PublishedProof> (schema: S, value: unknown, what: string): Static<S> | string {
  if (Value.Check(schema, value)) return value as Static<S>
  const first = [...Value.Errors(schema, value)][0]
  return `${what}: ${first === undefined ? 'unexpected shape' : `${first.instancePath === '' ? 'the body' : first.instancePath} ${first.message}`}`
}

/** Standard or url-safe base64, refusing anything else (Node's decoder would skip stray characters). */
export function decodeAnyBase64 (text: string): Buffer | null {
  const compact = text.trim()
  return /^[A-Za-z0-9+/_-]*={0,2}$/.test(compact) && compact.replace(/=+$/, '').length % 4 !== 1 ? Buffer.from(compact.replace(/-/g, '+').replace(/_/g, '/'), 'base64') : null
}

/** Proofs are published in standard padded base64 (the vendor's tools accept both alphabets). */
export const encodeProof = (ots: Buffer): string => ots.toString('base64')
