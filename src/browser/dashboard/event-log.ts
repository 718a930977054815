/** The developer's view: events per stream (GET /api/v1/ws/streams) and the raw event log, newest first. */
import type { Static } from 'typebox'
import type { Envelope } from '../../core/envelope.js'
import type { StreamsResponse } from '../../system/schemas.js'
import { byId, element } from '../shared/elements.js'

type Stream = Static<typeof StreamsResponse>['streams'][number]

const logLines = 200
const rows = new Map<string, HTMLTableCellElement[]>()
let streams: readonly Stream[] = []

function streamsOf (type: string): string[] {
  return streams.filter((s) => s.eventTypes.includes(type) || s.eventTypePrefixes.some((p) => type.startsWith(p))).map((s) => s.name)
}

function row (name: string): HTMLTableCellElement[] {
  let cells = rows.get(name)
  if (cells === undefined) {
    const tr = element('tr')
    tr.dataset.stream = name
    cells = ['name', 'count', 'latest', 'at'].map((className) => element('td', undefined, className))
    tr.append(...cells)
    cells[0]!.textContent = name
    cells[1]!.textContent = '0'
    byId('streams').append(tr)
    rows.set(name, cells)
  }
  return cells
}

/** A row per stream of this build, in the catalog's order, before any event arrives. */
export function listStreams (catalog: readonly Stream[]): void {
  streams = catalog
  for (const s of streams) row(s.name)
}

export function logEvent (event: Envelope): void {
  const at = new Date(event.Ts).toLocaleTimeString()
  for (const name of streamsOf(event.Type)) {
    const [, count, latest, when] = row(name)
    count!.textContent = String(Number(count!.textContent) + 1)
    latest!.textContent = event.Type
    when!.textContent = at
  }
  const log = byId('log')
  log.prepend(element('div', `${at}  ${event.Type}  ${JSON.stringify(event.Payload)}`))
  while (log.childElementCount > logLines) log.lastElementChild!.remove()
}
