/**
 * OpenTimestamps calendars (records.md §3.5): stamping POSTs a nonce-blinded digest to each
 * calendar and joins their answers under it; upgrading asks a calendar for the rest of a pending
 * proof. Only the configured calendars are ever contacted, whatever URI a proof names. No
 * calendar is reachable from here, so tests never use this anchorer.
 */
import { createHash, randomBytes } from 'node:crypto'
import { fetchBounded, FetchFailure } from '../bounded-fetch.js'
import { parseOts, parseTimestamp, type TimestampNode } from '../verify/ots/parse.js'
import { opBytes, proofBytes, writeOts, writeTimestamp } from '../verify/ots/write.js'
import { bitcoinHeightOf, pendingLeaves, splice, type Anchorer, type Upgrade } from './anchorer.js'

const otsAccept = 'application/vnd.opentimestamps.v1'
/** Stamp answers are small; upgrade answers carry a transaction and a merkle path. */
const maxStampBytes = 10_000
const maxUpgradeBytes = 64_000

export class CalendarAnchorer implements Anchorer {
  readonly name = 'calendars'
  readonly #calendars: readonly string[]
  readonly #timeoutMs: number

  constructor (calendars: readonly string[], timeoutMs: number) {
    this.#calendars = calendars.map((url) => url.replace(/\/+$/, ''))
    this.#timeoutMs = timeoutMs
  }

  async stamp (digest: Buffer): Promise<Buffer> {
    const nonce = randomBytes(16)
    const blinded = createHash('sha256').update(Buffer.concat([digest, nonce])).digest()
    const answers = await Promise.allSettled(this.#calendars.map(async (calendar) => {
      const body = await fetchBounded(`${calendar}/digest`, { method: 'POST', body: blinded, headers: { accept: otsAccept, 'content-type': 'application/x-www-form-urlencoded' }, maxBytes: maxStampBytes, signal: AbortSignal.timeout(this.#timeoutMs) })
      return parseTimestamp(body, blinded)
    }))
    const subtrees = answers.flatMap((answer) => answer.status === 'fulfilled' ? [answer.value] : [])
    if (subtrees.length === 0) throw new Error(`no calendar stamped the root: ${answers.map((a) => a.status === 'rejected' ? (a.reason as Error).message : '').join('; ')}`)
    const joined: TimestampNode = { message: blinded, items: subtrees.flatMap((subtree) => subtree.items) }
    return proofBytes(digest, Buffer.concat([opBytes({ name: 'append', argument: nonce }), opBytes({ name: 'sha256', argument: null }), writeTimestamp(joined)]))
  }

  async upgrade (ots: Buffer): Promise<Upgrade> {
    const proof = parseOts(ots)
    const leaves = pendingLeaves(proof.timestamp).filter((leaf) => this.#calendars.includes(leaf.uri.replace(/\/+$/, '')))
    const answers = await Promise.all(leaves.map(async (leaf) => {
      try {
        const body = await fetchBounded(`${leaf.uri.replace(/\/+$/, '')}/timestamp/${leaf.commitment.toString('hex')}`, { headers: { accept: otsAccept }, maxBytes: maxUpgradeBytes, signal: AbortSignal.timeout(this.#timeoutMs) })
        return [{ leaf, subtree: parseTimestamp(body, leaf.commitment) }]
      } catch (error) {
        // 404: the calendar has not put the commitment in a block yet; anything else waits for the next try too.
        if (error instanceof FetchFailure) return []
        throw error
      }
    }))
    const found = answers.flat()
    if (found.length === 0) return { ots, bitcoinHeight: bitcoinHeightOf(proof) }
    splice(found)
    return { ots: writeOts(proof), bitcoinHeight: bitcoinHeightOf(proof) }
  }
}
