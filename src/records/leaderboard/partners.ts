/**
 * The linked record services (`--partner-url URL[#keyid]`): each is fetched within the timeout
 * and size cap, verified, and the verdict reused for the cache time, so a request waits for a
 * linked service at most once per cache period and never longer than the timeout. A service
 * that failed is remembered as failed for the same time.
 */
import { fetchServiceData, ServiceDataError, type FetchLimits } from '../service-data.js'
import { verifyServiceData } from '../verify/report.js'
import { sourceOf, unreachableSource, type SourceResult } from './ranking.js'

export interface PartnerLink {
  readonly url: string
  readonly pinnedKeyId: string | null
}

/** `https://venue.example/#<64 hex>` -> the base URL and the pinned key id. */
export function partnerLinkOf (text: string): PartnerLink {
  const [url = '', keyId] = text.split('#')
  return { url: url.replace(/\/+$/, ''), pinnedKeyId: keyId === undefined || keyId === '' ? null : keyId.toLowerCase() }
}

/** Proofs read per linked service: the newest generations tell which records are sealed. */
const proofsPerService = 8

async function verifiedSource (link: PartnerLink, limits: Omit<FetchLimits, 'maxProofs'>): Promise<SourceResult> {
  try {
    const data = await fetchServiceData(link.url, { ...limits, maxProofs: proofsPerService })
    const report = verifyServiceData(data, { pin: link.pinnedKeyId === null ? null : { keyId: link.pinnedKeyId }, headers: [] })
    return sourceOf(link.url, data.index.records, report)
  } catch (error) {
    if (error instanceof ServiceDataError) return unreachableSource(link.url, error.message)
    throw error
  }
}

export interface PartnerSourcesOptions {
  readonly links: readonly PartnerLink[]
  readonly timeoutMs: number
  readonly maxBytes: number
  readonly cacheMs: number
  readonly clock: () => number
}

export class PartnerSources {
  readonly #options: PartnerSourcesOptions
  readonly #cache = new Map<string, { readonly at: number, readonly result: Promise<SourceResult> }>()

  constructor (options: PartnerSourcesOptions) {
    this.#options = options
  }

  get linked (): boolean {
    return this.#options.links.length > 0
  }

  /** Every linked service's verdict, fetching only those whose cached one expired. */
  all (): Promise<SourceResult[]> {
    const { links, timeoutMs, maxBytes, cacheMs, clock } = this.#options
    return Promise.all(links.map((link) => {
      const cached = this.#cache.get(link.url)
      if (cached !== undefined && clock() - cached.at < cacheMs) return cached.result
      const result = verifiedSource(link, { timeoutMs, maxBytes })
      this.#cache.set(link.url, { at: clock(), result })
      return result
    }))
  }
}
