/**
 * What a resolved panel means on this cabinet: one entry per player and physical slot (unused
 * slots included, with an empty Function), the system inputs and the joystick, and the lamps tied
 * to each. The payload shapes LED and marquee managers read (consumers.md §1.7, §3.3).
 */
import type { CabinetConfig } from './cabinet.js'
import { layoutShape, type ResolvedPanel } from './resolve.js'
import type { SystemInputName } from './resource-schema.js'

/** Colour of a slot the layout does not use: consumers switch it off. */
const unusedColor = 'Black'

export interface SlotControl {
  readonly player: number
  readonly slot: number
  readonly function: string
  readonly label: string
  readonly color: string
  readonly gameButton: string
  readonly controller: string
}

interface SystemControl {
  readonly player: number
  readonly input: SystemInputName
  readonly label: string
  readonly color: string
}

export interface PanelControls {
  readonly slots: readonly SlotControl[]
  readonly systemInputs: readonly SystemControl[]
  readonly joystick: { readonly type: string, readonly color: string } | null
}

/** Every player's slots 1..max(buttons per player, highest slot of the layout). */
export function panelControls (panel: ResolvedPanel, cabinet: CabinetConfig): PanelControls {
  const layout = panel.activeLayout
  const slotCount = Math.max(cabinet.buttonsPerPlayer, ...layout.buttons.map((b) => b.slot))
  const slots: SlotControl[] = []
  for (let player = 1; player <= cabinet.playerCount; player++) {
    for (let slot = 1; slot <= slotCount; slot++) {
      const button = layout.buttons.find((b) => b.slot === slot && b.player === player) ?? layout.buttons.find((b) => b.slot === slot && b.player === undefined)
      slots.push({
        player,
        slot,
        function: button?.function ?? '',
        label: button?.label ?? button?.function ?? '',
        color: button?.color ?? (button === undefined ? unusedColor : 'White'),
        gameButton: button?.gameButton ?? '',
        controller: button?.controller ?? ''
      })
    }
  }
  const systemInputs: SystemControl[] = []
  for (let player = 1; player <= cabinet.playerCount; player++) {
    for (const input of layout.systemInputs ?? []) {
      if (input.player === undefined || input.player === player) systemInputs.push({ player, input: input.input, label: input.label ?? input.input, color: input.color ?? 'White' })
    }
  }
  return { slots, systemInputs, joystick: layout.joystick === undefined ? null : { type: layout.joystick.type, color: layout.joystick.color ?? 'Black' } }
}

function outputsOf (panel: ResolvedPanel, match: (o: { player?: number, slot?: number, systemInput?: string }) => boolean) {
  return (panel.activeLayout.outputs ?? []).filter(match).map((o) => ({ Id: o.id, Kind: 'lamp', OutputName: o.name ?? o.id, Color: o.color ?? '', Player: o.player ?? null }))
}

/** `ActivePanel` of panel.state and of `GET /api/v1/panels/current`. */
export function activePanelPayload (panel: ResolvedPanel, controls: PanelControls) {
  const shape = layoutShape(panel.activeLayout)
  const slotInputs = controls.slots.map((c) => ({
    Id: `P${c.player}_SLOT${c.slot}`, Kind: 'button', Player: c.player, Slot: c.slot, Label: c.label, Function: c.function, Color: c.color, GameButton: c.gameButton, Controller: c.controller, DeviceType: ''
  }))
  const systemInputs = controls.systemInputs.map((s) => ({
    Id: `P${s.player}_${s.input}`, Kind: 'system-input', Player: s.player, Slot: 0, Label: s.label, Function: s.input, Color: s.color, GameButton: s.input, Controller: s.input === 'COIN' ? 'select' : s.input.toLowerCase(), DeviceType: ''
  }))
  const players = [...new Set(controls.slots.map((c) => c.player))]
  const devices = controls.joystick === null
    ? []
    : players.map((player) => ({ Id: `P${player}_JOYSTICK`, Kind: 'device-input', Player: player, Slot: 0, Label: 'Joystick', Function: 'Move', Color: controls.joystick!.color, GameButton: '', Controller: 'dpad', DeviceType: controls.joystick!.type }))
  const slotOutputs = (player: number, slot: number) => outputsOf(panel, (o) => o.slot === slot && (o.player === undefined || o.player === player))
  return {
    Id: panel.panelKey,
    SourceFile: panel.file,
    Scope: panel.scope,
    SystemId: panel.systemId,
    Rom: panel.rom ?? '',
    ActiveLayoutId: panel.activeLayout.id,
    ActiveLayoutType: shape.type,
    ActiveLayoutName: shape.name,
    Slots: controls.slots.map((c, i) => ({
      Slot: c.slot, Player: c.player, Function: c.function, Label: c.label, Color: c.color, Inputs: [slotInputs[i]], Outputs: slotOutputs(c.player, c.slot)
    })),
    SystemInputs: systemInputs,
    ControlMap: {
      Inputs: [...slotInputs, ...systemInputs, ...devices],
      Outputs: outputsOf(panel, () => true)
    }
  }
}

/** `ActiveLayout` of panel.state: the layout as the file declares it. */
export function activeLayoutPayload (panel: ResolvedPanel) {
  const shape = layoutShape(panel.activeLayout)
  return { Id: panel.activeLayout.id, Type: shape.type, Name: shape.name, PanelButtons: shape.buttons, Scope: panel.scope }
}
