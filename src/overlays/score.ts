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
  body: '<div id="board" hidden><div id="players"></div><div id="timer" hidden><div id="time"></div><div id="bar"><div id="fill"></div></div></div></div>'
}
