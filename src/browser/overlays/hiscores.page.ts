/** The hiscores overlay: the table of the game on screen, as /ws/hiscore retains it, with the player's own rows marked. */
import type { Static } from 'typebox'
import type { HiscoreEvents } from '../../hiscores/events.js'
import type { HiscoreResponse } from '../../hiscores/schemas.js'
import { byId, element } from '../shared/elements.js'
import type { EventOf } from '../shared/wire.js'
import { followSnapshots, followStream, formatNumber, nameOf, query, type Snapshot } from './shell.js'

/** A row as the overlay draws it, from the stream (`Rank` ...) or from REST (`rank` ...). */
interface Row { readonly rank: number, readonly name: string, readonly score: string, readonly value: number | null, readonly isMe: boolean }
interface Table { readonly game: string, readonly rows: readonly Row[] }

const maxRows = Math.max(1, Number(query.get('rows')) || 10)
const rows = byId('rows')
/** Tables by SelectionKey (`<system>|<rom>`), as the stream and REST gave them. */
const tables = new Map<string, Table>()
/** The game on screen, from the marquee snapshots; null while a system is; undefined until the first one. */
let onScreen: { readonly key: string, readonly name: string } | null | undefined

const cell = (className: string, value: string | number): HTMLSpanElement => element('span', String(value), className)

function render (): void {
  const key = onScreen === undefined ? [...tables.keys()].at(-1) : onScreen?.key
  const table = key === undefined ? undefined : tables.get(key)
  byId('card').hidden = onScreen === null || table === undefined
  if (key === undefined || table === undefined) return
  byId('game').textContent = table.game || onScreen?.name || key
  const shown = table.rows.slice(0, maxRows)
  rows.replaceChildren(...shown.map((score) => {
    const row = element('li', undefined, score.isMe ? 'me' : undefined)
    row.append(cell('rank', score.rank), cell('name', score.name), cell('score', score.value === null ? score.score : formatNumber(score.value)))
    return row
  }))
  byId('empty').hidden = shown.length > 0
  document.body.dataset.game = key
}

/**
 * The service publishes a table (or its absence) for every game put on screen; a page that joined
 * after another game's table was retained gets none, and asks REST once.
 */
const replayWaitMs = 1000

type RestTable = Static<typeof HiscoreResponse>

function fetchTable (key: string): void {
  const [system = '', rom = ''] = key.split('|')
  fetch(`/api/v1/hiscores/${encodeURIComponent(system)}/${encodeURIComponent(rom)}`)
    .then(async (r): Promise<Pick<RestTable, 'game' | 'status' | 'scores'> | null> => r.ok ? await r.json() as RestTable : r.status === 404 ? { game: '', status: 'ok', scores: [] } : null)
    .then((table) => {
      if (table === null || tables.has(key)) return
      tables.set(key, { game: table.game, rows: table.status === 'ok' ? table.scores : [] })
      render()
    })
    .catch(() => {})
}

function select (snapshot: Snapshot): void {
  onScreen = snapshot.Scope === 'game' ? { key: snapshot.SelectionKey ?? '', name: nameOf(snapshot) } : null
  const key = onScreen?.key
  if (key !== undefined && !tables.has(key)) setTimeout(() => { if (onScreen?.key === key && !tables.has(key)) fetchTable(key) }, replayWaitMs)
  render()
}

followStream<EventOf<HiscoreEvents>>('hiscore', (event) => {
  if (event.Type !== 'hiscore.updated') return
  const p = event.Payload
  const key = `${p.System}|${p.Rom}`
  const scores = p.Status === 'ok' ? p.Scores ?? [] : []
  tables.delete(key)
  tables.set(key, { game: p.Game ?? '', rows: scores.map((s) => ({ rank: s.Rank, name: s.Name, score: s.Score, value: s.Value, isMe: s.IsMe })) })
  render()
})
followSnapshots('marquee', select)
