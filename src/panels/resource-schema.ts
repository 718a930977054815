/**
 * The panel resource format (`<data-dir>/resources/dynpanels/{systems,games,cores}/<name>.json`).
 * The TypeBox schema is the documentation: it becomes the JSON Schema served at
 * `GET /api/v1/panels/schema`, and every file is validated against it on load.
 */
import { Type, type Static } from 'typebox'

const color = Type.String({ description: 'CSS colour of the button cap or joystick ball, for example `#d62828` or `red`.', maxLength: 40 })
const slot = Type.Integer({ minimum: 1, maximum: 12, description: 'Physical panel slot, numbered left to right, top row first.' })
const player = Type.Integer({ minimum: 1, maximum: 6, description: 'Player panel; omitted means every player panel.' })

export const SystemInputName = Type.Union([Type.Literal('START'), Type.Literal('SELECT'), Type.Literal('COIN')], { description: 'A system input, wired outside the numbered slots.' })
export type SystemInputName = Static<typeof SystemInputName>

export const PanelButtonResource = Type.Object({
  slot,
  player: Type.Optional(player),
  function: Type.String({ description: 'What the button does in the game, for example `Jump` or `Heavy Punch`.' }),
  label: Type.Optional(Type.String({ description: 'Short text printed on or beside the button; defaults to the function.' })),
  color: Type.Optional(color),
  gameButton: Type.Optional(Type.String({ description: 'The game\'s own name of the button (MAME `P1_BUTTON1`, console `B`).' })),
  controller: Type.Optional(Type.String({ description: 'The RetroPad button this slot reaches (`b`, `a`, `y`, `x`, `l`, `r`, `l2`, `r2`).' }))
}, { additionalProperties: false })

const PanelSystemInputResource = Type.Object({
  input: SystemInputName,
  player: Type.Optional(player),
  label: Type.Optional(Type.String()),
  color: Type.Optional(color)
}, { additionalProperties: false })

const PanelOutputResource = Type.Object({
  id: Type.String({ minLength: 1, description: 'Lamp id, unique in the layout.' }),
  name: Type.Optional(Type.String({ description: 'Output name as the emulator reports it (MAME `led0`).' })),
  player: Type.Optional(player),
  slot: Type.Optional(slot),
  systemInput: Type.Optional(SystemInputName),
  color: Type.Optional(color)
}, { additionalProperties: false, description: 'A lamp tied to the input it sits in: a slot (with player) or a system input.' })

export const PanelLayoutResource = Type.Object({
  id: Type.String({ minLength: 1, description: '`<N>-Button` or `<N>-Button:<name>`, for example `6-Button` or `4-Button:Neo Geo`.' }),
  name: Type.Optional(Type.String({ description: 'Display name; defaults to the part of the id after `:`.' })),
  joystick: Type.Optional(Type.Object({
    type: Type.String({ description: '`joy8way`, `joy4way`, `joy2way`, `analog`, `spinner`, `trackball`, `lightgun` ...' }),
    color: Type.Optional(color)
  }, { additionalProperties: false })),
  buttons: Type.Array(PanelButtonResource, { description: 'Buttons by slot; a button without `player` is on every player panel.' }),
  systemInputs: Type.Optional(Type.Array(PanelSystemInputResource)),
  outputs: Type.Optional(Type.Array(PanelOutputResource))
}, { additionalProperties: false })

export const PanelResource = Type.Object({
  $schema: Type.Optional(Type.String()),
  system: Type.Optional(Type.String({ minLength: 1, description: 'Frontend system id. Required in `systems/`; in `games/` the system the game belongs to.' })),
  rom: Type.Optional(Type.String({ minLength: 1, description: 'Rom file stem (games/ only).' })),
  core: Type.Optional(Type.String({ minLength: 1, description: 'Emulator core (cores/ only).' })),
  emulator: Type.Optional(Type.String({ description: 'Emulator the panel is made for, reported as `Emulator`.' })),
  layouts: Type.Array(PanelLayoutResource, { minItems: 1 })
}, {
  $id: 'https://cabinet-hub.local/schemas/dynpanel.json',
  title: 'cabinet-hub control panel resource',
  description: 'One file of resources/dynpanels: systems/<system>.json, games/<rom>.json or cores/<core>.json.',
  additionalProperties: false
})

export type PanelResource = Static<typeof PanelResource>
export type PanelLayoutResource = Static<typeof PanelLayoutResource>
export type PanelButtonResource = Static<typeof PanelButtonResource>
