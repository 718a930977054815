/** What the surfaces module tells other modules: the art the marquee shows now. */
import type { Facts } from '../core/facts.js'
import { serviceKey } from '../core/services.js'
import { legacyAsset, type SurfaceEntry } from './snapshots.js'

export interface SurfaceFacts {
  /** The marquee's picture (its marquee art, else another piece of the entry's art), or null. */
  readonly MarqueeShown: { readonly image: string | null }
}

export const surfaceFactsService = serviceKey<Facts<SurfaceFacts>>()('surfaceFacts')

/** The art of the marquee snapshot's entry, in the order a marquee prefers it: a `/api/v1/media/...` URL or an absolute one. */
export function marqueeImage (entry: SurfaceEntry): string | null {
  for (const field of ['Marquee', 'Image', 'Thumbnail', 'Logo', 'Fanart']) {
    const asset = legacyAsset(entry, field)
    if (asset !== null) return asset.url
  }
  return null
}
