/**
 * The anchored generations (`anchors.json`) and their proofs (`proofs/gen-<N>.ots`). Read from
 * disk on every use: `cabinet-hub records anchor|upgrade` may change them while the service runs.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../../core/storage/atomic-file.js'
import type { PublishedAnchor } from '../verify/shapes.js'

export interface Anchor extends PublishedAnchor {
  readonly record_count: number
  readonly bitcoin_block: number | null
  readonly submitted_at: string
  readonly confirmed_at: string | null
}

/** The file's bytes, or null when there is no such file. */
async function readIfThere (file: string): Promise<Buffer | null> {
  return readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null
    throw error
  })
}

export class AnchorLog {
  readonly #file: string
  readonly #proofs: string

  constructor (recordsDir: string) {
    this.#file = path.join(recordsDir, 'anchors.json')
    this.#proofs = path.join(recordsDir, 'proofs')
  }

  async list (): Promise<Anchor[]> {
    const bytes = await readIfThere(this.#file)
    const anchors = bytes === null ? [] : JSON.parse(bytes.toString('utf8')) as Anchor[]
    return anchors
  }

  async proof (generation: number): Promise<Buffer | null> {
    return readIfThere(this.#proofFile(generation))
  }

  /** Saves the proof first: an anchor in the list always has its proof. */
  async add (anchor: Omit<Anchor, 'generation'>, proof: Buffer): Promise<Anchor> {
    const anchors = await this.list()
    const added = { generation: anchors.length + 1, ...anchor }
    await this.#saveProof(added.generation, proof)
    await this.#save([...anchors, added])
    return added
  }

  /** An upgraded proof replaces the pending one of the same generation. */
  async upgrade (generation: number, proof: Buffer, bitcoinBlock: number | null, at: string): Promise<void> {
    await this.#saveProof(generation, proof)
    if (bitcoinBlock === null) return
    await this.#save((await this.list()).map((a) => a.generation === generation ? { ...a, bitcoin_block: bitcoinBlock, confirmed_at: at } : a))
  }

  #proofFile (generation: number): string {
    return path.join(this.#proofs, `gen-${generation}.ots`)
  }

  async #saveProof (generation: number, proof: Buffer): Promise<void> {
    await writeFileAtomic(this.#proofFile(generation), proof, { durable: true })
  }

  async #save (anchors: readonly Anchor[]): Promise<void> {
    await writeFileAtomic(this.#file, `${JSON.stringify(anchors, null, 2)}\n`, { durable: true })
  }
}
