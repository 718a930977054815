/** The hiscore table of the game on screen, as /ws/hiscore retains it, with the player's own rows marked. */
import type { Overlay } from './shell.js'

export const hiscoresOverlay: Overlay = {
  name: 'hiscores',
  title: 'Hiscores',
  description: 'The hiscore table of the game on screen (selected or running), the rows of the player at the cabinet highlighted; follows every selection and new score. ?rows= caps the rows (10).',
  size: { w: 420, h: 480 },
  style: `
#card { position: absolute; top: 4%; left: 4%; right: 4%; padding: 14px 20px; border-radius: 14px; background: rgba(10, 12, 22, .8); }
#card[hidden] { display: none; }
#game { font-size: 1.05em; margin-bottom: 8px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
#rows { list-style: none; margin: 0; padding: 0; }
#rows li { display: grid; grid-template-columns: 2.2em 1fr auto; gap: 10px; padding: 3px 8px; border-radius: 6px; font-variant-numeric: tabular-nums; }
#rows li .rank { opacity: .7; }
#rows li .score { font-family: ui-monospace, monospace; }
#rows li.me { background: rgba(242, 178, 51, .28); color: #ffd36b; }
#empty { font-weight: 400; opacity: .8; }
#empty[hidden] { display: none; }
`,
  body: '<div id="card" hidden><div id="game"></div><ol id="rows"></ol><div id="empty" hidden>No hiscores yet</div></div>',
  script: `
const maxRows = Math.max(1, Number(query.get('rows')) || 10)
const rows = document.getElementById('rows')
/** Tables by SelectionKey (\`<system>|<rom>\`), as the stream and REST gave them. */
const tables = new Map()
/** The game on screen, from the marquee snapshots; undefined until the first one. */
let onScreen

const rowsOf = (scores, status) => status === 'ok' ? scores.map((s) => ({ rank: s.Rank ?? s.rank, name: s.Name ?? s.name, score: s.Score ?? s.score, value: s.Value ?? s.value, isMe: s.IsMe ?? s.isMe })) : []

function cell (className, value) {
  return Object.assign(document.createElement('span'), { className, textContent: String(value ?? '') })
}

function render () {
  const key = onScreen === undefined ? [...tables.keys()].at(-1) : onScreen?.key
  const table = key === undefined ? undefined : tables.get(key)
  document.getElementById('card').hidden = onScreen === null || table === undefined
  if (table === undefined) return
  document.getElementById('game').textContent = table.game || onScreen?.name || key
  const shown = table.rows.slice(0, maxRows)
  rows.replaceChildren(...shown.map((score) => {
    const row = document.createElement('li')
    if (score.isMe) row.className = 'me'
    row.append(cell('rank', score.rank), cell('name', score.name), cell('score', score.value === null ? score.score : formatNumber(score.value)))
    return row
  }))
  document.getElementById('empty').hidden = shown.length > 0
  document.body.dataset.game = key
}

/**
 * The service publishes a table (or its absence) for every game put on screen; a page that joined
 * after another game's table was retained gets none, and asks REST once.
 */
const replayWaitMs = 1000

function fetchTable (key) {
  const [system, rom] = key.split('|')
  fetch('/api/v1/hiscores/' + encodeURIComponent(system) + '/' + encodeURIComponent(rom))
    .then((r) => r.ok ? r.json() : r.status === 404 ? { game: '', status: 'ok', scores: [] } : null)
    .then((table) => {
      if (table === null || tables.has(key)) return
      tables.set(key, { game: table.game, rows: rowsOf(table.scores, table.status) })
      render()
    })
    .catch(() => {})
}

function select (snapshot) {
  onScreen = snapshot.Scope === 'game' ? { key: snapshot.SelectionKey, name: nameOf(snapshot) } : null
  const key = onScreen?.key
  if (key !== undefined && !tables.has(key)) setTimeout(() => { if (onScreen?.key === key && !tables.has(key)) fetchTable(key) }, replayWaitMs)
  render()
}

follow('hiscore', (event) => {
  if (event.Type !== 'hiscore.updated') return
  const p = event.Payload
  const key = p.System + '|' + p.Rom
  tables.delete(key)
  tables.set(key, { game: p.Game, rows: rowsOf(p.Scores ?? [], p.Status) })
  render()
})
followSnapshots('marquee', select)
`
}
