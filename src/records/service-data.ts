/**
 * Getting a records service's published data for the verifier: over HTTP from its base URL
 * (the three paths of spec §4.4, one deadline for all of them), or from a snapshot folder laid
 * out as the vendor's mirror script writes it (`index.json`, `anchors.json`,
 * `records-index-gen<N>.ots`).
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fetchJson, FetchFailure } from './bounded-fetch.js'
import type { ServiceData } from './verify/report.js'
import type { ProofInput } from './verify/seal.js'
import { decodeAnyBase64, PublishedAnchors, PublishedIndex, PublishedProof, readShape } from './verify/shapes.js'

/** The data could not be had or is not shaped as the API says (the CLI's exit 2). */
export class ServiceDataError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'ServiceDataError'
  }
}

export interface FetchLimits {
  readonly timeoutMs: number
  readonly maxBytes: number
  /** Proofs of the newest generations read at most (older ones are reported as not read). */
  readonly maxProofs: number
}

function shaped<T> (value: T | string): T {
  if (typeof value === 'string') throw new ServiceDataError(value)
  return value
}

async function fetchProof (url: string, signal: AbortSignal, maxBytes: number): Promise<ProofInput> {
  try {
    const body = readShape(PublishedProof, await fetchJson(url, { signal, maxBytes }), 'anchor-proof')
    if (typeof body === 'string') return { error: body }
    return decodeAnyBase64(body.ots_b64) ?? { error: 'ots_b64 is not base64' }
  } catch (error) {
    if (error instanceof FetchFailure) return { error: error.message }
    throw error
  }
}

export async function fetchServiceData (baseUrl: string, limits: FetchLimits): Promise<ServiceData> {
  const base = baseUrl.replace(/\/+$/, '')
  const signal = AbortSignal.timeout(limits.timeoutMs)
  const request = { signal, maxBytes: limits.maxBytes }
  try {
    const [indexBody, anchorsBody] = await Promise.all([fetchJson(`${base}/api/v1/scores/index`, request), fetchJson(`${base}/api/v1/scores/anchors`, request)])
    const index = shaped(readShape(PublishedIndex, indexBody, 'index'))
    const { anchors } = shaped(readShape(PublishedAnchors, anchorsBody, 'anchors'))
    const newest = [...anchors].sort((a, b) => b.generation - a.generation).slice(0, limits.maxProofs)
    const proofs = await Promise.all(newest.map(async (a) => [a.generation, await fetchProof(`${base}/api/v1/scores/anchor-proof?generation=${a.generation}`, signal, limits.maxBytes)] as const))
    return { index, anchors, proofs: new Map(proofs) }
  } catch (error) {
    if (error instanceof FetchFailure) throw new ServiceDataError(error.message)
    throw error
  }
}

/** The file's bytes, or null when there is no such file. */
async function bytesIfThere (file: string): Promise<Buffer | null> {
  return readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null
    throw error
  })
}

async function readJson (file: string): Promise<unknown> {
  const bytes = await bytesIfThere(file).catch((error: Error) => { throw new ServiceDataError(`${file} cannot be read (${error.message})`) })
  if (bytes === null) throw new ServiceDataError(`${file} does not exist`)
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown
  } catch (error) {
    throw new ServiceDataError(`${file} is not JSON (${(error as Error).message})`)
  }
}

export async function readSnapshot (dir: string): Promise<ServiceData> {
  const index = shaped(readShape(PublishedIndex, await readJson(path.join(dir, 'index.json')), 'index.json'))
  const { anchors } = shaped(readShape(PublishedAnchors, await readJson(path.join(dir, 'anchors.json')), 'anchors.json'))
  const proofs = await Promise.all(anchors.map(async (a) => {
    const file = path.join(dir, `records-index-gen${a.generation}.ots`)
    return [a.generation, await bytesIfThere(file) ?? { error: `${path.basename(file)} is not in the snapshot` }] as const
  }))
  return { index, anchors, proofs: new Map(proofs) }
}
