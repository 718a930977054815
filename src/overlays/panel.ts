/**
 * The control panel of the game on screen, drawn by the panels module (retained `panel.state`),
 * with each button lit while it is held, where the drawing advertises it (`Svg.*.Buttons`).
 */
import type { Overlay } from './shell.js'

export const panelOverlay: Overlay = {
  name: 'panel',
  title: 'Control panel',
  description: 'The control panel of the game on screen with the buttons lit while pressed, START, SELECT and COIN included. ?view=front for the 3D front view (top).',
  size: { w: 960, h: 400 },
  style: `
#panel { position: absolute; inset: 0; display: flex; flex-direction: column; }
#panel[hidden] { display: none; }
#view { position: relative; flex: 1; min-height: 0; }
#art, #lights { position: absolute; inset: 0; width: 100%; height: 100%; }
#art { object-fit: contain; }
#lights circle { fill: rgba(255, 255, 255, 0); stroke: #fff; stroke-width: 5; opacity: 0; transition: opacity .08s; }
#lights circle.lit { fill: rgba(255, 255, 255, .45); opacity: 1; }
#footer { display: flex; gap: 10px; align-items: center; justify-content: center; padding: 6px; font-size: .75em; }
.chip { padding: 2px 10px; border-radius: 999px; border: 2px solid rgba(255, 255, 255, .5); opacity: .6; }
.chip.lit { background: #fff; color: #111; text-shadow: none; opacity: 1; }
#caption { font-weight: 400; }
`,
  body: '<div id="panel" hidden><div id="view"><img id="art" alt=""><svg id="lights" xmlns="http://www.w3.org/2000/svg" preserveAspectRatio="xMidYMid meet"></svg></div><div id="footer"><span id="chips"></span><span id="caption"></span></div></div>'
}
