/**
 * The control panel overlay: the panel of the game on screen, drawn by the panels module (retained
 * `panel.state`), with each button lit while it is held, where the drawing advertises it (`Svg.*.Buttons`).
 */
import type { PanelEvents } from '../../panels/events.js'
import { byId, element } from '../shared/elements.js'
import { mediaUrl, setImage } from '../shared/media.js'
import type { EventOf } from '../shared/wire.js'
import { followStream, query } from './shell.js'

type PanelState = PanelEvents['panel.state']
type PanelInput = PanelEvents['panel.input.pressed']

/** The active panel's system inputs (START, SELECT, COIN ...), which the schema leaves to its open members (src/panels/projection.ts). */
interface SystemInputs { readonly SystemInputs?: ReadonlyArray<{ readonly Player: number, readonly Function: string, readonly Label: string }> }

const view = query.get('view') === 'front' ? 'Front' : 'Top'
const svgNs = 'http://www.w3.org/2000/svg'
const lights = byId('lights')
const chips = byId('chips')
let panelKey: string | null = null

function draw (state: PanelState): void {
  const drawing = state.Svg?.[view]
  const url = mediaUrl(drawing)
  if (drawing === undefined || url === null) return
  panelKey = state.PanelKey ?? null
  setImage(byId<HTMLImageElement>('art'), url)
  // The lights share the drawing's coordinates and fit the same box as the image.
  lights.setAttribute('viewBox', `0 0 ${drawing.Width} ${drawing.Height}`)
  lights.replaceChildren(...drawing.Buttons.map((button) => {
    const circle = document.createElementNS(svgNs, 'circle')
    for (const [name, value] of [['cx', button.Cx], ['cy', button.Cy], ['r', button.R + 4]] as const) circle.setAttribute(name, String(value))
    circle.dataset.player = String(button.Player)
    circle.dataset.slot = String(button.Slot)
    return circle
  }))
  const activePanel = state.ActivePanel as PanelState['ActivePanel'] & SystemInputs | undefined
  chips.replaceChildren(...(activePanel?.SystemInputs ?? []).map((input) => {
    const chip = element('span', `P${input.Player} ${input.Label || input.Function}`, 'chip')
    chip.dataset.player = String(input.Player)
    chip.dataset.input = input.Function
    return chip
  }))
  byId('caption').textContent = state.ActiveLayout?.Name || state.ActiveLayoutId || ''
  byId('panel').hidden = false
  document.body.dataset.panel = state.PanelKey ?? ''
  document.body.dataset.selection = state.SelectionKey ?? ''
}

function press (input: PanelInput, pressed: boolean): void {
  const target = input.System === true
    ? chips.querySelector(`.chip[data-player="${Number(input.Player)}"][data-input="${CSS.escape(String(input.SystemInput))}"]`)
    : lights.querySelector(`circle[data-player="${Number(input.Player)}"][data-slot="${Number(input.Slot)}"]`)
  target?.classList.toggle('lit', pressed)
  if (pressed && panelKey !== null) byId('caption').textContent = `P${input.Player} · ${input.Function || (input.System === true ? input.SystemInput : `slot ${input.Slot}`)}`
}

followStream<EventOf<PanelEvents>>('panel', (event) => {
  // A designer's preview is not the game on screen.
  if (event.Type === 'panel.state' && event.Payload.Preview !== true) draw(event.Payload)
  else if (event.Type === 'panel.input.pressed') press(event.Payload, true)
  else if (event.Type === 'panel.input.released') press(event.Payload, false)
})
