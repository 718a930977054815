/**
 * What every overlay page shares: a transparent page for a browser source, sized by `?w=&h=`
 * (else the whole window), and a WebSocket follower that reconnects by itself. Plain HTML and
 * JavaScript, no build step and nothing fetched from the network.
 */
export interface Overlay {
  /** The URL segment: `/overlays/<name>`. */
  readonly name: string
  readonly title: string
  /** What it shows, for the index page. */
  readonly description: string
  /** A size that suits it in a browser source, for the index page. */
  readonly size: { readonly w: number, readonly h: number }
  readonly style: string
  readonly body: string
  /** Runs as a module script after the shared one (the names of `window.overlay` in scope). */
  readonly script: string
}

const sharedStyle = `
html, body { margin: 0; background: transparent; overflow: hidden; }
body { width: 100vw; height: 100vh; position: relative; font: 600 22px/1.25 system-ui, sans-serif; color: #fff; text-shadow: 0 1px 3px #000; }
`

/** `body[data-link]` says `connecting`, `live` (every socket of the page open) or `reconnecting`, for people debugging a browser source and for tests. */
const sharedScript = `
const query = new URLSearchParams(location.search)
for (const [param, side] of [['w', 'width'], ['h', 'height']]) {
  const px = Number(query.get(param))
  if (Number.isFinite(px) && px > 0) document.body.style[side] = px + 'px'
}

/** Only media URLs of the service (or absolute http ones) become image sources; takes an asset ({ Url }) or a URL. */
function mediaUrl (asset) {
  const url = typeof asset === 'string' ? asset : asset?.Url
  return typeof url === 'string' && (url.startsWith('/api/v1/media/') || /^https?:\\/\\//.test(url)) ? url : null
}

/** Digits grouped the same way whatever the browser's language, as scoreboards print them. */
const numberFormat = new Intl.NumberFormat('en-US')
function formatNumber (value) {
  return numberFormat.format(Number(value))
}

/** The page's sockets not open yet: its link is live once every one is, or an event could pass it by. */
const closedSockets = new Set()
function linkState () {
  if (closedSockets.size === 0) document.body.dataset.link = 'live'
  else if (document.body.dataset.link === 'live') document.body.dataset.link = 'reconnecting'
}

/** \`onOpen\` runs on every (re)connect, before the retained events of the stream are handled. */
function follow (stream, onEvent, onOpen = () => {}) {
  const socketId = {}
  closedSockets.add(socketId)
  let delay = 500
  const open = () => {
    const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws/' + stream)
    socket.onopen = () => { delay = 500; closedSockets.delete(socketId); linkState(); onOpen() }
    socket.onmessage = (message) => {
      let event
      try { event = JSON.parse(message.data) } catch { return }
      onEvent(event)
    }
    socket.onclose = () => { closedSockets.add(socketId); linkState(); setTimeout(open, delay); delay = Math.min(delay * 2, 10000) }
  }
  open()
}

/**
 * The surface snapshots of a stream (\`marquee\` ...), what is on screen only: retained replays and
 * updates may arrive out of order, and the highest Sequence wins. A reconnect starts afresh (the
 * service may have restarted, and its replay is what is on screen).
 */
function followSnapshots (stream, onSnapshot) {
  let sequence = -1
  follow(stream, (event) => {
    if (!event.Type.startsWith(stream + '.snapshot') || event.Payload.Sequence < sequence) return
    sequence = event.Payload.Sequence
    onSnapshot(event.Payload)
  }, () => { sequence = -1 })
}

/** What a snapshot's entry is called: the game's name, else the system's. */
function nameOf (snapshot) {
  const selection = snapshot.Selection ?? {}
  return (snapshot.Scope === 'game' ? (selection.GameName ?? selection.Name) : selection.Name) ?? selection.SystemId ?? ''
}

window.overlay = { follow, followSnapshots, nameOf, mediaUrl, query, formatNumber }
`

export const overlayHtml = (overlay: Overlay): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${overlay.title} · cabinet-hub overlay</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${sharedStyle}${overlay.style}</style>
</head>
<body data-link="connecting">
${overlay.body}
<script>${sharedScript}</script>
<script type="module">
const { follow, followSnapshots, nameOf, mediaUrl, query, formatNumber } = window.overlay
${overlay.script}
</script>
</body>
</html>
`
