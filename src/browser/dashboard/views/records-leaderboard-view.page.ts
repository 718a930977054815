/**
 * The partner leaderboard view of the live page (src/records/views.ts): the Top 100 of the game on
 * screen with a seal badge per entry, from `records.leaderboard.updated`.
 */
import type { RecordsEvents } from '../../../records/events.js'
import { byId, element, setText } from '../../shared/elements.js'
import { follow } from '../../shared/follow.js'
import type { EventOf } from '../../shared/wire.js'

type Board = RecordsEvents['records.leaderboard.updated']

const cell = (value: string, className?: string): HTMLTableCellElement => element('td', value, className)

function showLeaderboard (board: Board): void {
  const entries = board.Entries ?? []
  setText('records-leaderboard-info', `${board.Game ?? board.Rom ?? ''} (${board.System ?? ''}) · ${entries.length} entries`, '')
  byId('records-leaderboard-rows').replaceChildren(...entries.map((entry) => {
    const row = element('tr')
    row.dataset.recordId = entry.RecordId
    row.append(cell(String(entry.Rank)), cell(entry.Player), cell(String(entry.Value)), cell(entry.At, 'dim'),
      cell(entry.Sealed ? 'sealed' : 'not sealed', entry.Sealed ? 'seal ok' : 'seal dim'), cell(`${entry.IssuerKeyId.slice(0, 12)}…`, 'dim'))
    return row
  }))
  const sources = (board.Sources ?? []).map((source) => `${source.Url}: ${source.Verified ? `verified, ${source.SealState}` : `left out (${source.Reason ?? ''})`}`)
  setText('records-leaderboard-sources', sources.join(' · '), 'dim')
}

// Retained on /ws/hiscore: a page opened late shows the ranking at once.
follow<EventOf<RecordsEvents>>('/ws/hiscore', {
  event: (event) => { if (event.Type === 'records.leaderboard.updated') showLeaderboard(event.Payload) }
})
