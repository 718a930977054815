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
  body: '<div id="panel" hidden><div id="view"><img id="art" alt=""><svg id="lights" xmlns="http://www.w3.org/2000/svg" preserveAspectRatio="xMidYMid meet"></svg></div><div id="footer"><span id="chips"></span><span id="caption"></span></div></div>',
  script: `
const view = query.get('view') === 'front' ? 'Front' : 'Top'
const svgNs = 'http://www.w3.org/2000/svg'
const lights = document.getElementById('lights')
const chips = document.getElementById('chips')
let panelKey = null

function draw (state) {
  const drawing = state.Svg?.[view]
  const url = mediaUrl(drawing)
  if (drawing === undefined || url === null) return
  panelKey = state.PanelKey
  const art = document.getElementById('art')
  if (art.getAttribute('src') !== url) art.src = url
  // The lights share the drawing's coordinates and fit the same box as the image.
  lights.setAttribute('viewBox', '0 0 ' + drawing.Width + ' ' + drawing.Height)
  lights.replaceChildren(...drawing.Buttons.map((button) => {
    const circle = document.createElementNS(svgNs, 'circle')
    for (const [name, value] of [['cx', button.Cx], ['cy', button.Cy], ['r', button.R + 4]]) circle.setAttribute(name, String(value))
    circle.dataset.player = String(button.Player)
    circle.dataset.slot = String(button.Slot)
    return circle
  }))
  chips.replaceChildren(...(state.ActivePanel?.SystemInputs ?? []).map((input) => {
    const chip = Object.assign(document.createElement('span'), { className: 'chip', textContent: 'P' + input.Player + ' ' + (input.Label || input.Function) })
    chip.dataset.player = String(input.Player)
    chip.dataset.input = input.Function
    return chip
  }))
  document.getElementById('caption').textContent = state.ActiveLayout?.Name || state.ActiveLayoutId || ''
  document.getElementById('panel').hidden = false
  document.body.dataset.panel = state.PanelKey ?? ''
  document.body.dataset.selection = state.SelectionKey ?? ''
}

function press (input, pressed) {
  const target = input.System
    ? chips.querySelector('.chip[data-player="' + Number(input.Player) + '"][data-input="' + CSS.escape(String(input.SystemInput)) + '"]')
    : lights.querySelector('circle[data-player="' + Number(input.Player) + '"][data-slot="' + Number(input.Slot) + '"]')
  if (target) target.classList.toggle('lit', pressed)
  if (pressed && panelKey !== null) document.getElementById('caption').textContent = 'P' + input.Player + ' · ' + (input.Function || (input.System ? input.SystemInput : 'slot ' + input.Slot))
}

follow('panel', (event) => {
  // A designer's preview is not the game on screen.
  if (event.Type === 'panel.state' && event.Payload.Preview !== true) draw(event.Payload)
  else if (event.Type === 'panel.input.pressed') press(event.Payload, true)
  else if (event.Type === 'panel.input.released') press(event.Payload, false)
})
`
}
