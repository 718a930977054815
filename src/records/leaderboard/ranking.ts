/**
 * The Top 100 of a game from verified sources (pure). Only sources whose index verified give
 * records; a withdrawal retracts a score of the same source; a record seen through two
 * sources counts once; an entry is sealed when an anchored generation of its source covers it.
 */
import type { ScoreRecord } from '../schemas.js'
import { recordProblem } from '../store.js'
import type { VerificationReport } from '../verify/report.js'
import type { SealState } from '../verify/seal.js'

const topSize = 100

export interface SourceResult {
  readonly url: string
  readonly issuerKeyId: string | null
  readonly verified: boolean
  readonly sealState: SealState
  /** Records the source publishes (all games). */
  readonly records: number
  readonly reason: string | null
  /** The published records, in order; empty unless verified. */
  readonly published: readonly unknown[]
  readonly sealedRecords: number
}

export interface GameKey {
  readonly system: string
  readonly rom: string
}

export interface RankedEntry {
  readonly rank: number
  readonly player: string
  readonly value: number
  readonly at: string
  readonly recordId: string
  readonly issuerKeyId: string
  readonly sealed: boolean
  readonly game: string
}

export function sourceOf (url: string, records: readonly unknown[], report: VerificationReport): SourceResult {
  return {
    url,
    issuerKeyId: report.issuer.keyId,
    verified: report.authentic,
    sealState: report.seal.state,
    records: records.length,
    reason: report.authentic ? report.seal.reason : report.problems.join('; '),
    published: report.authentic ? records : [],
    sealedRecords: report.seal.sealedRecords
  }
}

export function unreachableSource (url: string, reason: string): SourceResult {
  return { url, issuerKeyId: null, verified: false, sealState: 'none', records: 0, reason, published: [], sealedRecords: 0 }
}

interface Candidate {
  readonly record: ScoreRecord
  readonly issuerKeyId: string
  readonly sealed: boolean
}

function candidatesOf (source: SourceResult, game: GameKey, seen: Set<string>): Candidate[] {
  // Records of another schema than ours are not ranked (null), but keep their position: sealing counts positions.
  const records = source.published.map((r) => recordProblem(r) === null ? r as ScoreRecord : null)
  const withdrawn = new Set(records.flatMap((r) => r?.kind === 'withdrawal' && r.ref !== undefined ? [r.ref] : []))
  const candidates: Candidate[] = []
  records.forEach((record, position) => {
    if (record === null) return
    if (record.kind !== 'score' || record.system !== game.system || record.rom !== game.rom || withdrawn.has(record.id) || seen.has(record.id)) return
    seen.add(record.id)
    candidates.push({ record, issuerKeyId: source.issuerKeyId!, sealed: position < source.sealedRecords })
  })
  return candidates
}

export function rankGame (sources: readonly SourceResult[], game: GameKey): RankedEntry[] {
  const seen = new Set<string>()
  const candidates = sources.filter((s) => s.verified).flatMap((s) => candidatesOf(s, game, seen))
  // A game's records should agree on which way is better; the majority decides, the rest are left out.
  const lower = candidates.filter((c) => c.record.better === 'lower').length
  const better = lower > candidates.length - lower ? 'lower' : 'higher'
  const sign = better === 'higher' ? -1 : 1
  const ranked = candidates
    .filter((c) => c.record.better === better)
    .sort((a, b) => sign * (a.record.value - b.record.value) || a.record.at.localeCompare(b.record.at) || a.record.id.localeCompare(b.record.id))
    .slice(0, topSize)
  // Equal values share a rank (1, 2, 2, 4).
  return ranked.map((c) => ({
    rank: ranked.findIndex((other) => other.record.value === c.record.value) + 1,
    player: c.record.player,
    value: c.record.value,
    at: c.record.at,
    recordId: c.record.id,
    issuerKeyId: c.issuerKeyId,
    sealed: c.sealed,
    game: c.record.game
  }))
}
