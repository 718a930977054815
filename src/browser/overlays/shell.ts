/**
 * What every overlay page shares: a transparent page for a browser source, sized by `?w=&h=`
 * (else the whole window) as soon as this module loads, and stream followers that say on
 * `body[data-link]` whether the page is `connecting`, `live` (every socket of the page open) or
 * `reconnecting`, for people debugging a browser source and for tests.
 */
import type { SurfaceEvents } from '../../surfaces/events.js'
import { follow } from '../shared/follow.js'
import { openBag, type EventOf, type OpenBag } from '../shared/wire.js'

/** The page's query: `?w=&h=` and each overlay's own options. */
export const query = new URLSearchParams(location.search)

for (const [param, side] of [['w', 'width'], ['h', 'height']] as const) {
  const px = Number(query.get(param))
  if (Number.isFinite(px) && px > 0) document.body.style[side] = `${px}px`
}

/** Digits grouped the same way whatever the browser's language, as scoreboards print them. */
const numberFormat = new Intl.NumberFormat('en-US')
export const formatNumber = (value: number): string => numberFormat.format(value)

/** The page's sockets not open yet: its link is live once every one is, or an event could pass it by. */
const closedSockets = new Set<object>()

function showLinkState (): void {
  if (closedSockets.size === 0) document.body.dataset.link = 'live'
  else if (document.body.dataset.link === 'live') document.body.dataset.link = 'reconnecting'
}

/** Follows `/ws/<stream>`; `onOpen` runs on every (re)connect, before the retained events of the stream are handled. */
export function followStream<E> (stream: string, onEvent: (event: E) => void, onOpen?: () => void): void {
  const socket = {}
  closedSockets.add(socket)
  follow<E>(`/ws/${stream}`, {
    event: onEvent,
    opened: () => { closedSockets.delete(socket); showLinkState(); onOpen?.() },
    closed: () => { closedSockets.add(socket); showLinkState() }
  })
}

export type Snapshot = SurfaceEvents['marquee.snapshot']

/**
 * The surface snapshots of a stream (`marquee` ...), what is on screen only: retained replays and
 * updates may arrive out of order, and the highest Sequence wins. A reconnect starts afresh (the
 * service may have restarted, and its replay is what is on screen).
 */
export function followSnapshots (stream: string, onSnapshot: (snapshot: Snapshot) => void): void {
  let sequence = -1
  followStream<EventOf<SurfaceEvents>>(stream, (event) => {
    const at = event.Payload.Sequence ?? sequence
    if (!event.Type.startsWith(`${stream}.snapshot`) || at < sequence) return
    sequence = at
    onSnapshot(event.Payload)
  }, () => { sequence = -1 })
}

/** The members of a snapshot's `Selection` the overlays read (src/surfaces/snapshots.ts builds it; the schema leaves it open). */
interface Selection {
  readonly SystemId: string
  readonly GameName: string
  readonly Name: string
}

export const selectionOf = (snapshot: Snapshot): Partial<Selection> => openBag(snapshot.Selection)

/** The snapshot's named media (Marquee, Logo, Dmd ...), each an asset or null; the schema leaves them open. */
export const mediaOf = (snapshot: Snapshot): OpenBag => openBag(snapshot.Media)

/** What a snapshot's entry is called: the game's name, else the system's. */
export function nameOf (snapshot: Snapshot): string {
  const selection = selectionOf(snapshot)
  return (snapshot.Scope === 'game' ? selection.GameName : selection.Name) ?? ''
}
