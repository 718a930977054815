/**
 * The setup page's HTML: one list of what the service found, a button per fix, the read-only links
 * with their QR codes. Plain HTML and a module script over the public API, nothing loaded from
 * elsewhere; every value is written with textContent but the QR codes, SVG the service made.
 */
import { faviconPath } from '../dashboard/index.js'

const style = `
  :root { color-scheme: dark; --bg: #101418; --panel: #1a2027; --text: #e6e9ec; --dim: #8b949e; --accent: #f5a623; --ok: #3fb950; --bad: #f85149; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.45 system-ui, sans-serif; background: var(--bg); color: var(--text); }
  header { display: flex; gap: .5rem 1.5rem; align-items: center; flex-wrap: wrap; padding: .5rem 1rem; background: var(--panel); border-bottom: 2px solid var(--accent); }
  header h1 { margin: 0; font-size: 1.2rem; color: var(--accent); }
  a { color: var(--text); }
  main { max-width: 60rem; margin: 0 auto; padding: .8rem 1rem; display: grid; gap: .8rem; }
  section { background: var(--panel); border-radius: 8px; padding: .7rem 1rem; }
  h2 { margin: 0 0 .4rem; font-size: 1.05rem; display: flex; gap: .6rem; align-items: center; flex-wrap: wrap; }
  .state { font-size: .8rem; padding: .05rem .6rem; border-radius: 999px; background: #2a313a; }
  .state.ok { background: #17351f; } .state.fix { background: #3d1a1a; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .3rem 0; }
  dt { color: var(--dim); } dd { margin: 0; word-break: break-word; }
  ul { margin: .3rem 0; padding-left: 1.2rem; } li { word-break: break-word; }
  code { font: 13px ui-monospace, monospace; color: var(--dim); word-break: break-all; }
  button { font: inherit; padding: .45rem .9rem; border-radius: 6px; border: 1px solid var(--accent); background: #2a2410; color: var(--text); cursor: pointer; min-height: 2.5rem; }
  button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  .buttons { display: flex; gap: .5rem; flex-wrap: wrap; margin-top: .4rem; }
  .links { display: grid; grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr)); gap: .8rem; }
  figure { margin: 0; display: grid; gap: .3rem; }
  figure svg { width: 100%; max-width: 13rem; height: auto; }
  #status { min-height: 1.4rem; }
  .dim { color: var(--dim); }
  @media (max-width: 30rem) { dl { grid-template-columns: 1fr; } dt { margin-top: .3rem; } }
`

const script = String.raw`
const $ = (id) => document.getElementById(id)
const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e }

async function press (action, body) {
  const status = $('status')
  status.textContent = action.label + '…'
  const init = action.method === 'POST' ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) } : { method: action.method }
  try {
    const answer = await fetch(action.path, init)
    const result = await answer.json()
    status.textContent = answer.ok ? result.message + (result.changed.length > 0 ? ' (' + result.changed.join(', ') + ')' : '') : 'Refused: ' + result.message
  } catch (error) {
    status.textContent = 'The service did not answer: ' + error.message
  }
}

function button (action, body) {
  const b = el('button', action.label)
  b.title = 'Same as: ' + action.command
  b.addEventListener('click', () => { void press(action, body) })
  return b
}

function rowSection (row) {
  const section = el('section')
  section.id = 'setup-' + row.id
  section.setAttribute('aria-labelledby', 'title-' + row.id)
  const h = el('h2')
  h.id = 'title-' + row.id
  h.append(el('span', row.title), el('span', row.state === 'ok' ? 'ok' : row.state === 'fix' ? 'to fix' : 'info', 'state ' + row.state))
  const dl = el('dl')
  for (const finding of row.findings) dl.append(el('dt', finding.label), el('dd', finding.value))
  section.append(h, dl)
  if (row.problems.length > 0) {
    const list = el('ul')
    list.className = 'problems'
    for (const problem of row.problems) {
      const item = el('li', problem.message)
      if (problem.files.length > 0) {
        const files = el('ul')
        for (const file of problem.files) files.append(el('li', file))
        if (problem.fileCount > problem.files.length) files.append(el('li', '… and ' + (problem.fileCount - problem.files.length) + ' more', 'dim'))
        item.append(files)
      }
      item.append(el('div', 'fix: ' + problem.fix, 'dim'))
      list.append(item)
    }
    section.append(list)
  }
  const buttons = el('div', undefined, 'buttons')
  for (const action of [row.action, row.undo]) if (action) buttons.append(button(action))
  if (buttons.children.length > 0) section.append(buttons)
  return section
}

function linksSection (links) {
  const section = el('section')
  section.id = 'setup-links'
  section.append(el('h2', 'Other screens'))
  if (links.pages.length === 0) {
    section.append(el('p', 'The service listens on this machine only: start it with --host 0.0.0.0 for other screens to reach it.', 'dim'))
  } else {
    section.append(el('p', 'Read-only links for OBS, a marquee screen or a phone on the LAN: scan the code or copy the link.', 'dim'))
    const grid = el('div', undefined, 'links')
    for (const page of links.pages) {
      const figure = el('figure')
      figure.className = 'read-link'
      figure.innerHTML = page.qrSvg
      const caption = el('figcaption')
      const copy = el('button', 'Copy')
      copy.setAttribute('aria-label', 'Copy the link to ' + page.title)
      copy.addEventListener('click', () => { navigator.clipboard?.writeText(page.url).then(() => { copy.textContent = 'Copied' }, () => { copy.textContent = 'Select and copy' }) })
      caption.append(el('strong', page.title), el('br'), el('code', page.url), el('br'), copy)
      figure.append(caption)
      grid.append(figure)
    }
    section.append(grid)
  }
  section.append(el('div', undefined, 'buttons'))
  section.lastChild.append(button(links.revoke))
  return section
}

function demoSection (demo) {
  const section = el('section')
  section.id = 'setup-demo'
  section.append(el('h2', 'Point the service at your frontend'))
  section.append(el('p', 'No frontend is configured, so the service runs its demo. Start it with --frontend-root DIR --profile retrobat|batocera|es-de|recalbox, or choose a frontend found here: the choice goes into ' + demo.configFile + ', which the next start reads.'))
  if (demo.candidates.length === 0) section.append(el('p', 'None found in the usual places (/userdata, /recalbox/share, C:\\RetroBat, ~/ES-DE).', 'dim'))
  const buttons = el('div', undefined, 'buttons')
  for (const candidate of demo.candidates) {
    buttons.append(button({ label: 'Use ' + candidate.root + ' (' + candidate.profile + ')', method: 'POST', path: '/api/v1/setup/frontend', command: 'cabinet-hub --frontend-root ' + candidate.root + ' --profile ' + candidate.profile }, candidate))
  }
  section.append(buttons)
  return section
}

// The page is fetched again on load, on every (re)connect and on every change: rebuilding an unchanged list would take the focus and the selection from whoever is using it.
let shown = ''

async function refresh () {
  try {
    const answer = await fetch('/api/v1/setup')
    const text = await answer.text()
    const setup = JSON.parse(text)
    if (!answer.ok) { $('status').textContent = setup.message; return }
    if (text === shown) return
    shown = text
    const sections = [...(setup.demo.active ? [demoSection(setup.demo)] : []), ...setup.rows.map(rowSection), linksSection(setup.readLinks)]
    $('list').replaceChildren(...sections)
    $('list').setAttribute('aria-busy', 'false')
  } catch { /* the service restarts: the socket's reconnect fetches again */ }
}

/** Each button's change comes back as setup.changed on /ws/system: the list is fetched again then, whoever pressed it. */
function follow () {
  let delay = 500
  const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws/system')
  socket.onopen = () => { delay = 500; void refresh() }
  socket.onmessage = (message) => { try { if (JSON.parse(message.data).Type === 'setup.changed') void refresh() } catch { /* not an envelope */ } }
  socket.onclose = () => { setTimeout(follow, delay); delay = Math.min(delay * 2, 10000) }
}

void refresh()
follow()
`

export const setupHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cabinet-hub setup</title>
<link rel="icon" href="${faviconPath}" type="image/svg+xml">
<style>${style}</style>
</head>
<body>
<header>
  <h1>cabinet-hub setup</h1>
  <nav><a href="/">live page</a> · <a href="/overlays/">overlays</a></nav>
</header>
<main>
  <p class="dim">What the service found on this machine. Each button does what the command shown on hover does; nothing else can press them.</p>
  <div id="status" role="status" aria-live="polite"></div>
  <div id="list" aria-busy="true"></div>
</main>
<script type="module">${script}</script>
</body>
</html>
`
