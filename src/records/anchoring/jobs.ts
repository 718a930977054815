/**
 * The two anchoring jobs (records.md §5a), run on a timer by the service and by hand from
 * `cabinet-hub records anchor|upgrade`: anchor the current root as a new generation when it
 * changed, and try to complete every generation still pending.
 */
import type { IndexHead } from '../store.js'
import type { Anchor, AnchorLog } from './anchor-log.js'
import type { Anchorer } from './anchorer.js'

export type AnchorOutcome =
  | { readonly anchored: true, readonly anchor: Anchor }
  | { readonly anchored: false, readonly reason: string }

export interface UpgradeOutcome {
  readonly generation: number
  readonly bitcoinBlock: number | null
}

export interface AnchorJobsDeps {
  readonly head: () => IndexHead
  readonly log: AnchorLog
  readonly anchorer: Anchorer
  readonly now: () => Date
}

export class AnchorJobs {
  readonly #deps: AnchorJobsDeps
  #running: Promise<unknown> = Promise.resolve()

  constructor (deps: AnchorJobsDeps) {
    this.#deps = deps
  }

  /** One job at a time: a timer tick never overlaps a previous one. */
  #exclusive<T> (job: () => Promise<T>): Promise<T> {
    const next = this.#running.then(job, job)
    this.#running = next.catch(() => {})
    return next
  }

  anchor (): Promise<AnchorOutcome> {
    const { head: headOf, log, anchorer, now } = this.#deps
    return this.#exclusive(async () => {
      const head = headOf()
      if (head.count === 0) return { anchored: false, reason: 'the index is empty' }
      const last = (await log.list()).at(-1)
      if (last?.root_sha256 === head.root) return { anchored: false, reason: `the current root is already generation ${last.generation}` }
      const proof = await anchorer.stamp(Buffer.from(head.root, 'hex'))
      if (proof === null) return { anchored: false, reason: `the ${anchorer.name} anchorer anchors nothing (configure --records-calendar)` }
      const anchor = await log.add({ root_sha256: head.root, record_count: head.count, bitcoin_block: null, submitted_at: now().toISOString(), confirmed_at: null }, proof)
      return { anchored: true, anchor }
    })
  }

  upgrade (): Promise<UpgradeOutcome[]> {
    const { log, anchorer, now } = this.#deps
    return this.#exclusive(async () => {
      const outcomes: UpgradeOutcome[] = []
      for (const anchor of (await log.list()).filter((a) => a.bitcoin_block === null)) {
        const proof = await log.proof(anchor.generation)
        if (proof === null) continue
        const upgraded = await anchorer.upgrade(proof)
        if (!upgraded.ots.equals(proof) || upgraded.bitcoinHeight !== null) await log.upgrade(anchor.generation, upgraded.ots, upgraded.bitcoinHeight, now().toISOString())
        outcomes.push({ generation: anchor.generation, bitcoinBlock: upgraded.bitcoinHeight })
      }
      return outcomes
    })
  }
}
