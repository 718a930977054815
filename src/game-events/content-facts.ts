/**
 * What modules learn of the content the emulators run, whichever game source reported it: typed
 * facts with the source named, rather than each module matching `<source>.content.stopped` event
 * types or reading `score.live.changed` payloads.
 */
import type { Facts } from '../core/facts.js'
import { serviceKey } from '../core/services.js'
import type { ContentEndReason } from './game-source.js'

export interface GameEventFacts {
  readonly ContentStopped: {
    /** The game source's id (`multiemu`, `cabemu`, `cabemu2`). */
    readonly source: string
    readonly systemId: string
    readonly contentName: string
    readonly reason: ContentEndReason
  }
  /** A player's live score changed (the value `score.live.changed` carries). */
  readonly ScoreChanged: {
    readonly source: string
    readonly systemId: string
    readonly rom: string
    readonly player: number
    readonly score: number
    /** The raw bytes of each part, `0x...`; null for parts not read from memory. */
    readonly rawParts: ReadonlyArray<string | null>
  }
}

export const gameFactsService = serviceKey<Facts<GameEventFacts>>()('gameFacts')
