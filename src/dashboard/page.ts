/**
 * The live page served at `/`: plain HTML and JavaScript, no build step. It reads only the public
 * API (REST + WebSocket), so it doubles as a worked example for overlay authors. Event data is
 * only ever written with textContent.
 */
import type { LiveView } from './views.js'

const viewSection = (view: LiveView): string =>
  `  <section id="${view.id}"${view.wide === true ? ' class="wide"' : ''}>\n    <h2>${view.title}</h2>\n${view.html}\n  </section>\n`

const viewScript = (view: LiveView): string => `<script type="module">\n${view.script}\n</script>\n`

export const dashboardHtml = (views: readonly LiveView[]): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cabinet-hub</title>
<style>
  :root { color-scheme: dark; --bg: #101418; --panel: #1a2027; --text: #e6e9ec; --dim: #8b949e; --accent: #f5a623; --ok: #3fb950; --bad: #f85149; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.45 system-ui, sans-serif; background: var(--bg); color: var(--text); }
  header { display: flex; gap: 1.5rem; align-items: baseline; padding: .8rem 1.2rem; background: var(--panel); border-bottom: 2px solid var(--accent); flex-wrap: wrap; }
  header h1 { margin: 0; font-size: 1.3rem; color: var(--accent); }
  header a { color: var(--text); }
  main { display: grid; grid-template-columns: minmax(280px, 1fr) minmax(320px, 2fr); gap: 1rem; padding: 1rem 1.2rem; }
  section { background: var(--panel); border-radius: 8px; padding: .8rem 1rem; }
  h2 { margin: 0 0 .6rem; font-size: 1rem; color: var(--dim); text-transform: uppercase; letter-spacing: .05em; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; margin: 0; }
  dt { color: var(--dim); }
  dd { margin: 0; word-break: break-all; }
  table { width: 100%; border-collapse: collapse; }
  td, th { text-align: left; padding: .25rem .4rem; border-bottom: 1px solid #2a313a; vertical-align: top; }
  th { color: var(--dim); font-weight: normal; }
  .dim { color: var(--dim); }
  .ok { color: var(--ok); } .bad { color: var(--bad); }
  #log { font: 12px/1.4 ui-monospace, monospace; max-height: 22rem; overflow: auto; }
  #log div { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .wide { grid-column: 1 / -1; }
  #panel-view { position: relative; display: inline-block; max-width: 100%; overflow: auto; }
  #panel-art { display: block; }
  .light { position: absolute; border-radius: 50%; border: 3px solid transparent; pointer-events: none; }
  .light.lit { border-color: #fff; background: rgba(255, 255, 255, .45); box-shadow: 0 0 18px 6px #fff; }
  #surfaces { display: grid; grid-template-columns: 2fr 1fr 1fr; gap: 1rem; }
  figure { margin: 0; background: #000; border-radius: 6px; padding: .5rem; min-height: 8rem; display: flex; flex-direction: column; gap: .4rem; }
  figure img { max-width: 100%; max-height: 14rem; object-fit: contain; align-self: center; }
  figure img:not([src]) { display: none; }
  figcaption { color: var(--dim); font-size: .85rem; }
  figure p { margin: 0; font-size: .85rem; }
</style>
</head>
<body>
<header>
  <h1>cabinet-hub</h1>
  <span>version <span id="version">…</span></span>
  <span>service <span id="ready" class="dim">…</span></span>
  <span>events <span id="socket" class="dim">connecting…</span></span>
  <nav><a href="/swagger">API reference</a> · <a href="/asyncapi.json">AsyncAPI</a> · <a href="/api/v1/ws/streams">streams</a> · <a href="/api/v1/status">status</a></nav>
</header>
<main>
  <section>
    <h2>Context</h2>
    <dl>
      <dt>state</dt><dd id="context-state" class="dim">no context yet</dd>
      <dt>system</dt><dd id="context-system">–</dd>
      <dt>selected</dt><dd id="context-selected">–</dd>
      <dt>running</dt><dd id="context-running">–</dd>
    </dl>
  </section>
  <section>
    <h2>Streams: latest event</h2>
    <table><thead><tr><th>stream</th><th>events</th><th>latest</th><th>at</th></tr></thead><tbody id="streams"></tbody></table>
  </section>
  <section class="wide">
    <h2>Control panel</h2>
    <p id="panel-info" class="dim">no panel yet</p>
    <div id="panel-view" hidden><img id="panel-art" alt="control panel, top view"><div id="panel-lights"></div></div>
    <p id="panel-input" class="dim"></p>
  </section>
  <section class="wide">
    <h2>Surfaces</h2>
    <div id="surfaces">
      <figure id="surface-marquee"><figcaption>marquee: <span class="key">nothing yet</span></figcaption><img alt="marquee"></figure>
      <figure id="surface-topper"><figcaption>topper: <span class="key">nothing yet</span></figcaption><img alt="topper"><p class="name"></p></figure>
      <figure id="surface-instruction-card"><figcaption>instruction card: <span class="key">nothing yet</span></figcaption><img alt="instruction card"><p class="text"></p></figure>
    </div>
  </section>
${views.map(viewSection).join('')}  <section class="wide">
    <h2>Event log</h2>
    <div id="log"></div>
  </section>
</main>
<script type="module">
const $ = (id) => document.getElementById(id)
const text = (id, value, cls) => { const el = $(id); el.textContent = value; if (cls !== undefined) el.className = cls }
const rows = new Map()
let streams = []

function gameLabel (game) {
  if (!game) return '–'
  const name = game.gameName ?? game.name ?? game.GameName ?? game.rom ?? game.Rom ?? ''
  const system = game.systemId ?? game.SystemId ?? ''
  return system ? name + ' (' + system + ')' : String(name)
}

async function refreshContext () {
  try {
    const response = await fetch('/api/v1/context/state')
    if (!response.ok) return
    const state = await response.json()
    text('context-state', state.state ?? '–', state.state === 'playing' ? 'ok' : '')
    const system = state.selectedSystem
    text('context-system', system ? (system.name ?? system.id ?? JSON.stringify(system)) : '–')
    text('context-selected', gameLabel(state.selectedGame))
    text('context-running', gameLabel(state.runningGame))
  } catch { /* the service restarts: the socket reconnect refreshes again */ }
}

function streamsOf (type) {
  return streams.filter((s) => s.eventTypes.includes(type) || s.eventTypePrefixes.some((p) => type.startsWith(p))).map((s) => s.name)
}

function row (name) {
  let cells = rows.get(name)
  if (!cells) {
    const tr = document.createElement('tr')
    tr.dataset.stream = name
    cells = ['name', 'count', 'latest', 'at'].map((cls) => { const td = document.createElement('td'); td.className = cls; tr.append(td); return td })
    cells[0].textContent = name
    cells[1].textContent = '0'
    $('streams').append(tr)
    rows.set(name, cells)
  }
  return cells
}

/**
 * Draws the panel's top view and, over it, one ring per button at the geometry panel.state
 * advertises (Cx, Cy, R in the drawing's coordinates), the way an overlay would light buttons.
 */
function showPanel (state) {
  const top = state.Svg && state.Svg.Top
  if (!top) return
  text('panel-info', (state.Preview ? 'preview · ' : '') + state.SelectionKey + ' · ' + state.Scope + ' panel · layout ' + state.ActiveLayoutId, '')
  const art = $('panel-art')
  art.width = top.Width
  art.height = top.Height
  art.src = top.Url
  const lights = $('panel-lights')
  lights.replaceChildren()
  for (const button of top.Buttons) {
    const light = document.createElement('div')
    light.className = 'light'
    light.dataset.player = String(button.Player)
    light.dataset.slot = String(button.Slot)
    Object.assign(light.style, { left: (button.Cx - button.R - 3) + 'px', top: (button.Cy - button.R - 3) + 'px', width: (2 * button.R + 6) + 'px', height: (2 * button.R + 6) + 'px' })
    lights.append(light)
  }
  $('panel-view').hidden = false
}

function showInput (event) {
  const p = event.Payload
  const pressed = event.Type === 'panel.input.pressed'
  const light = document.querySelector('.light[data-player="' + Number(p.Player) + '"][data-slot="' + Number(p.Slot) + '"]')
  if (light) light.classList.toggle('lit', pressed)
  text('panel-input', 'P' + p.Player + ' ' + (p.System ? p.SystemInput : 'slot ' + p.Slot + (p.Function ? ' · ' + p.Function : '')) + (pressed ? ' pressed' : ' released'), pressed ? 'ok' : 'dim')
}

function show (event) {
  if (event.Type === 'panel.state') showPanel(event.Payload)
  if (event.Type.startsWith('panel.input.')) showInput(event)
  for (const name of streamsOf(event.Type)) {
    const [, count, latest, at] = row(name)
    count.textContent = String(Number(count.textContent) + 1)
    latest.textContent = event.Type
    at.textContent = new Date(event.Ts).toLocaleTimeString()
  }
  const line = document.createElement('div')
  line.textContent = new Date(event.Ts).toLocaleTimeString() + '  ' + event.Type + '  ' + JSON.stringify(event.Payload)
  $('log').prepend(line)
  while ($('log').childElementCount > 200) $('log').lastElementChild.remove()
  if (event.Type.startsWith('ui.')) refreshContext()
}

/** Only media URLs of the service (or absolute http ones) become image sources. */
function mediaUrl (asset) {
  const url = asset?.Url
  return typeof url === 'string' && (url.startsWith('/api/v1/media/') || /^https?:\\/\\//.test(url)) ? url : null
}

function paint (figure, asset) {
  const img = $(figure).querySelector('img')
  const url = mediaUrl(asset)
  if (url === null) img.removeAttribute('src')
  else if (img.getAttribute('src') !== url) img.src = url
}

/** Draws a surface snapshot: the marquee strip, the topper with the game's name, the first instruction card with its text. */
function showSurface (event) {
  const p = event.Payload ?? {}
  const media = p.Media ?? {}
  const stream = event.Type.replace(/\\.snapshot(\\.updated)?$/, '')
  const figure = 'surface-' + stream
  if (!$(figure)) return
  $(figure).querySelector('.key').textContent = (p.Selection?.Name || p.Selection?.SystemId || '') + ' [' + (p.SelectionKey ?? '') + ']'
  if (stream === 'marquee') paint(figure, media.Marquee ?? media.Logo)
  if (stream === 'topper') {
    paint(figure, media.Topper ?? media.Logo ?? media.Flyer)
    $(figure).querySelector('.name').textContent = p.Selection?.Name ?? ''
  }
  if (stream === 'instruction-card') {
    paint(figure, (p.Cards ?? [])[0] ?? media.Logo)
    $(figure).querySelector('.text').textContent = p.Text?.Description ?? ''
  }
}

function follow (path, onOpen, onEvent = show) {
  let delay = 500
  const open = () => {
    const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + path)
    socket.onopen = () => { delay = 500; onOpen?.(true); refreshContext() }
    socket.onmessage = (message) => { try { onEvent(JSON.parse(message.data)) } catch { /* not an envelope */ } }
    socket.onclose = () => { onOpen?.(false); setTimeout(open, delay); delay = Math.min(delay * 2, 10000) }
  }
  open()
}

async function start () {
  try {
    const health = await (await fetch('/api/v1/health')).json()
    text('version', health.version)
    const ready = await fetch('/api/v1/startup/ready')
    text('ready', ready.ok ? 'ready' : 'starting', ready.ok ? 'ok' : 'dim')
    streams = (await (await fetch('/api/v1/ws/streams')).json()).streams
    for (const s of streams) row(s.name)
  } catch {
    text('ready', 'unreachable', 'bad')
  }
  follow('/ws', (up) => text('socket', up ? 'live' : 'reconnecting…', up ? 'ok' : 'bad'))
  // The firehose leaves out raw hook traffic; the page shows it too.
  follow('/ws/esevent')
  // Surface streams replay their last snapshot on connect, so the view is complete at once.
  for (const stream of ['marquee', 'topper', 'instruction-card']) follow('/ws/' + stream, undefined, showSurface)
  refreshContext()
}
window.cabinetHub = { $, text, follow, mediaUrl }
start()
</script>
${views.map(viewScript).join('')}</body>
</html>
`
