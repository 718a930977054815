/**
 * The venue page at `/`: a tile per cabinet (marquee art from the cabinet itself when it answers,
 * availability, state, live score), from GET /api/v1/venue/cabinets and then the
 * `venue.cabinet.changed` events of /ws/venue. Plain HTML and JavaScript; data only ever goes in
 * with textContent.
 */
export const venueHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cabinet-hub venue</title>
<style>
  :root { color-scheme: dark; --bg: #101418; --panel: #1a2027; --text: #e6e9ec; --dim: #8b949e; --accent: #f5a623; --ok: #3fb950; --bad: #f85149; }
  body { margin: 0; font: 14px/1.45 system-ui, sans-serif; background: var(--bg); color: var(--text); }
  header { display: flex; gap: 1.5rem; align-items: baseline; padding: .8rem 1.2rem; background: var(--panel); border-bottom: 2px solid var(--accent); }
  header h1 { margin: 0; font-size: 1.3rem; color: var(--accent); }
  header a { color: var(--text); }
  #tiles { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 1rem; padding: 1rem 1.2rem; }
  .tile { background: var(--panel); border-radius: 8px; padding: .8rem 1rem; border-top: 3px solid var(--bad); }
  .tile.is-online { border-top-color: var(--ok); }
  .tile h2 { margin: 0 0 .4rem; font-size: 1.05rem; }
  .tile img { display: block; width: 100%; max-height: 90px; object-fit: contain; margin: .4rem 0; }
  .tile img[hidden] { display: none; }
  .score { font: 1.4rem ui-monospace, monospace; color: var(--accent); }
  .dim { color: var(--dim); } .ok { color: var(--ok); } .bad { color: var(--bad); }
</style>
</head>
<body>
<header><h1>cabinet-hub venue</h1><span id="socket" class="dim">connecting</span><a href="/swagger">API</a><a href="/asyncapi.json">AsyncAPI</a></header>
<main id="tiles"><p id="empty" class="dim">No cabinet has reported yet.</p></main>
<script type="module">
const tiles = document.getElementById('tiles')

function field (tile, name, text, cls) {
  const el = tile.querySelector('.' + name)
  el.textContent = text
  if (cls !== undefined) el.className = name + ' ' + cls
}

function tileOf (nodeId) {
  let tile = tiles.querySelector('[data-node="' + CSS.escape(nodeId) + '"]')
  if (tile !== null) return tile
  document.getElementById('empty')?.remove()
  tile = document.createElement('section')
  tile.className = 'tile'
  tile.dataset.node = nodeId
  for (const [tag, name] of [['h2', 'name'], ['div', 'online'], ['img', 'marquee'], ['div', 'game'], ['div', 'system'], ['div', 'state'], ['div', 'score']]) {
    const el = document.createElement(tag)
    el.className = name
    tile.append(el)
  }
  const img = tile.querySelector('img')
  img.hidden = true
  img.alt = ''
  // Art comes from the cabinet itself: when it does not answer, the tile shows none.
  img.addEventListener('load', () => { img.hidden = false })
  img.addEventListener('error', () => { img.hidden = true })
  field(tile, 'name', nodeId)
  tiles.append(...[...tiles.children, tile].sort((a, b) => a.dataset.node.localeCompare(b.dataset.node)))
  return tile
}

function show (cabinet) {
  const tile = tileOf(cabinet.nodeId)
  tile.classList.toggle('is-online', cabinet.online)
  field(tile, 'online', cabinet.online ? 'online' : 'offline', cabinet.online ? 'ok' : 'bad')
  field(tile, 'game', cabinet.game ?? 'no game selected', cabinet.game === null ? 'dim' : '')
  field(tile, 'system', cabinet.system ?? '', 'dim')
  field(tile, 'state', cabinet.state ?? '', 'dim')
  field(tile, 'score', cabinet.score === null ? '' : String(cabinet.score))
  const img = tile.querySelector('img')
  if (cabinet.image === null) {
    img.hidden = true
    img.removeAttribute('src')
  } else if (img.getAttribute('src') !== cabinet.image) {
    img.src = cabinet.image
  }
}

const camel = (payload) => Object.fromEntries(Object.entries(payload).map(([k, v]) => [k[0].toLowerCase() + k.slice(1), v]))

function follow () {
  const socket = new WebSocket(location.origin.replace(/^http/, 'ws') + '/ws/venue')
  const status = document.getElementById('socket')
  socket.onopen = async () => {
    status.textContent = 'live'
    status.className = 'ok'
    const response = await fetch('/api/v1/venue/cabinets')
    for (const cabinet of (await response.json()).cabinets) show(cabinet)
  }
  socket.onmessage = (message) => {
    const event = JSON.parse(message.data)
    if (event.Type === 'venue.cabinet.changed') show(camel(event.Payload))
  }
  socket.onclose = () => {
    status.textContent = 'reconnecting'
    status.className = 'bad'
    setTimeout(follow, 1000)
  }
}
follow()
</script>
</body>
</html>
`
