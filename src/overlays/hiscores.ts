/** The hiscore table of the game on screen, as /ws/hiscore retains it, with the player's own rows marked. */
import type { Overlay } from './shell.js'

export const hiscoresOverlay: Overlay = {
  name: 'hiscores',
  title: 'Hiscores',
  description: 'The hiscore table of the game on screen (selected or running), the rows of the player at the cabinet highlighted; follows every selection and new score. ?rows= caps the rows (10).',
  size: { w: 420, h: 480 },
  style: `
#card { position: absolute; top: 4%; left: 4%; right: 4%; padding: 14px 20px; border-radius: 14px; background: rgba(10, 12, 22, .8); }
#card[hidden] { display: none; }
#game { font-size: 1.05em; margin-bottom: 8px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
#rows { list-style: none; margin: 0; padding: 0; }
#rows li { display: grid; grid-template-columns: 2.2em 1fr auto; gap: 10px; padding: 3px 8px; border-radius: 6px; font-variant-numeric: tabular-nums; }
#rows li .rank { opacity: .7; }
#rows li .score { font-family: ui-monospace, monospace; }
#rows li.me { background: rgba(242, 178, 51, .28); color: #ffd36b; }
#empty { font-weight: 400; opacity: .8; }
#empty[hidden] { display: none; }
`,
  body: '<div id="card" hidden><div id="game"></div><ol id="rows"></ol><div id="empty" hidden>No hiscores yet</div></div>'
}
