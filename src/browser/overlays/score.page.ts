/** The score overlay: the live score of each player and the game timer, from the retained score and timer streams. */
import type { LiveEvents } from '../../game-events/events.js'
import type { IngameStatus } from '../../game-events/schemas.js'
import { byId, element } from '../shared/elements.js'
import { getJson } from '../shared/fetch-json.js'
import type { EventOf } from '../shared/wire.js'
import { followStream, formatNumber } from './shell.js'

const board = byId('board')
const players = byId('players')
const timer = byId('timer')

function showScore (score: LiveEvents['score.live.changed']): void {
  const player = Number(score.Player)
  let box = players.querySelector<HTMLElement>(`.player[data-player="${player}"]`)
  if (box === null) {
    box = element('div', undefined, 'player')
    box.dataset.player = String(player)
    box.append(element('div', `P${player}`, 'label'), element('div', undefined, 'value'))
    const after = [...players.children].find((other) => Number((other as HTMLElement).dataset.player) > player)
    players.insertBefore(box, after ?? null)
  }
  box.lastElementChild!.textContent = formatNumber(score.Score ?? 0)
  board.hidden = false
}

function clock (seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  return whole < 60 ? String(whole) : `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

function showTimer (reading: LiveEvents['timer.live.changed']): void {
  const left = reading.Remaining ?? reading.Value ?? 0
  byId('time').textContent = (reading.Unit ?? 'seconds') === 'seconds' ? clock(left) : formatNumber(left)
  const progress = typeof reading.Progress01 === 'number' ? reading.Progress01 : null
  byId('bar').hidden = progress === null
  if (progress !== null) byId('fill').style.width = `${(progress * 100).toFixed(1)}%`
  timer.classList.toggle('low', progress !== null && progress < 0.2)
  timer.hidden = false
  board.hidden = false
}

function clear (): void {
  players.replaceChildren()
  timer.hidden = true
  board.hidden = true
}

// A game may have ended while the page was away: when it (re)connects while nothing runs, it drops what it shows.
function dropStale (): void {
  getJson<IngameStatus>('/api/v1/ingame/status').then((status) => { if (status !== null && status.game === null) clear() }).catch(() => {})
}

type ScoreEvent = EventOf<LiveEvents>

followStream<ScoreEvent>('score', (event) => {
  if (event.Type === 'score.live.changed') showScore(event.Payload)
  else if (event.Type === 'score.live.cleared') clear()
}, dropStale)
followStream<ScoreEvent>('timer', (event) => { if (event.Type === 'timer.live.changed') showTimer(event.Payload) }, dropStale)
