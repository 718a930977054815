/**
 * The whole verdict on a records service's published data: root recomputed, signature and pin
 * checked, history checked generation by generation, proofs read. Pure: the caller fetched the
 * data (from a service or a snapshot folder) and hands it in.
 */
import { CanonicalError, canonicalLines, prefixRoots } from './canonical.js'
import { sealOfGeneration, type GenerationSeal, type GivenHeader, type ProofInput, type SealState } from './seal.js'
import type { PublishedAnchor, PublishedIndex } from './shapes.js'
import { keyIdOf, readIssuerKey, verifyIndexSignature } from './signature.js'

export interface ServiceData {
  readonly index: PublishedIndex
  readonly anchors: readonly PublishedAnchor[]
  /** Proof bytes by generation; a generation missing here was not read. */
  readonly proofs: ReadonlyMap<number, ProofInput>
}

/** The issuer a verifier trusts: its key id, or its public key (PEM). */
export type IssuerPin = { readonly keyId: string } | { readonly publicKeyPem: string }

export interface VerifyOptions {
  readonly pin: IssuerPin | null
  readonly headers: readonly GivenHeader[]
}

interface HistoryCheck {
  readonly generation: number
  readonly recordCount: number | null
  readonly ok: boolean
  readonly reason: string
}

export interface VerificationReport {
  /** Root, signature, pin, history and every proof hold. */
  readonly authentic: boolean
  readonly problems: readonly string[]
  /** Facts worth knowing that are not failures (unpinned key, informative fields that differ). */
  readonly notes: readonly string[]
  readonly records: number
  readonly root: { readonly published: string, readonly recomputed: string | null, readonly ok: boolean }
  readonly signature: { readonly ok: boolean, readonly reason: string | null }
  readonly issuer: { readonly keyId: string | null, readonly pinned: boolean, readonly pinOk: boolean | null }
  readonly history: readonly HistoryCheck[]
  readonly generations: readonly GenerationSeal[]
  readonly seal: {
    readonly state: SealState
    readonly generation: number | null
    /** How many leading records an anchored or confirmed generation covers. */
    readonly sealedRecords: number
    readonly reason: string
  }
}

function pinnedKeyId (pin: IssuerPin): string | { reason: string } {
  if ('keyId' in pin) return pin.keyId.toLowerCase()
  const key = readIssuerKey(pin.publicKeyPem)
  return 'key' in key ? keyIdOf(key.key) : { reason: `the pinned key: ${key.reason}` }
}

function checkPin (pin: IssuerPin | null, keyId: string | null, problems: string[], notes: string[]): boolean | null {
  if (pin === null) {
    notes.push('no issuer pinned: the key was only checked for self-consistency (anyone can re-sign an altered index with their own key); pin it with --issuer-key-id')
    return null
  }
  const expected = pinnedKeyId(pin)
  if (typeof expected !== 'string') {
    problems.push(expected.reason)
    return false
  }
  if (keyId === expected) return true
  problems.push(`untrusted issuer: the index is signed by key ${keyId ?? '(unreadable)'}, the pinned key is ${expected}`)
  return false
}

function checkHistory (anchors: readonly PublishedAnchor[], roots: readonly string[] | null): HistoryCheck[] {
  return anchors.map((anchor) => {
    const base = { generation: anchor.generation, recordCount: anchor.record_count ?? null }
    if (roots === null) return { ...base, ok: false, reason: 'the records cannot be canonicalized' }
    const count = anchor.record_count
    if (count === undefined) {
      const found = roots.indexOf(anchor.root_sha256)
      return found < 0
        ? { ...base, ok: false, reason: `generation ${anchor.generation}'s root is not the root of any prefix of the index (history rewritten)` }
        : { ...base, recordCount: found, ok: true, reason: `the first ${found} records still hash to generation ${anchor.generation}'s root` }
    }
    if (count > roots.length - 1) return { ...base, ok: false, reason: `generation ${anchor.generation} anchors ${count} records, the index has only ${roots.length - 1}` }
    return roots[count] === anchor.root_sha256
      ? { ...base, ok: true, reason: `the first ${count} records still hash to generation ${anchor.generation}'s root` }
      : { ...base, ok: false, reason: `the first ${count} records no longer hash to generation ${anchor.generation}'s root ${anchor.root_sha256} (history rewritten)` }
  })
}

function overallSeal (anchors: readonly PublishedAnchor[], generations: readonly GenerationSeal[], history: readonly HistoryCheck[], root: string | null): VerificationReport['seal'] {
  const sealedRecords = Math.max(0, ...generations.flatMap((g, i) => (g.state === 'anchored' || g.state === 'confirmed') && history[i]!.ok ? [history[i]!.recordCount ?? 0] : []))
  const invalid = generations.find((g) => g.state === 'invalid')
  if (invalid !== undefined) return { state: 'invalid', generation: invalid.generation, sealedRecords, reason: invalid.reason }
  const current = anchors.findIndex((anchor) => anchor.root_sha256 === root)
  if (current >= 0) {
    const g = generations[current]!
    return { state: g.state, generation: g.generation, sealedRecords, reason: `generation ${g.generation}: ${g.reason}` }
  }
  const older = sealedRecords > 0 ? `; the first ${sealedRecords} records are sealed by an earlier generation` : ''
  return { state: 'none', generation: null, sealedRecords, reason: `the current root is not anchored yet${older}` }
}

export function verifyServiceData (data: ServiceData, options: VerifyOptions): VerificationReport {
  const problems: string[] = []
  const notes: string[] = []
  const { index } = data
  let roots: string[] | null = null
  try {
    roots = prefixRoots(canonicalLines(index.records))
  } catch (error) {
    if (!(error instanceof CanonicalError)) throw error
    problems.push(`a record cannot be canonicalized: ${error.message}`)
  }
  const recomputed = roots === null ? null : roots[roots.length - 1]!
  const rootOk = recomputed === index.root
  if (!rootOk && recomputed !== null) problems.push(`root mismatch: the records hash to ${recomputed}, the index publishes ${index.root}`)

  const signature = verifyIndexSignature(index)
  if (!signature.ok) problems.push(signature.reason)
  if (index.issuer_key_id !== undefined && signature.keyId !== null && index.issuer_key_id !== signature.keyId) notes.push(`the published issuer_key_id ${index.issuer_key_id} is not the key's id ${signature.keyId}`)
  if (index.count !== undefined && index.count !== index.records.length) notes.push(`the published count ${index.count} differs from the ${index.records.length} records`)
  const pinOk = checkPin(options.pin, signature.keyId, problems, notes)

  const anchors = [...data.anchors].sort((a, b) => a.generation - b.generation)
  const history = checkHistory(anchors, roots)
  for (const check of history) if (!check.ok) problems.push(check.reason)
  const generations = anchors.map((anchor) => sealOfGeneration(anchor, data.proofs.get(anchor.generation) ?? null, options.headers))
  for (const g of generations) if (g.state === 'invalid') problems.push(g.reason)

  return {
    authentic: problems.length === 0,
    problems,
    notes,
    records: index.records.length,
    root: { published: index.root, recomputed, ok: rootOk },
    signature: { ok: signature.ok, reason: signature.ok ? null : signature.reason },
    issuer: { keyId: signature.keyId, pinned: options.pin !== null, pinOk },
    history,
    generations,
    seal: overallSeal(anchors, generations, history, recomputed)
  }
}
