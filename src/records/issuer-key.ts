/**
 * The issuer key that signs this cabinet's index: P-256, PKCS#8 PEM, created at the first start in the
 * data dir with owner-only permissions, or read from a configured file. Signatures follow
 * records.md §1.4 (the UTF-8 hex root, DER, base64url without padding).
 */
import { createPrivateKey, createPublicKey, generateKeyPair, sign, type KeyObject } from 'node:crypto'
import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { writeFileAtomic } from '../core/storage/atomic-file.js'
import { keyIdOf } from './verify/signature.js'

export class IssuerKey {
  readonly publicKeyPem: string
  readonly keyId: string
  readonly #privateKey: KeyObject
  #signed: { root: string, signature: string } | null = null

  constructor (privateKey: KeyObject) {
    if (privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new Error('the records issuer key must be an EC P-256 (prime256v1) private key')
    this.#privateKey = privateKey
    const publicKey = createPublicKey(privateKey)
    this.publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
    this.keyId = keyIdOf(publicKey)
  }

  /** ECDSA signatures are randomized: the last one is kept so an unchanged root keeps its signature. */
  sign (root: string): string {
    if (this.#signed?.root !== root) {
      this.#signed = { root, signature: sign('sha256', Buffer.from(root, 'utf8'), { key: this.#privateKey, dsaEncoding: 'der' }).toString('base64url') }
    }
    return this.#signed.signature
  }
}

const defaultKeyFile = (recordsDir: string): string => path.join(recordsDir, 'issuer-key.pem')

/** Reads the key file; creates it (mode 0600) when it is the default one and does not exist yet. */
export async function loadIssuerKey (configured: string | null, recordsDir: string): Promise<IssuerKey> {
  const file = configured ?? defaultKeyFile(recordsDir)
  let pem: Buffer | string | null = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null
    throw error
  })
  if (pem === null) {
    if (configured !== null) throw new Error(`the records key file ${configured} does not exist`)
    await mkdir(recordsDir, { recursive: true, mode: 0o700 })
    const { privateKey } = await promisify(generateKeyPair)('ec', { namedCurve: 'prime256v1' })
    pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    await writeFileAtomic(file, pem, { durable: true, mode: 0o600 })
  }
  let key: KeyObject
  try {
    key = createPrivateKey(pem)
  } catch (error) {
    throw new Error(`the records key file ${file} is not a PEM private key (${(error as Error).message})`, { cause: error })
  }
  return new IssuerKey(key)
}
