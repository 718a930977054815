/** What the hiscores module tells other modules: a new entry of a local table (the signed records take it as a score). */
import type { Facts } from '../core/facts.js'
import { serviceKey } from '../core/services.js'

export interface HiscoreFacts {
  /** The player at the cabinet beat their own best on a game. */
  readonly PersonalBest: {
    readonly game: string
    readonly player: string
    readonly value: number
    /** Their best before; null for a first score. */
    readonly previous: number | null
    /** true when the score also entered the game's table (its EntryAdded was told). */
    readonly enteredTable: boolean
  }
  /** A game's table as it stands now (`not_found`: no table; `error`: the save could not be decoded). */
  readonly TableChanged: {
    readonly system: string
    readonly rom: string
    readonly status: 'ok' | 'error' | 'not_found'
    readonly scores: ReadonlyArray<{ readonly rank: number, readonly name: string, readonly score: string }>
  }
  readonly EntryAdded: {
    readonly system: string
    readonly rom: string
    /** The frontend's name of the game, else its rom. */
    readonly game: string
    readonly name: string
    /** The score as a number, when it is one. */
    readonly value: number | null
    /** The score as the table shows it. */
    readonly score: string
    readonly rank: number
    /** When the entry was seen, ISO-8601. */
    readonly at: string
    /** The rom's MD5 from the gamelist, lowercase hex; null when it does not say. */
    readonly romMd5: string | null
  }
}

export const hiscoreFactsService = serviceKey<Facts<HiscoreFacts>>()('hiscoreFacts')
