/**
 * What modules learn of the content the emulators run, whichever game source reported it: a fact
 * with the source named, rather than each module matching `<source>.content.stopped` event types.
 */
import { serviceKey } from '../core/services.js'
import type { ContentEndReason } from './game-source.js'

export interface ContentStopped {
  /** The game source's id (`multiemu`, `cabemu`, `cabemu2`). */
  readonly source: string
  readonly systemId: string
  readonly contentName: string
  readonly reason: ContentEndReason
}

export interface ContentFacts {
  /** Calls `listener` after every content stop of every source; returns the unsubscribe. */
  onStopped (listener: (stopped: ContentStopped) => void): () => void
}

export const contentFactsService = serviceKey<ContentFacts>('game-events.content')
