/**
 * The Hiscores view of the live page: the table on screen as /ws/hiscore retains it, the
 * player's own entries (`IsMe`) highlighted. Written with textContent only: names come from saves.
 */
import type { LiveView } from '../dashboard/index.js'

export const hiscoresView: LiveView = {
  id: 'hiscores',
  title: 'Hiscores',
  html: `    <p id="hiscores-game" class="dim">no table yet</p>
    <table><thead><tr><th>#</th><th>name</th><th>score</th></tr></thead><tbody id="hiscores-rows"></tbody></table>
    <p class="dim">player: <span id="hiscores-me">…</span></p>
    <style>#hiscores-rows tr.me td { color: var(--ok); font-weight: bold; }</style>`,
  script: `const { $, text, follow } = window.cabinetHub
function showTable (event) {
  const p = event.Payload ?? {}
  if (event.Type === 'hiscore.player.changed') { text('hiscores-me', p.Name ?? ''); return }
  if (event.Type !== 'hiscore.updated') return
  text('hiscores-me', p.Me ?? '')
  text('hiscores-game', (p.Game ?? p.Rom ?? '') + ' (' + (p.System ?? '') + ') ' + (p.Status === 'ok' ? '' : (p.Message ?? p.Status ?? '')), p.Status === 'ok' ? 'ok' : 'dim')
  const body = $('hiscores-rows')
  body.replaceChildren()
  for (const score of p.Scores ?? []) {
    const row = document.createElement('tr')
    if (score.IsMe) row.className = 'me'
    for (const value of [score.Rank, score.Name, score.Score]) {
      const cell = document.createElement('td')
      cell.textContent = String(value ?? '')
      row.append(cell)
    }
    body.append(row)
  }
}
fetch('/api/v1/players/current').then((r) => r.json()).then((me) => text('hiscores-me', me.name ?? '')).catch(() => {})
follow('/ws/hiscore', undefined, showTable)
`
}
