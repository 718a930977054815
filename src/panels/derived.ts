/**
 * Panels for games no dynpanels file covers: an arcade game's from what MAME says of its machine
 * (players, buttons, its stick or trackball, dial, lightgun), a console game's from the built-in
 * pad of its system, laid out on the cabinet's slots. The drawing and projection code treats them
 * as any panel file.
 */
import { arcadeSystems, type MachineInfo } from '../roms/index.js'
import type { CabinetConfig } from './cabinet.js'
import { consolePadLayout } from './console-pads.js'
import type { PanelButtonResource, PanelLayoutResource, PanelResource } from './resource-schema.js'

/** The RetroPad button each cabinet slot reaches with the shipped wiring (domain-notes §5.4). */
const slotControllers = ['b', 'a', 'y', 'x', 'l2', 'r2', 'l', 'r']
const arcadeInputs: PanelLayoutResource['systemInputs'] = [{ input: 'START', color: 'White' }, { input: 'COIN', color: 'Yellow' }]

export interface DerivedPanel {
  /** `derived:<what it came from>`, reported as the panel file. */
  readonly file: string
  readonly scope: 'game' | 'system'
  readonly resource: PanelResource
}

export function isArcadeSystem (systemId: string): boolean {
  return arcadeSystems.has(systemId.toLowerCase())
}

/**
 * MAME's control of a machine as the panel's device: `joy8way`, `joy4way`, `analog`, `trackball`,
 * `dial`, `lightgun` ... A trackball, dial, gun or the like wins over a joystick listed beside it
 * (Centipede lists its joystick first; its panel is the trackball).
 */
function deviceType (machine: MachineInfo): string | null {
  const players = machine.controls.filter((c) => c.player === null || c.player === 1)
  const control = players.find((c) => c.type !== 'joy' && c.type !== 'doublejoy') ?? players[0]
  if (control === undefined) return null
  if (control.type === 'joy') return `joy${/^\d+$/.test(control.ways ?? '') ? control.ways! : control.ways === 'vertical2' ? '2' : '8'}way`
  if (control.type === 'stick') return 'analog'
  return control.type
}

function numberedButtons (count: number, player?: number): PanelButtonResource[] {
  return Array.from({ length: count }, (_, i) => ({
    slot: i + 1,
    function: `Button ${i + 1}`,
    gameButton: player === undefined ? `BUTTON${i + 1}` : `P${player}_BUTTON${i + 1}`,
    ...(slotControllers[i] === undefined ? {} : { controller: slotControllers[i] }),
    ...(player === undefined ? {} : { player })
  }))
}

function arcadeResource (systemId: string, rom: string | null, layout: PanelLayoutResource): PanelResource {
  return { system: systemId, ...(rom === null ? {} : { rom }), emulator: 'mame', layouts: [layout] }
}

/** A machine's panel: its buttons on slots 1..n, for its own players only when it has fewer than the cabinet. */
export function machinePanel (systemId: string, rom: string, machine: MachineInfo, cabinet: CabinetConfig): DerivedPanel {
  const device = deviceType(machine)
  const players = machine.players > 0 && machine.players < cabinet.playerCount ? machine.players : null
  const buttons = players === null ? numberedButtons(machine.buttons) : Array.from({ length: players }, (_, p) => numberedButtons(machine.buttons, p + 1)).flat()
  const layout: PanelLayoutResource = { id: `${machine.buttons}-Button`, ...(device === null ? {} : { joystick: { type: device, color: 'Red' } }), buttons, systemInputs: arcadeInputs }
  return { file: `derived:mame/${machine.name}`, scope: 'game', resource: arcadeResource(systemId, rom, layout) }
}

/** Every slot of the cabinet numbered, under an 8-way stick: an arcade game MAME cannot tell about. */
export function genericArcadePanel (systemId: string, cabinet: CabinetConfig): DerivedPanel {
  const layout: PanelLayoutResource = { id: `${cabinet.buttonsPerPlayer}-Button`, joystick: { type: 'joy8way', color: 'Red' }, buttons: numberedButtons(cabinet.buttonsPerPlayer), systemInputs: arcadeInputs }
  return { file: 'derived:arcade', scope: 'system', resource: arcadeResource(systemId, null, layout) }
}

export function consolePanel (systemId: string): DerivedPanel | null {
  const layout = consolePadLayout(systemId)
  return layout === null ? null : { file: `derived:pad/${systemId.toLowerCase()}`, scope: 'system', resource: { system: systemId, emulator: 'libretro', layouts: [layout] } }
}
