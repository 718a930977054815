/** Live score of each player and the game timer, from the retained score and timer streams. */
import type { Overlay } from './shell.js'

export const scoreOverlay: Overlay = {
  name: 'score',
  title: 'Score',
  description: 'Live score of each player and the game timer of the game being played; clears when a game starts or ends.',
  size: { w: 640, h: 160 },
  style: `
#board { position: absolute; top: 50%; left: 50%; transform: translate(-50%, -50%); display: flex; align-items: center; gap: 36px; padding: 12px 28px; border-radius: 14px; background: rgba(10, 12, 22, .8); white-space: nowrap; }
#board[hidden] { display: none; }
#players { display: flex; gap: 36px; }
.player { text-align: center; }
.player .label { font-size: .75em; letter-spacing: .12em; opacity: .85; }
.player .value { font: 700 2.2em/1 ui-monospace, monospace; font-variant-numeric: tabular-nums; }
#timer { text-align: center; min-width: 5em; }
#timer[hidden] { display: none; }
#time { font: 700 2.2em/1 ui-monospace, monospace; font-variant-numeric: tabular-nums; }
#bar { height: 6px; margin-top: 6px; border-radius: 3px; background: rgba(255, 255, 255, .25); overflow: hidden; }
#fill { height: 100%; background: #f2b233; transition: width .3s linear; }
#timer.low #fill { background: #ff5a5a; }
`,
  body: '<div id="board" hidden><div id="players"></div><div id="timer" hidden><div id="time"></div><div id="bar"><div id="fill"></div></div></div></div>',
  script: `
const board = document.getElementById('board')
const players = document.getElementById('players')
const timer = document.getElementById('timer')

function showScore (score) {
  const player = Number(score.Player)
  let box = players.querySelector('.player[data-player="' + player + '"]')
  if (!box) {
    box = Object.assign(document.createElement('div'), { className: 'player' })
    box.dataset.player = String(player)
    box.append(Object.assign(document.createElement('div'), { className: 'label', textContent: 'P' + player }), Object.assign(document.createElement('div'), { className: 'value' }))
    const after = [...players.children].find((other) => Number(other.dataset.player) > player)
    players.insertBefore(box, after ?? null)
  }
  box.lastElementChild.textContent = formatNumber(score.Score)
  board.hidden = false
}

function clock (seconds) {
  const whole = Math.max(0, Math.floor(seconds))
  return whole < 60 ? String(whole) : Math.floor(whole / 60) + ':' + String(whole % 60).padStart(2, '0')
}

function showTimer (reading) {
  const left = reading.Remaining ?? reading.Value
  document.getElementById('time').textContent = (reading.Unit ?? 'seconds') === 'seconds' ? clock(left) : formatNumber(left)
  const progress = typeof reading.Progress01 === 'number' ? reading.Progress01 : null
  document.getElementById('bar').hidden = progress === null
  if (progress !== null) document.getElementById('fill').style.width = (progress * 100).toFixed(1) + '%'
  timer.classList.toggle('low', progress !== null && progress < 0.2)
  timer.hidden = false
  board.hidden = false
}

function clear () {
  players.replaceChildren()
  timer.hidden = true
  board.hidden = true
}

// A game may have ended while the page was away: when it (re)connects while nothing runs, it drops what it shows.
function dropStale () {
  fetch('/api/v1/ingame/status').then((r) => r.ok ? r.json() : null).then((status) => { if (status !== null && status.game === null) clear() }).catch(() => {})
}

follow('score', (event) => { if (event.Type === 'score.live.changed') showScore(event.Payload); else if (event.Type === 'score.live.cleared') clear() }, dropStale)
follow('timer', (event) => { if (event.Type === 'timer.live.changed') showTimer(event.Payload) }, dropStale)
`
}
