/** REST shapes of the Control Panel Manager (camelCase). */
import { Type } from 'typebox'
import { systemInputs } from './system-inputs.js'
import type { CodedBodyRule } from '../core/validation.js'

const exampleSlots = [
  { player: 1, slot: 1, function: 'Light Punch', label: 'LP', color: 'Blue', gameButton: 'P1_BUTTON1', controller: 'y' },
  { player: 1, slot: 2, function: 'Medium Punch', label: 'MP', color: 'Blue', gameButton: 'P1_BUTTON2', controller: 'x' }
]

const PanelSlotView = Type.Object({
  player: Type.Integer(),
  slot: Type.Integer(),
  function: Type.String({ description: 'Empty when the layout does not use the slot.' }),
  label: Type.String(),
  color: Type.String(),
  gameButton: Type.String(),
  controller: Type.String()
})

export const PanelView = Type.Object({
  source: Type.String({ description: '`resources/dynpanels` for a panel file; `derived` for a panel built from MAME\'s machine data or the built-in console pads when no file covers the game.' }),
  scope: Type.Union([Type.Literal('game'), Type.Literal('system')]),
  systemId: Type.String(),
  rom: Type.Union([Type.String(), Type.Null()]),
  panelKey: Type.String(),
  panelFile: Type.String(),
  emulator: Type.String(),
  layoutIds: Type.Array(Type.String()),
  defaultLayoutId: Type.String(),
  requestedLayout: Type.Union([Type.String(), Type.Null()]),
  activeLayoutId: Type.String(),
  activeLayoutSource: Type.Union([Type.Literal('request'), Type.Literal('best-fit'), Type.Literal('fallback')], { description: '`request`: the layout asked for; `best-fit`: the file lacks it and the closest with fewer buttons stands in; `fallback`: nothing asked for or nothing fits, the file\'s default.' }),
  activeLayoutReason: Type.String({ description: 'How the layout was chosen, naming both the one asked for and the one used when they differ.' }),
  joystick: Type.Union([Type.Object({ type: Type.String(), color: Type.String() }), Type.Null()]),
  slots: Type.Array(PanelSlotView),
  systemInputs: Type.Array(Type.Object({ player: Type.Integer(), input: Type.String(), label: Type.String(), color: Type.String() }))
}, {
  description: 'The resolved panel: file, layout chosen and every player slot on this cabinet.',
  examples: [{
    source: 'resources/dynpanels',
    scope: 'game',
    systemId: 'mame',
    rom: 'sf2',
    panelKey: '3f9a0c4e1b2d7a6c5e8f9012',
    panelFile: '/home/cab/.local/share/cabinet-hub/resources/dynpanels/games/sf2.json',
    emulator: 'mame',
    layoutIds: ['6-Button'],
    defaultLayoutId: '6-Button',
    requestedLayout: '6-Button',
    activeLayoutId: '6-Button',
    activeLayoutSource: 'request',
    activeLayoutReason: '6-Button asked for',
    joystick: { type: 'joy8way', color: 'Red' },
    slots: exampleSlots,
    systemInputs: [{ player: 1, input: 'START', label: '1P Start', color: 'White' }]
  }]
})

export const LayoutQuery = Type.Object({
  activeLayout: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Layout to use instead of the one the frontend settings ask for.' }))
}, { additionalProperties: false })

export const SystemParams = Type.Object({ system: Type.String({ minLength: 1, maxLength: 64 }) })
export const GameParams = Type.Object({ system: Type.String({ minLength: 1, maxLength: 64 }), rom: Type.String({ minLength: 1, maxLength: 255 }) })

export const CabinetView = Type.Object({
  playerCount: Type.Integer(),
  buttonsPerPlayer: Type.Integer(),
  peripherals: Type.Array(Type.String()),
  rows: Type.Array(Type.Array(Type.Integer()), { description: 'Slots of each button row, top row first.' }),
  source: Type.Union([Type.Literal('config'), Type.Literal('es_settings')])
}, { examples: [{ playerCount: 2, buttonsPerPlayer: 6, peripherals: ['arcade-joystick'], rows: [[1, 2, 3], [4, 5, 6]], source: 'config' }] })

export const ResourceSchemaResponse = Type.Object({}, {
  additionalProperties: true,
  description: 'JSON Schema (draft 2020-12) of a panel resource file.',
  examples: [{ title: 'cabinet-hub control panel resource', type: 'object' }]
})

export const oneInputRule: CodedBodyRule = { schemaPath: '#/oneOf', code: 'INVALID_INPUT', message: `Name exactly one of slot (1-12) or system (${systemInputs.join(', ')})` }

export const InputBody = Type.Object({
  player: Type.Integer({ minimum: 1, maximum: 6 }),
  slot: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
  system: Type.Optional(Type.Union(systemInputs.map((input) => Type.Literal(input)), { description: 'An input that is not a numbered slot; UP, DOWN, LEFT, RIGHT (the joystick), OK and BACK move the frontend\'s cursor outside a game.' })),
  pressed: Type.Boolean()
}, {
  additionalProperties: false,
  oneOf: [{ required: ['slot'] }, { required: ['system'] }],
  description: 'Exactly one of slot or system; neither or both answers 400 INVALID_INPUT.',
  examples: [{ player: 1, slot: 3, pressed: true }, { player: 1, system: 'START', pressed: false }]
})

export const InputResponse = Type.Object({
  type: Type.String(),
  player: Type.Integer(),
  slot: Type.Integer({ description: '0 for a system input.' }),
  function: Type.String(),
  systemInput: Type.String()
}, { examples: [{ type: 'panel.input.pressed', player: 1, slot: 3, function: 'Heavy Punch', systemInput: '' }] })

export const PreviewResponse = Type.Object({
  ok: Type.Boolean(),
  type: Type.Literal('panel.state'),
  stream: Type.Literal('panel'),
  panelKey: Type.String()
}, { examples: [{ ok: true, type: 'panel.state', stream: 'panel', panelKey: '0b1c2d3e4f5a6b7c8d9e0f1a' }] })

export const ArtParams = Type.Object({ file: Type.String({ maxLength: 100 }) })

export const SvgResponse = Type.String({ description: 'The SVG document (image/svg+xml).' })
