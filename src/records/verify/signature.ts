/**
 * The issuer signature of an index (records.md §1.4): ECDSA P-256 with SHA-256 over the UTF-8
 * bytes of the 64-character hex root, DER-encoded, in base64url without padding; the key is SPKI
 * PEM and its id the lowercase hex SHA-256 of the SPKI DER.
 */
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto'

export type SignatureCheck =
  | { readonly ok: true, readonly keyId: string }
  | { readonly ok: false, readonly keyId: string | null, readonly reason: string }

export function keyIdOf (publicKey: KeyObject): string {
  return createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex')
}

/** A P-256 public key from SPKI PEM, or the reason it is not one. */
export function readIssuerKey (pem: string): { key: KeyObject } | { reason: string } {
  let key: KeyObject
  try {
    key = createPublicKey({ key: pem, format: 'pem' })
  } catch (error) {
    return { reason: `issuer_public_key is not a PEM public key (${(error as Error).message})` }
  }
  if (key.asymmetricKeyType !== 'ec') return { reason: `issuer_public_key is a ${key.asymmetricKeyType ?? 'unknown'} key, not ECDSA` }
  const curve = key.asymmetricKeyDetails?.namedCurve
  if (curve !== 'prime256v1') return { reason: `issuer_public_key is on curve ${curve ?? 'unknown'}, not P-256 (prime256v1)` }
  return { key }
}

const base64url = /^[A-Za-z0-9_-]+$/

/** Only the strict alphabet: Node's decoder silently skips characters it does not know. */
function decodeBase64url (text: string): Buffer | null {
  return base64url.test(text) && text.length % 4 !== 1 ? Buffer.from(text, 'base64url') : null
}

/** A DER `SEQUENCE { INTEGER r, INTEGER s }` with short lengths, as ECDSA P-256 signatures are. */
function isDerSignature (bytes: Buffer): boolean {
  if (bytes.length < 8 || bytes[0] !== 0x30 || bytes[1] !== bytes.length - 2) return false
  let offset = 2
  for (let i = 0; i < 2; i++) {
    if (bytes[offset] !== 0x02) return false
    const length = bytes[offset + 1]!
    if (length === 0 || length > 33) return false
    offset += 2 + length
  }
  return offset === bytes.length
}

export function verifyIndexSignature (index: { readonly root: string, readonly signature: string, readonly issuer_public_key: string }): SignatureCheck {
  const issuer = readIssuerKey(index.issuer_public_key)
  if ('reason' in issuer) return { ok: false, keyId: null, reason: issuer.reason }
  const keyId = keyIdOf(issuer.key)
  const signature = decodeBase64url(index.signature)
  if (signature === null) return { ok: false, keyId, reason: 'signature is not unpadded base64url' }
  if (!isDerSignature(signature)) {
    const hint = signature.length === 64 ? ' (64 bytes: r‖s in IEEE P1363 form, not DER)' : ''
    return { ok: false, keyId, reason: `signature is not a DER ECDSA signature${hint}` }
  }
  const valid = verify('sha256', Buffer.from(index.root, 'utf8'), { key: issuer.key, dsaEncoding: 'der' }, signature)
  return valid ? { ok: true, keyId } : { ok: false, keyId, reason: 'bad signature: it does not verify over the published root with the published key' }
}
