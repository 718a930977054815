/**
 * The live page at `/`. It reads only the public API (REST + WebSocket), so it doubles as a worked
 * example for overlay authors; event data is only ever written as text. The views other modules
 * add have scripts of their own (dashboard/views/, named by src/dashboard/views.ts).
 */
import type { Static } from 'typebox'
import type { FrontendEvents } from '../../frontend/events.js'
import type { PanelEvents } from '../../panels/events.js'
import type { HealthResponse, StreamsResponse } from '../../system/schemas.js'
import { setText } from '../shared/elements.js'
import { getJson } from '../shared/fetch-json.js'
import { follow } from '../shared/follow.js'
import { showReadLinks } from '../shared/read-link.js'
import type { EventOf } from '../shared/wire.js'
import { listStreams, logEvent } from './event-log.js'
import { refreshLink } from './frontend-link.js'
import { noteSelectionKey, refreshContext } from './on-screen.js'
import { showInput, showPanel } from './panel.js'
import { clearScores, showScore, type ScoreEvent } from './score.js'
import { showSurface, type SurfaceEvent } from './surfaces.js'

type FirehoseEvent = EventOf<FrontendEvents & PanelEvents>

const linkRefreshMs = 10_000

/** An event of the firehose (or of the raw hook stream): the panel, the score board and the log. */
function show (event: FirehoseEvent): void {
  if (event.Type === 'panel.state') showPanel(event.Payload)
  if (event.Type === 'panel.input.pressed' || event.Type === 'panel.input.released') showInput(event.Payload, event.Type === 'panel.input.pressed')
  if (event.Type === 'ui.game.started' || event.Type === 'ui.game.ended') clearScores()
  const ui = event.Type.startsWith('ui.')
  if (ui && 'SelectionKey' in event.Payload && typeof event.Payload.SelectionKey === 'string') noteSelectionKey(event.Payload.SelectionKey)
  logEvent(event)
  if (ui) {
    void refreshContext()
    void refreshLink()
  }
}

/** Follows a stream; every (re)connect refreshes what is on screen, which may have changed while the socket was down. */
function followStream<E> (path: string, onEvent: (event: E) => void, onLink: (up: boolean) => void): void {
  follow<E>(path, {
    event: onEvent,
    opened: () => { onLink(true); void refreshContext() },
    closed: () => { onLink(false) }
  })
}

async function start (): Promise<void> {
  try {
    setText('version', (await getJson<Static<typeof HealthResponse>>('/api/v1/health'))?.version ?? '')
    listStreams((await getJson<Static<typeof StreamsResponse>>('/api/v1/ws/streams'))?.streams ?? [])
  } catch {
    setText('ready', 'unreachable', 'pill bad')
  }
  // Events are live once every socket is open: an event sent before one opens never reaches the page.
  const closed = new Set<string>()
  const linkOf = (path: string): ((up: boolean) => void) => {
    closed.add(path)
    return (up) => {
      if (up) closed.delete(path)
      else closed.add(path)
      setText('socket', closed.size === 0 ? 'events live' : 'events reconnecting…', closed.size === 0 ? 'pill ok' : 'pill bad')
    }
  }
  followStream<FirehoseEvent>('/ws', show, linkOf('/ws'))
  // The firehose leaves out raw hook traffic; the event log shows it too.
  followStream<FirehoseEvent>('/ws/esevent', show, linkOf('/ws/esevent'))
  // Surface and score streams replay their last snapshot on connect, so the view is complete at once.
  for (const stream of ['marquee', 'topper', 'instruction-card']) followStream<SurfaceEvent>(`/ws/${stream}`, showSurface, linkOf(`/ws/${stream}`))
  for (const stream of ['score', 'timer']) followStream<ScoreEvent>(`/ws/${stream}`, showScore, linkOf(`/ws/${stream}`))
  void refreshContext()
  void refreshLink()
  void showReadLinks()
  setInterval(() => { void refreshLink() }, linkRefreshMs)
}

void start()
