/**
 * The pads of the common consoles, for systems without a panel file: each pad's buttons in the
 * order they go onto the cabinet's slots (top row first, as a player reaches them), with the
 * RetroPad button each one is in the libretro cores, the stick and the system inputs.
 */
import type { PanelLayoutResource, SystemInputName } from './resource-schema.js'

interface Pad {
  readonly joystick: string
  /** [function, RetroPad button, colour] by slot. */
  readonly buttons: ReadonlyArray<readonly [string, string, string?]>
  readonly inputs: readonly SystemInputName[]
}

const startSelect: readonly SystemInputName[] = ['START', 'SELECT']
const startOnly: readonly SystemInputName[] = ['START']

const pads: Readonly<Record<string, Pad>> = {
  nes: { joystick: 'joy8way', buttons: [['B', 'b', 'Red'], ['A', 'a', 'Red']], inputs: startSelect },
  snes: { joystick: 'joy8way', buttons: [['Y', 'y', 'Green'], ['X', 'x', 'Blue'], ['L', 'l', 'Gray'], ['B', 'b', 'Yellow'], ['A', 'a', 'Red'], ['R', 'r', 'Gray']], inputs: startSelect },
  megadrive: { joystick: 'joy8way', buttons: [['X', 'l'], ['Y', 'x'], ['Z', 'r'], ['A', 'y'], ['B', 'b'], ['C', 'a']], inputs: startOnly },
  mastersystem: { joystick: 'joy8way', buttons: [['1', 'b'], ['2', 'a']], inputs: startOnly },
  gb: { joystick: 'joy8way', buttons: [['B', 'b', 'Purple'], ['A', 'a', 'Purple']], inputs: startSelect },
  gba: { joystick: 'joy8way', buttons: [['L', 'l', 'Gray'], ['R', 'r', 'Gray'], ['B', 'b'], ['A', 'a']], inputs: startSelect },
  n64: { joystick: 'analog', buttons: [['B', 'y', 'Green'], ['A', 'b', 'Blue'], ['Z', 'l2', 'Gray'], ['C', 'x', 'Yellow'], ['L', 'l', 'Gray'], ['R', 'r', 'Gray']], inputs: startOnly },
  psx: { joystick: 'joy8way', buttons: [['Square', 'y', 'Pink'], ['Triangle', 'x', 'Green'], ['L1', 'l', 'Gray'], ['Cross', 'b', 'Blue'], ['Circle', 'a', 'Red'], ['R1', 'r', 'Gray'], ['L2', 'l2', 'Gray'], ['R2', 'r2', 'Gray']], inputs: startSelect },
  pcengine: { joystick: 'joy8way', buttons: [['II', 'b', 'Gray'], ['I', 'a', 'Gray']], inputs: startSelect },
  neogeo: { joystick: 'joy8way', buttons: [['A', 'b', 'Red'], ['B', 'a', 'Yellow'], ['C', 'y', 'Green'], ['D', 'x', 'Blue']], inputs: ['START', 'SELECT', 'COIN'] },
  atari2600: { joystick: 'joy8way', buttons: [['Fire', 'b', 'Red']], inputs: ['SELECT', 'START'] },
  saturn: { joystick: 'joy8way', buttons: [['X', 'x'], ['Y', 'y'], ['Z', 'l'], ['A', 'b'], ['B', 'a'], ['C', 'r'], ['L', 'l2'], ['R', 'r2']], inputs: startOnly },
  dreamcast: { joystick: 'analog', buttons: [['X', 'y', 'Blue'], ['Y', 'x', 'Green'], ['L', 'l2', 'Gray'], ['A', 'b', 'Red'], ['B', 'a', 'Yellow'], ['R', 'r2', 'Gray']], inputs: startOnly },
  ps2: { joystick: 'analog', buttons: [['Square', 'y', 'Pink'], ['Triangle', 'x', 'Green'], ['L1', 'l', 'Gray'], ['Cross', 'b', 'Blue'], ['Circle', 'a', 'Red'], ['R1', 'r', 'Gray'], ['L2', 'l2', 'Gray'], ['R2', 'r2', 'Gray']], inputs: startSelect },
  gamecube: { joystick: 'analog', buttons: [['B', 'y', 'Red'], ['Y', 'x', 'Gray'], ['Z', 'r', 'Purple'], ['A', 'b', 'Green'], ['X', 'a', 'Gray'], ['L', 'l2', 'Gray'], ['R', 'r2', 'Gray']], inputs: startOnly },
  wii: { joystick: 'analog', buttons: [['B', 'y'], ['1', 'x'], ['Z', 'l2'], ['A', 'b'], ['2', 'a'], ['C', 'l']], inputs: ['START', 'SELECT'] }
}

/** Frontend ids that are another name (or a sibling) of a pad above. */
const aliases: Readonly<Record<string, string>> = {
  genesis: 'megadrive', sega32x: 'megadrive', segacd: 'megadrive', megacd: 'megadrive', famicom: 'nes', fds: 'nes', sfc: 'snes', superfamicom: 'snes', satellaview: 'snes',
  gbc: 'gb', gamegear: 'mastersystem', sg1000: 'mastersystem', tg16: 'pcengine', turbografx16: 'pcengine', pcenginecd: 'pcengine', tg16cd: 'pcengine', supergrafx: 'pcengine',
  ps1: 'psx', playstation: 'psx', ngc: 'gamecube', gc: 'gamecube', neogeocd: 'neogeo', atari7800: 'atari2600'
}

/** The pad of a console system as a panel layout, or null when the table has no pad for it. */
export function consolePadLayout (systemId: string): PanelLayoutResource | null {
  const id = systemId.toLowerCase()
  const pad = pads[aliases[id] ?? id]
  if (pad === undefined) return null
  return {
    id: `${pad.buttons.length}-Button`,
    joystick: { type: pad.joystick, color: 'Black' },
    buttons: pad.buttons.map(([fn, controller, color], i) => ({ slot: i + 1, function: fn, controller, ...(color === undefined ? {} : { color }) })),
    systemInputs: pad.inputs.map((input) => ({ input }))
  }
}
