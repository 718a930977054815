/** What the surfaces module tells other modules: the art the marquee shows now. */
import type { Facts } from '../core/facts.js'
import { serviceKey } from '../core/services.js'

export interface SurfaceFacts {
  /** The marquee's picture (its marquee art, else another piece of the entry's art), or null. */
  readonly MarqueeShown: { readonly image: string | null }
}

export const surfaceFactsService = serviceKey<Facts<SurfaceFacts>>('surfaces.facts')

/** The marquee snapshot's own art, in the order a marquee prefers it: a `/api/v1/media/...` URL or an absolute one. */
export function marqueeImage (media: Readonly<Record<string, unknown>>): string | null {
  for (const kind of ['Marquee', 'Image', 'Thumbnail', 'Logo', 'Fanart']) {
    const url = (media[kind] as { Url?: unknown } | null | undefined)?.Url
    if (typeof url === 'string') return url
  }
  return null
}
