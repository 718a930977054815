/** The "Control panel" section: the panel's top view with a ring per button, lit while it is held (/ws panel.*). */
import type { PanelEvents } from '../../panels/events.js'
import { byId, element, setText } from '../shared/elements.js'
import { keyLabel } from './labels.js'

type PanelState = PanelEvents['panel.state']
type PanelInput = PanelEvents['panel.input.pressed']

/**
 * Draws the panel's top view and, over it, one ring per button at the geometry panel.state
 * advertises (Cx, Cy, R in the drawing's coordinates), the way an overlay would light buttons. The
 * caption names the panel, not the selection: a system panel stays the same from game to game.
 */
export function showPanel (state: PanelState): void {
  const top = state.Svg?.Top
  if (top === undefined) return
  const whose = state.Scope === 'game' ? `game panel for ${keyLabel(state.SelectionKey)}` : `${state.SystemId} system panel`
  const chosen = state.ActiveLayoutSource !== undefined && state.ActiveLayoutSource !== 'request' && state.ActiveLayoutReason ? ` (${state.ActiveLayoutReason})` : ''
  setText('panel-info', `${state.Preview === true ? 'preview · ' : ''}${whose} · layout ${state.ActiveLayoutId}${chosen}`, '')
  const art = byId<HTMLImageElement>('panel-art')
  art.width = top.Width
  art.height = top.Height
  art.src = top.Url
  const lights = byId('panel-lights')
  lights.replaceChildren(...top.Buttons.map((button) => {
    const light = element('div', undefined, 'light')
    light.dataset.player = String(button.Player)
    light.dataset.slot = String(button.Slot)
    const px = (value: number): string => `${value}px`
    Object.assign(light.style, { left: px(button.Cx - button.R - 3), top: px(button.Cy - button.R - 3), width: px(2 * button.R + 6), height: px(2 * button.R + 6) })
    return light
  }))
  byId('panel-view').hidden = false
}

export function showInput (input: PanelInput, pressed: boolean): void {
  const light = document.querySelector(`.light[data-player="${Number(input.Player)}"][data-slot="${Number(input.Slot)}"]`)
  light?.classList.toggle('lit', pressed)
  const what = input.System === true ? input.SystemInput : `slot ${input.Slot}${input.Function ? ` · ${input.Function}` : ''}`
  setText('panel-input', `P${input.Player} ${what}${pressed ? ' pressed' : ' released'}`, pressed ? 'ok' : 'dim')
}
