/**
 * The leaderboard view of the live page: the Top 100 of the game on screen with a seal badge per
 * entry, from `records.leaderboard.updated` (retained, so a new page shows it at once).
 */
export const leaderboardView = {
  id: 'records-leaderboard',
  title: 'Partner leaderboard',
  wide: true,
  html: [
    '    <p id="records-leaderboard-info" class="dim">no leaderboard yet (link a record service with --partner-url, then select a game)</p>',
    '    <table><thead><tr><th>#</th><th>player</th><th>score</th><th>when</th><th>seal</th><th>issuer</th></tr></thead><tbody id="records-leaderboard-rows"></tbody></table>',
    '    <p id="records-leaderboard-sources" class="dim"></p>'
  ].join('\n'),
  script: `
const { $, text, follow } = window.cabinetHub
const cell = (value, cls) => { const td = document.createElement('td'); td.textContent = value; if (cls) td.className = cls; return td }
function showLeaderboard (event) {
  if (event.Type !== 'records.leaderboard.updated') return
  const board = event.Payload
  text('records-leaderboard-info', (board.Game ?? board.Rom) + ' (' + board.System + ') · ' + board.Entries.length + ' entries', '')
  $('records-leaderboard-rows').replaceChildren(...board.Entries.map((entry) => {
    const tr = document.createElement('tr')
    tr.dataset.recordId = entry.RecordId
    tr.append(cell(String(entry.Rank)), cell(entry.Player), cell(String(entry.Value)), cell(entry.At, 'dim'),
      cell(entry.Sealed ? 'sealed' : 'not sealed', entry.Sealed ? 'seal ok' : 'seal dim'), cell(entry.IssuerKeyId.slice(0, 12) + '…', 'dim'))
    return tr
  }))
  text('records-leaderboard-sources', board.Sources.map((s) => s.Url + ': ' + (s.Verified ? 'verified, ' + s.SealState : 'left out (' + s.Reason + ')')).join(' · '), 'dim')
}
// Retained on /ws/hiscore: a page opened late shows the ranking at once.
follow('/ws/hiscore', undefined, showLeaderboard)
`
}
