/** What the media module tells other modules: a media file of a game or system came or went. */
import type { Facts } from '../core/facts.js'
import { serviceKey } from '../core/services.js'

export interface MediaFacts {
  readonly AssetChanged: {
    readonly system: string
    /** The game's slug; '' for a file of the system. */
    readonly slug: string
    readonly change: 'added' | 'removed'
  }
}

export const mediaFactsService = serviceKey<Facts<MediaFacts>>()('mediaFacts')
