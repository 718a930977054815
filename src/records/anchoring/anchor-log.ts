/**
 * The anchored generations (`anchors.json`) and their proofs (`proofs/gen-<N>.ots`). Read from
 * disk on every use: `cabinet-hub records anchor|upgrade` may change them while the service runs.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { writeFileAtomic } from '../store.js'
import type { PublishedAnchor } from '../verify/shapes.js'

export interface Anchor extends PublishedAnchor {
  readonly record_count: number
  readonly bitcoin_block: number | null
  readonly submitted_at: string
  readonly confirmed_at: string | null
}

export class AnchorLog {
  readonly #file: string
  readonly #proofs: string

  constructor (recordsDir: string) {
    this.#file = path.join(recordsDir, 'anchors.json')
    this.#proofs = path.join(recordsDir, 'proofs')
  }

  list (): Anchor[] {
    return existsSync(this.#file) ? JSON.parse(readFileSync(this.#file, 'utf8')) as Anchor[] : []
  }

  proof (generation: number): Buffer | null {
    const file = this.#proofFile(generation)
    return existsSync(file) ? readFileSync(file) : null
  }

  /** Saves the proof first: an anchor in the list always has its proof. */
  add (anchor: Omit<Anchor, 'generation'>, proof: Buffer): Anchor {
    const anchors = this.list()
    const added = { generation: anchors.length + 1, ...anchor }
    this.#saveProof(added.generation, proof)
    this.#save([...anchors, added])
    return added
  }

  /** An upgraded proof replaces the pending one of the same generation. */
  upgrade (generation: number, proof: Buffer, bitcoinBlock: number | null, at: string): void {
    this.#saveProof(generation, proof)
    if (bitcoinBlock === null) return
    this.#save(this.list().map((a) => a.generation === generation ? { ...a, bitcoin_block: bitcoinBlock, confirmed_at: at } : a))
  }

  #proofFile (generation: number): string {
    return path.join(this.#proofs, `gen-${generation}.ots`)
  }

  #saveProof (generation: number, proof: Buffer): void {
    mkdirSync(this.#proofs, { recursive: true })
    writeFileAtomic(this.#proofFile(generation), proof)
  }

  #save (anchors: readonly Anchor[]): void {
    writeFileAtomic(this.#file, `${JSON.stringify(anchors, null, 2)}\n`)
  }
}
