/**
 * The Hiscores view of the live page (src/hiscores/live-view.ts): the table on screen as
 * /ws/hiscore retains it, the player's own entries (`IsMe`) marked. Names come from saves: text only.
 */
import type { Static } from 'typebox'
import type { HiscoreEvents } from '../../../hiscores/events.js'
import type { CurrentPlayerResponse } from '../../../hiscores/schemas.js'
import { byId, element, setText } from '../../shared/elements.js'
import { getJson } from '../../shared/fetch-json.js'
import { follow } from '../../shared/follow.js'
import type { EventOf } from '../../shared/wire.js'

type Table = HiscoreEvents['hiscore.updated']

function showTable (table: Table): void {
  const ok = table.Status === 'ok'
  setText('hiscores-me', table.Me ?? '')
  setText('hiscores-game', `${table.Game ?? table.Rom ?? ''} (${table.System ?? ''}) ${ok ? '' : table.Message ?? table.Status ?? ''}`, ok ? 'ok' : 'dim')
  byId('hiscores-rows').replaceChildren(...(table.Scores ?? []).map((score) => {
    const row = element('tr', undefined, score.IsMe ? 'me' : undefined)
    row.append(...[score.Rank, score.Name, score.Score].map((value) => element('td', String(value))))
    return row
  }))
}

getJson<Static<typeof CurrentPlayerResponse>>('/api/v1/players/current')
  .then((me) => { setText('hiscores-me', me?.name ?? '') })
  .catch(() => {})
follow<EventOf<HiscoreEvents>>('/ws/hiscore', {
  event: (event) => {
    if (event.Type === 'hiscore.player.changed') setText('hiscores-me', event.Payload.Name ?? '')
    else if (event.Type === 'hiscore.updated') showTable(event.Payload)
  }
})
