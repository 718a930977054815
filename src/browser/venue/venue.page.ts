/**
 * The venue page at `/` of `cabinet-hub venue` (src/venue/page.ts): a tile per cabinet, from
 * GET /api/v1/venue/cabinets on every (re)connect of /ws/venue and then its
 * `venue.cabinet.changed` events. Data only ever goes in as text.
 */
import type { Static } from 'typebox'
import type { VenueEvents } from '../../venue/events.js'
import type { VenueCabinetsResponse } from '../../venue/schemas.js'
import { byId, element, setText } from '../shared/elements.js'
import { getJson } from '../shared/fetch-json.js'
import { follow } from '../shared/follow.js'
import { setImage } from '../shared/media.js'
import type { EventOf } from '../shared/wire.js'

type Cabinet = Static<typeof VenueCabinetsResponse>['cabinets'][number]
/** What a tile shows of a cabinet. */
type Tile = Pick<Cabinet, 'nodeId' | 'online' | 'game' | 'system' | 'state' | 'score' | 'image'>

type TileField = 'online' | 'game' | 'system' | 'state' | 'score'

const tiles = byId('tiles')

function field (tile: HTMLElement, name: TileField, text: string, className?: string): void {
  const part = tile.querySelector(`.${name}`)!
  part.textContent = text
  if (className !== undefined) part.className = `${name} ${className}`
}

function tileOf (nodeId: string): HTMLElement {
  const found = tiles.querySelector<HTMLElement>(`[data-node="${CSS.escape(nodeId)}"]`)
  if (found !== null) return found
  document.getElementById('empty')?.remove()
  const tile = element('section', undefined, 'tile')
  tile.dataset.node = nodeId
  const image = element('img', undefined, 'marquee')
  image.hidden = true
  image.alt = ''
  // Art comes from the cabinet itself: when it does not answer, the tile shows none.
  image.addEventListener('load', () => { image.hidden = false })
  image.addEventListener('error', () => { image.hidden = true })
  tile.append(element('h2', nodeId, 'name'), element('div', undefined, 'online'), image, ...(['game', 'system', 'state', 'score'] as const).map((name) => element('div', undefined, name)))
  const sorted = [...tiles.querySelectorAll<HTMLElement>('.tile'), tile].sort((a, b) => (a.dataset.node ?? '').localeCompare(b.dataset.node ?? ''))
  tiles.append(...sorted)
  return tile
}

function show (cabinet: Tile): void {
  const tile = tileOf(cabinet.nodeId)
  tile.classList.toggle('is-online', cabinet.online)
  field(tile, 'online', cabinet.online ? 'online' : 'offline', cabinet.online ? 'ok' : 'bad')
  field(tile, 'game', cabinet.game ?? 'no game selected', cabinet.game === null ? 'dim' : '')
  field(tile, 'system', cabinet.system ?? '', 'dim')
  field(tile, 'state', cabinet.state ?? '', 'dim')
  field(tile, 'score', cabinet.score === null ? '' : String(cabinet.score))
  const image = tile.querySelector('img')!
  if (cabinet.image === null) image.hidden = true
  setImage(image, cabinet.image)
}

/** The event's tile (PascalCase, every member optional) as the REST list gives it. */
const tileOfEvent = (tile: VenueEvents['venue.cabinet.changed']): Tile => ({
  nodeId: tile.NodeId ?? '',
  online: tile.Online ?? false,
  game: tile.Game ?? null,
  system: tile.System ?? null,
  state: tile.State ?? null,
  score: tile.Score ?? null,
  image: tile.Image ?? null
})

async function showAll (): Promise<void> {
  for (const cabinet of (await getJson<Static<typeof VenueCabinetsResponse>>('/api/v1/venue/cabinets'))?.cabinets ?? []) show(cabinet)
}

follow<EventOf<VenueEvents>>('/ws/venue', {
  opened: () => {
    setText('socket', 'live', 'ok')
    void showAll()
  },
  event: (event) => { if (event.Type === 'venue.cabinet.changed') show(tileOfEvent(event.Payload)) },
  closed: () => { setText('socket', 'reconnecting', 'bad') }
})
