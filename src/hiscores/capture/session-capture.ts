/**
 * Live scores of the running game, kept as the session's best (domain-notes §6.2): a score of 0,
 * memory that is not initialized yet (one byte repeated, as `0xFFFFFF`) and scores seen while no
 * game runs are not kept. The game's end hands the best over.
 */

export interface SessionGame {
  readonly system: string
  readonly rom: string
  readonly game: string
  readonly md5: string | null
}

type IgnoreReason = 'zero' | 'uninitialized' | 'outside-play'

export interface LiveScore {
  readonly systemId: string
  readonly rom: string
  readonly score: number
  /** The raw bytes of each part, `0x...`; null for parts that were not read from memory. */
  readonly rawParts: ReadonlyArray<string | null>
}

export interface CaptureReport {
  ignored (score: LiveScore, reason: IgnoreReason): void
}

function uninitialized (raw: string | null): boolean {
  if (raw === null) return false
  const hex = raw.replace(/^0x/i, '').toUpperCase()
  if (hex.length < 4 || hex.length % 2 !== 0) return false
  const first = hex.slice(0, 2)
  return (hex.match(/../g) ?? []).every((byte) => byte === first)
}

export class SessionCapture {
  readonly #report: CaptureReport
  #game: SessionGame | null = null
  #best: number | null = null
  /** Each reason is reported once per session (and once per game outside play), not at the poll rate. */
  readonly #reported = new Set<string>()

  constructor (report: CaptureReport) {
    this.#report = report
  }

  get game (): SessionGame | null { return this.#game }

  start (game: SessionGame): void {
    this.#game = game
    this.#best = null
    this.#reported.clear()
  }

  /** Ends the session; returns its best valid score, if any. */
  end (): { game: SessionGame, best: number } | null {
    const game = this.#game
    const best = this.#best
    this.#game = null
    this.#best = null
    this.#reported.clear()
    return game === null || best === null ? null : { game, best }
  }

  offer (score: LiveScore): void {
    const reason = this.#game === null ? 'outside-play' : score.score <= 0 ? 'zero' : score.rawParts.some(uninitialized) ? 'uninitialized' : null
    if (reason !== null) {
      const key = `${reason}|${score.systemId}|${score.rom}`
      if (!this.#reported.has(key)) this.#report.ignored(score, reason)
      this.#reported.add(key)
      return
    }
    if (this.#best === null || score.score > this.#best) this.#best = score.score
  }
}
