/**
 * What the venue knows of each cabinet, from the broker: availability (the status topic, the last
 * will included), the summary, where it serves media, when it was last heard from, and the
 * hiscore tables it published.
 */
import type { CabinetSummaryState } from '../mqtt/index.js'

export interface VenueCabinet {
  readonly nodeId: string
  readonly online: boolean
  readonly state: string | null
  readonly system: string | null
  /** Display name, else the rom. */
  readonly game: string | null
  readonly rom: string | null
  readonly score: number | null
  /** The current entry's marquee (or other art) on the cabinet, absolute when the cabinet said where it serves. */
  readonly image: string | null
  readonly baseUrl: string | null
  readonly lastSeenAt: string
}

export interface VenueScore {
  readonly rank: number
  readonly name: string
  readonly score: number
  readonly nodeId: string
}

interface Cabinet {
  online: boolean
  summary: Partial<CabinetSummaryState>
  baseUrl: string | null
  /** The read-only link's query the cabinet's media want from another machine (`token=...`). */
  readQuery: string | null
  /** Kept as a number: every message of every cabinet sets it, and it is read far less often. */
  lastSeenMs: number
}

const str = (value: unknown): string | null => typeof value === 'string' && value !== '' ? value : null

export class VenueRegistry {
  readonly #cabinets = new Map<string, Cabinet>()
  /** `<system>|<rom>` (lower case) -> cabinet -> its table. */
  readonly #hiscores = new Map<string, Map<string, readonly { name: string, score: number }[]>>()

  constructor (readonly now: () => Date) {}

  /** Returns the cabinet after the change. */
  status (nodeId: string, payload: string): VenueCabinet {
    this.#touch(nodeId).online = payload === 'online'
    return this.cabinet(nodeId)!
  }

  summary (nodeId: string, summary: Partial<CabinetSummaryState>): VenueCabinet {
    this.#touch(nodeId).summary = summary
    return this.cabinet(nodeId)!
  }

  info (nodeId: string, info: { baseUrl?: unknown, readQuery?: unknown }): VenueCabinet {
    const cabinet = this.#touch(nodeId)
    cabinet.baseUrl = str(info.baseUrl)?.replace(/\/+$/, '') ?? null
    cabinet.readQuery = str(info.readQuery)
    return this.cabinet(nodeId)!
  }

  /** Any event: the cabinet is alive. */
  seen (nodeId: string): void {
    this.#touch(nodeId)
  }

  /**
   * A `hiscore.updated` payload of a cabinet: `{ System, Rom, Scores: [{ Rank, Name, Score, Value }] }`.
   * `Value` is the score as a number; `Score` is as the game shows it (`12,340 pts`), read only
   * when a cabinet of an older build sends no `Value`.
   */
  hiscore (nodeId: string, payload: Record<string, unknown>): void {
    const cabinet = this.#cabinets.get(nodeId)
    const system = str(payload.System) ?? str(payload.SystemId) ?? str(cabinet?.summary.system)
    const rom = str(payload.RomName) ?? str(payload.Rom)
    if (system === null || rom === null || !Array.isArray(payload.Scores)) return
    const table = payload.Scores.flatMap((entry: unknown) => {
      const { Name, Score, Value } = (entry ?? {}) as { Name?: unknown, Score?: unknown, Value?: unknown }
      const score = typeof Value === 'number' ? Value : typeof Score === 'number' ? Score : Number(Score)
      const name = str(Name)
      return name !== null && Number.isFinite(score) ? [{ name, score }] : []
    })
    const key = `${system}|${rom}`.toLowerCase()
    let byCabinet = this.#hiscores.get(key)
    if (byCabinet === undefined) this.#hiscores.set(key, byCabinet = new Map())
    byCabinet.set(nodeId, table)
  }

  /** Best score of each player across the cabinets, highest first; null when no cabinet reported the game. */
  mergedHiscores (system: string, rom: string): VenueScore[] | null {
    const byCabinet = this.#hiscores.get(`${system}|${rom}`.toLowerCase())
    if (byCabinet === undefined) return null
    const best = new Map<string, { name: string, score: number, nodeId: string }>()
    for (const [nodeId, table] of byCabinet) {
      for (const { name, score } of table) {
        const known = best.get(name)
        if (known === undefined || score > known.score) best.set(name, { name, score, nodeId })
      }
    }
    return [...best.values()].sort((a, b) => b.score - a.score).map((entry, index) => ({ rank: index + 1, ...entry }))
  }

  cabinet (nodeId: string): VenueCabinet | null {
    const cabinet = this.#cabinets.get(nodeId)
    if (cabinet === undefined) return null
    const { summary, baseUrl, readQuery } = cabinet
    const image = str(summary.image)
    return {
      nodeId,
      online: cabinet.online,
      state: str(summary.state),
      system: str(summary.system),
      game: str(summary.gameName) ?? str(summary.game),
      rom: str(summary.game),
      score: typeof summary.score === 'number' ? summary.score : null,
      image: image !== null && image.startsWith('/') && baseUrl !== null ? `${baseUrl}${image}${readQuery === null ? '' : `?${readQuery}`}` : image,
      baseUrl,
      lastSeenAt: new Date(cabinet.lastSeenMs).toISOString()
    }
  }

  cabinets (): VenueCabinet[] {
    return [...this.#cabinets.keys()].sort().map((nodeId) => this.cabinet(nodeId)!)
  }

  #touch (nodeId: string): Cabinet {
    let cabinet = this.#cabinets.get(nodeId)
    if (cabinet === undefined) this.#cabinets.set(nodeId, cabinet = { online: false, summary: {}, baseUrl: null, readQuery: null, lastSeenMs: 0 })
    cabinet.lastSeenMs = this.now().getTime()
    return cabinet
  }
}
