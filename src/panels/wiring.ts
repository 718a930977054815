/**
 * The cabinet wiring: which evdev key or button code is which player's slot or system input.
 * Built in: the usual keyboard-encoder map (I-PAC / MAME defaults) and a gamepad's buttons as
 * player 1; `panelInputMap` replaces both.
 */
import type { PanelPress } from './service.js'
import type { SystemInput } from './system-inputs.js'

/**
 * Player 1 and 2 joysticks, slots 1-8, START and COIN, as keyboard encoders ship them (MAME's
 * default keys: the arrows for player 1's stick, R F D G for player 2's), and Enter and Esc, MAME's
 * and the frontend's OK and back.
 */
const keyboardEncoder: Readonly<Record<number, string>> = {
  103: 'UP:1', 108: 'DOWN:1', 105: 'LEFT:1', 106: 'RIGHT:1',
  29: '1:1', 56: '1:2', 57: '1:3', 42: '1:4', 44: '1:5', 45: '1:6', 46: '1:7', 47: '1:8', 2: 'START:1', 6: 'COIN:1',
  19: 'UP:2', 33: 'DOWN:2', 32: 'LEFT:2', 34: 'RIGHT:2',
  30: '2:1', 31: '2:2', 16: '2:3', 17: '2:4', 23: '2:5', 37: '2:6', 36: '2:7', 38: '2:8', 3: 'START:2', 7: 'COIN:2',
  28: 'OK:1', 1: 'BACK:1'
}

/** Linux BTN_SOUTH..BTN_THUMBR of a gamepad or USB encoder, in RetroPad order b a y x l2 r2 l r. */
const gamepad: Readonly<Record<number, string>> = {
  304: '1:1', 305: '1:2', 308: '1:3', 307: '1:4', 312: '1:5', 313: '1:6', 310: '1:7', 311: '1:8', 314: 'SELECT:1', 315: 'START:1'
}

function press (target: string): PanelPress {
  const [left = '', right = ''] = target.split(':')
  const player = Number(right)
  return /^\d+$/.test(left) ? { player: Number(left), slot: player } : { player, systemInput: left as SystemInput }
}

export class CabinetWiring {
  readonly #map: ReadonlyMap<number, PanelPress>

  /** `entries` are `code=player:slot` or `code=<system input>:player` (START, UP, OK ...); empty means the built-in map. */
  constructor (entries: readonly string[]) {
    const pairs = entries.length > 0
      ? entries.map((entry) => entry.split('=') as [string, string])
      : Object.entries({ ...keyboardEncoder, ...gamepad })
    this.#map = new Map(pairs.map(([code, target]) => [Number(code), press(target)]))
  }

  /** The slot or system input wired to a code; null for codes the cabinet does not use. */
  resolve (code: number): PanelPress | null {
    return this.#map.get(code) ?? null
  }

  get size (): number {
    return this.#map.size
  }
}
