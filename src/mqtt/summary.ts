/**
 * The cabinet at a glance, kept from its own events: what the venue tiles and Home Assistant's
 * entities show. Published retained on `<prefix>/<nodeId>/summary` whenever it changes.
 */
import type { Envelope } from '../core/envelope.js'

export interface CabinetSummaryState {
  state: 'browsing' | 'playing'
  system: string | null
  game: string | null
  gameName: string | null
  /** The current entry's marquee (else another piece of its art): a `/api/v1/media/...` URL or an absolute one. */
  image: string | null
  score: number | null
  frontendRunning: boolean | null
}

type Payload = Record<string, unknown>

const text = (value: unknown): string | null => typeof value === 'string' && value !== '' ? value : null

function imageOf (media: unknown): string | null {
  if (media === null || typeof media !== 'object') return null
  const assets = media as Record<string, unknown>
  for (const kind of ['Marquee', 'Image', 'Thumbnail', 'Logo', 'Fanart']) {
    const url = (assets[kind] as { Url?: unknown } | null | undefined)?.Url
    if (typeof url === 'string') return url
  }
  return null
}

export class CabinetSummary {
  readonly state: CabinetSummaryState = { state: 'browsing', system: null, game: null, gameName: null, image: null, score: null, frontendRunning: null }

  /** Applies one event; true when the summary changed. */
  apply ({ Type: type, Payload: payload }: Pick<Envelope, 'Type' | 'Payload'>): boolean {
    const before = JSON.stringify(this.state)
    switch (type) {
      case 'ui.system.selected':
        this.#select(payload, false)
        break
      case 'ui.game.selected':
        this.#select(payload, true)
        break
      case 'ui.game.started':
        this.#select(payload, true)
        this.state.state = 'playing'
        this.state.score = null
        break
      case 'ui.game.ended':
        this.state.state = 'browsing'
        break
      case 'ui.frontend.started':
        this.state.frontendRunning = true
        break
      case 'ui.frontend.stopped':
        this.state.frontendRunning = false
        break
      case 'marquee.snapshot':
      case 'marquee.snapshot.updated':
        this.state.image = imageOf(payload.Media)
        break
      case 'score.live.changed':
        if (typeof payload.Score === 'number') this.state.score = payload.Score
        break
    }
    return JSON.stringify(this.state) !== before
  }

  #select (payload: Payload, withGame: boolean): void {
    this.state.system = text(payload.SystemId) ?? this.state.system
    this.state.game = withGame ? text(payload.Rom) : null
    this.state.gameName = withGame ? text(payload.GameName) : null
    const context = payload.Context as Payload | undefined
    if (context?.State === 'playing' || context?.State === 'browsing') this.state.state = context.State
  }
}
