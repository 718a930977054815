/**
 * Live score and timer: composes them from their parts and publishes `score.live.changed` /
 * `timer.live.changed` only when the value changes. Resetting forgets what was published, so the
 * first value of a new game always goes out.
 */

import type { GameEventFacts } from '../content-facts.js'

export type Publish = (type: string, payload: Record<string, unknown>) => void

/** What turns a source's reports into events: the bus, the live board its scores feed, and the clock. */
export interface Reporting {
  readonly publish: Publish
  readonly board: LiveBoard
  readonly now: () => Date
}

export interface ScorePart {
  readonly Key: string
  readonly Address: string | null
  readonly RawValueHex: string | null
  readonly Encoding: string
  readonly Value: number
  readonly Weight: number
  readonly Contribution: number
  readonly Description: string
}

export interface GameIdentity {
  readonly SystemId: string
  readonly Rom: string
}

export interface TimerReading {
  readonly SourceKey: string
  readonly Player: number
  readonly Value: number
  readonly MaxValue: number | null
  readonly Direction: 'down' | 'up'
  readonly Unit: string
  readonly Part: Omit<ScorePart, 'Weight' | 'Contribution'>
}

/** What the board tells other modules of a score it published. */
export type ScoreTold = GameEventFacts['ScoreChanged']

export class LiveBoard {
  readonly #publish: Publish
  readonly #now: () => Date
  readonly #told: (score: ScoreTold) => void
  readonly #scores = new Map<string, number>()
  readonly #timers = new Map<string, number>()
  /** Whether a score or timer went out since the last clear. */
  #published = false

  constructor (publish: Publish, now: () => Date, told: (score: ScoreTold) => void) {
    this.#publish = publish
    this.#now = now
    this.#told = told
  }

  /** Publishes the summed score of `parts` for one player when it differs from the last one. */
  score (source: string, game: GameIdentity, player: number, parts: readonly ScorePart[]): void {
    const score = Math.round(parts.reduce((sum, p) => sum + p.Contribution, 0))
    const slot = `${source}|${player}`
    if (this.#scores.get(slot) === score) return
    this.#scores.set(slot, score)
    this.#published = true
    this.#publish('score.live.changed', {
      Source: source,
      ScoreKind: 'game',
      SourceKey: parts.map((p) => p.Key).join('+'),
      ...game,
      Player: player,
      Score: score,
      Composed: parts.length > 1,
      Confidence: 'high',
      Parts: parts,
      Ts: this.#now().toISOString()
    })
    this.#told({ source, systemId: game.SystemId, rom: game.Rom, player, score, rawParts: parts.map((p) => p.RawValueHex) })
  }

  /** Publishes a timer when its value differs from the last one. */
  timer (source: string, game: GameIdentity, reading: TimerReading): void {
    const slot = `${source}|${reading.SourceKey}`
    if (this.#timers.get(slot) === reading.Value) return
    this.#timers.set(slot, reading.Value)
    this.#published = true
    const remaining = reading.Direction === 'down' ? reading.Value : reading.MaxValue === null ? null : Math.max(0, reading.MaxValue - reading.Value)
    this.#publish('timer.live.changed', {
      Source: source,
      TimerKind: 'game',
      TimerRole: reading.Direction === 'down' ? 'countdown' : 'elapsed',
      SourceKey: reading.SourceKey,
      ...game,
      Player: reading.Player,
      Value: reading.Value,
      ...(reading.MaxValue === null ? {} : { MaxValue: reading.MaxValue }),
      ...(remaining === null ? {} : { Remaining: remaining }),
      ...(remaining === null || reading.MaxValue === null ? {} : { Progress01: Math.min(1, remaining / reading.MaxValue) }),
      Direction: reading.Direction,
      Unit: reading.Unit,
      Confidence: 'high',
      Parts: [reading.Part],
      Ts: this.#now().toISOString()
    })
  }

  /** Forgets the values of one source, so the next one is published even if equal. */
  reset (source: string): void {
    for (const map of [this.#scores, this.#timers]) {
      for (const slot of [...map.keys()]) if (slot.startsWith(`${source}|`)) map.delete(slot)
    }
  }

  /** A game started or ended: forgets every value and, when any went out, drops the retained ones. */
  clear (reason: 'game-started' | 'game-ended'): void {
    this.#scores.clear()
    this.#timers.clear()
    if (!this.#published) return
    this.#published = false
    this.#publish('score.live.cleared', { Reason: reason })
    this.#publish('timer.live.cleared', { Reason: reason })
  }
}
