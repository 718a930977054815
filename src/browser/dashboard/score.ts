/** The "Live score" section: one big number per player and the game timer (/ws/score, /ws/timer). */
import type { LiveEvents } from '../../game-events/events.js'
import type { EventOf } from '../shared/wire.js'
import { byId, element, setText } from '../shared/elements.js'
import { keyLabel } from './labels.js'

export type ScoreEvent = EventOf<LiveEvents>

export function showScore (event: ScoreEvent): void {
  if (event.Type === 'timer.live.changed') {
    const p = event.Payload
    setText('timer', `timer ${p.Value}${p.Unit === 'seconds' || p.Unit === undefined ? ' s' : ` ${p.Unit}`}`, '')
    return
  }
  if (event.Type !== 'score.live.changed') return
  const p = event.Payload
  byId('score-none').hidden = true
  setText('score-game', keyLabel(`${p.SystemId}|${p.Rom ?? ''}`), 'dim')
  const id = `score-p${Number(p.Player)}`
  let player = document.getElementById(id)
  if (player === null) {
    player = element('div')
    player.id = id
    player.append(element('div', `Player ${Number(p.Player)}`, 'dim'), element('div', undefined, 'score'))
    byId('score-players').append(player)
  }
  player.lastElementChild!.textContent = Number(p.Score).toLocaleString()
}

/** A new game starts from an empty board. */
export function clearScores (): void {
  byId('score-players').replaceChildren()
  byId('score-none').hidden = false
  setText('score-game', '')
  setText('timer', '')
}
