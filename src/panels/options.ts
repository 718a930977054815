/** The cabinet's control panel and how its buttons are wired. */
import { Type } from 'typebox'
import { systemInputs } from './system-inputs.js'
import { option, type ConfigOf } from '../core/options.js'

export const panelOptions = {
  panelPlayerCount: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 6 }), default: 2, flag: 'panel-players', description: 'Player panels on the cabinet (the frontend setting global.apiexpose.control_manager.player_count wins).' }),
  panelButtonsPerPlayer: option({ kind: 'integer', schema: Type.Integer({ minimum: 0, maximum: 12 }), default: 6, flag: 'panel-buttons', description: 'Buttons on each player panel (global.apiexpose.control_manager.buttons_per_player wins); also the layout asked for when the frontend names none.' }),
  panelPeripherals: option({ kind: 'list', schema: Type.Array(Type.String({ minLength: 1 })), default: ['arcade-joystick'], flag: 'panel-peripherals', description: 'Controls besides the buttons: arcade-joystick, analog-joystick, rotary-joystick, spinner, trackball, lightgun, wheel, pedals, dance-mat (comma separated).' }),
  panelButtonRows: option({ kind: 'string', schema: Type.Union([Type.String({ pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*(\\s*;\\s*\\d+(\\s*,\\s*\\d+)*)*\\s*$' }), Type.Null()]), default: null, flag: 'panel-rows', description: 'Slots of each button row, top row first, rows separated by ";" (for example "1,2,3;4,5,6"); default two rows, the top one holding the odd button.' }),
  panelEvdevDevices: option({ kind: 'list', schema: Type.Array(Type.String({ minLength: 1 })), default: [], flag: 'panel-evdev', description: 'Linux input devices (/dev/input/event*) or FIFOs read for panel presses (comma separated).' }),
  panelInputMap: option({ kind: 'list', schema: Type.Array(Type.String({ pattern: `^\\d+=(\\d+:\\d+|(${systemInputs.join('|')}):\\d+)$` })), default: [], flag: 'panel-input-map', description: `Cabinet wiring: evdev key or button code = player:slot or ${systemInputs.join('|')}:player (for example "29=1:1,2=START:1,103=UP:1"); replaces the built-in keyboard-encoder and gamepad map.` })
} as const

export type PanelsConfig = ConfigOf<typeof panelOptions>
