/**
 * The live page's own script. It reads only the public API (REST + WebSocket), so it doubles as a
 * worked example for overlay authors; event data is only ever written with textContent. The
 * helpers views of other modules use are exported as `window.cabinetHub`.
 */
export const pageScript = String.raw`
const $ = (id) => document.getElementById(id)
const text = (id, value, cls) => { const el = $(id); el.textContent = value; if (cls !== undefined) el.className = cls }
const rows = new Map()
let streams = []
/** The SelectionKey of the latest ui.* event: the one key every stream uses for this selection. */
let currentKey = null

/** 'mame|1943' names a game; 'megadrive|' a system alone, shown as the system with no dangling bar. */
const keyLabel = (key) => typeof key === 'string' ? key.replace(/\|$/, '') : ''

function gameLabel (game) {
  if (!game) return '–'
  const name = game.gameName ?? game.name ?? game.GameName ?? game.rom ?? game.Rom ?? ''
  const system = game.systemId ?? game.SystemId ?? ''
  return system ? name + ' (' + system + ')' : String(name)
}

/** Only media URLs of the service (or absolute http ones) become image sources; takes an asset ({ Url }) or a URL. */
function mediaUrl (asset) {
  const url = typeof asset === 'string' ? asset : asset?.Url
  return typeof url === 'string' && (url.startsWith('/api/v1/media/') || /^https?:\/\//.test(url)) ? url : null
}

function setImage (img, url) {
  if (url === null) img.removeAttribute('src')
  else if (img.getAttribute('src') !== url) img.src = url
}

async function getJson (path) {
  const response = await fetch(path)
  return { ok: response.ok, body: await response.json() }
}

/** What is on screen: the running game, else the selected one, else the selected system. */
async function refreshContext () {
  try {
    const { ok, body: state } = await getJson('/api/v1/context/state')
    if (!ok) return
    const system = state.selectedSystem
    const game = state.runningGame ?? state.selectedGame
    text('context-state', state.state ?? '–', state.state === 'playing' ? 'pill ok' : 'pill')
    text('context-system', system ? (system.fullname ?? system.name ?? '–') : '–')
    // After an input the frontend did not report (a rom whose hook cannot run), the selection shown may be stale.
    text('context-selected', gameLabel(state.selectedGame) + (state.selectionUncertain ? ' (uncertain: the frontend did not say where its cursor went)' : ''), state.selectionUncertain ? 'pill bad' : '')
    text('context-running', gameLabel(state.runningGame))
    text('game-title', game ? (game.gameName ?? game.romStem ?? '') : (system ? (system.fullname ?? system.name) : 'nothing selected yet'))
    const details = game?.details ?? {}
    text('game-meta', [details.developer, details.releasedate?.slice(0, 4), details.genre].filter(Boolean).join(' · '))
    const art = [details.image, details.thumbnail, details.fanart, details.extras?.['box-front']].map(mediaUrl).find((url) => url !== null) ?? null
    setImage($('game-art'), art)
    text('game-key', currentKey !== null ? keyLabel(currentKey) : game ? keyLabel(game.systemId + '|' + (game.romStem ?? '')) : system ? system.name : '')
  } catch { /* the service restarts: the socket reconnect refreshes again */ }
}

/**
 * Why the frontend link is degraded, or null: the status' frontend section says it now (it follows
 * the hook scripts while the service runs); the start-up step only while the status has none.
 */
function degradedReason (ready, status) {
  if (status.frontend) return status.frontend.link === 'degraded' ? status.frontend.problem ?? 'see /api/v1/status' : null
  const step = (ready.steps ?? []).find((s) => s.name === 'frontend-link')
  return step?.state === 'degraded' ? step.reason ?? step.error ?? 'see /api/v1/startup/ready' : null
}

async function refreshLink () {
  try {
    const [{ body: status }, { body: ready }] = await Promise.all([getJson('/api/v1/status'), getJson('/api/v1/startup/ready')])
    const frontend = status.frontend
    const reason = degradedReason(ready, status)
    $('frontend-banner').hidden = reason === null
    text('frontend-banner-reason', reason ?? '')
    if (!frontend) text('frontend-link', 'no frontend link', 'pill bad')
    else if (reason !== null) text('frontend-link', 'frontend link degraded', 'pill bad')
    else if (frontend.webApiReachable === true) text('frontend-link', 'frontend connected', 'pill ok')
    // A frontend without a web API (ES-DE): its hooks and its process say whether it runs.
    else if (!('esUrl' in frontend)) text('frontend-link', frontend.running === true ? 'frontend running' : 'frontend not running', frontend.running === true ? 'pill ok' : 'pill')
    else if ((frontend.hooksAccepted ?? 0) > 0) text('frontend-link', 'frontend hooks only', 'pill')
    else text('frontend-link', 'frontend not connected', 'pill bad')
    const last = frontend?.lastHookAtUtc ? 'last hook ' + new Date(frontend.lastHookAtUtc).toLocaleTimeString() : 'no hook yet'
    const webApi = frontend && 'esUrl' in frontend ? 'web API ' + frontend.esUrl + (frontend.webApiReachable ? ' answering' : ' not answering') + ' · ' : ''
    text('frontend-detail', frontend ? webApi + last : '')
    text('ready', ready.ready ? 'ready' : 'starting', ready.ready ? 'pill ok' : 'pill')
  } catch {
    text('ready', 'unreachable', 'pill bad')
  }
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
 * advertises (Cx, Cy, R in the drawing's coordinates), the way an overlay would light buttons. The
 * caption names the panel, not the selection: a system panel stays the same from game to game.
 */
function showPanel (state) {
  const top = state.Svg && state.Svg.Top
  if (!top) return
  const whose = state.Scope === 'game' ? 'game panel for ' + keyLabel(state.SelectionKey) : state.SystemId + ' system panel'
  const layout = 'layout ' + state.ActiveLayoutId + (state.ActiveLayoutSource && state.ActiveLayoutSource !== 'request' && state.ActiveLayoutReason ? ' (' + state.ActiveLayoutReason + ')' : '')
  text('panel-info', (state.Preview ? 'preview · ' : '') + whose + ' · ' + layout, '')
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

/** One big number per player; a new game starts from an empty board. */
function showScore (event) {
  const p = event.Payload ?? {}
  if (event.Type === 'timer.live.changed') {
    text('timer', 'timer ' + p.Value + (p.Unit === 'seconds' || p.Unit === undefined ? ' s' : ' ' + p.Unit), '')
    return
  }
  if (event.Type !== 'score.live.changed') return
  $('score-none').hidden = true
  text('score-game', keyLabel(p.SystemId + '|' + (p.Rom ?? '')), 'dim')
  let player = $('score-p' + Number(p.Player))
  if (!player) {
    player = document.createElement('div')
    player.id = 'score-p' + Number(p.Player)
    player.innerHTML = '<div class="dim"></div><div class="score"></div>'
    player.firstElementChild.textContent = 'Player ' + Number(p.Player)
    $('score-players').append(player)
  }
  player.lastElementChild.textContent = Number(p.Score).toLocaleString()
}

function clearScores () {
  $('score-players').replaceChildren()
  $('score-none').hidden = false
  text('score-game', '')
  text('timer', '')
}

function show (event) {
  if (event.Type === 'panel.state') showPanel(event.Payload)
  if (event.Type.startsWith('panel.input.')) showInput(event)
  if (event.Type === 'ui.game.started' || event.Type === 'ui.game.ended') clearScores()
  if (event.Type.startsWith('ui.') && typeof event.Payload?.SelectionKey === 'string') currentKey = event.Payload.SelectionKey
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
  if (event.Type.startsWith('ui.')) {
    refreshContext()
    refreshLink()
  }
}

/** Draws a surface snapshot: the marquee strip, the topper with the game's name, the first instruction card with its text. */
function showSurface (event) {
  const p = event.Payload ?? {}
  const media = p.Media ?? {}
  const stream = event.Type.replace(/\.snapshot(\.updated)?$/, '')
  const figure = $('surface-' + stream)
  if (!figure) return
  figure.querySelector('.key').textContent = keyLabel(p.SelectionKey)
  const paint = (asset) => setImage(figure.querySelector('img'), mediaUrl(asset))
  if (stream === 'marquee') paint(media.Marquee ?? media.Logo)
  if (stream === 'topper') {
    paint(media.Topper ?? media.Logo ?? media.Flyer)
    figure.querySelector('.name').textContent = p.Selection?.Name ?? ''
  }
  if (stream === 'instruction-card') {
    paint((p.Cards ?? [])[0] ?? media.Logo)
    figure.querySelector('.text').textContent = p.Text?.Description ?? ''
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
    text('version', (await getJson('/api/v1/health')).body.version)
    streams = (await getJson('/api/v1/ws/streams')).body.streams
    for (const s of streams) row(s.name)
  } catch {
    text('ready', 'unreachable', 'pill bad')
  }
  const sockets = [
    ['/ws', show],
    // The firehose leaves out raw hook traffic; the event log shows it too.
    ['/ws/esevent', show],
    // Surface and score streams replay their last snapshot on connect, so the view is complete at once.
    ...['marquee', 'topper', 'instruction-card'].map((stream) => ['/ws/' + stream, showSurface]),
    ...['score', 'timer'].map((stream) => ['/ws/' + stream, showScore])
  ]
  // Events are live once every socket is open: an event sent before one opens never reaches the page.
  const closed = new Set(sockets.map(([path]) => path))
  for (const [path, onEvent] of sockets) {
    follow(path, (up) => {
      if (up) closed.delete(path)
      else closed.add(path)
      text('socket', closed.size === 0 ? 'events live' : 'events reconnecting…', closed.size === 0 ? 'pill ok' : 'pill bad')
    }, onEvent)
  }
  refreshContext()
  refreshLink()
  setInterval(refreshLink, 10000)
}
window.cabinetHub = { $, text, follow, mediaUrl }
start()
`
