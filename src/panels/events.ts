/** The events of the control panels: configuration, resolved panel state, settings and inputs. */
import { Type } from 'typebox'
import { systemInputs } from './system-inputs.js'
import { byType, define, int, open, str, type EventMap } from '../core/events/definition.js'
import type { EventPayload } from '../core/envelope.js'
import { selectionFields } from '../frontend/index.js'

const panelConfigFields = {
  Cabinet: Type.Object({
    PlayerCount: int('Player panels.'),
    ButtonsPerPlayer: int('Buttons on each player panel.'),
    Peripherals: Type.Array(Type.String(), { description: 'arcade-joystick, analog-joystick, spinner, trackball, lightgun ...' }),
    ArcadeJoystick: Type.Boolean(),
    AnalogJoystick: Type.Boolean()
  }),
  Layout: Type.Object({ Rows: Type.Array(Type.Array(Type.Integer()), { description: 'Slots of each button row, top row first.' }) }),
  Source: str('`config` or `es_settings`.')
}
const panelInputFields = {
  Player: int('Player panel.'),
  Slot: int('Panel slot; 0 for a system input.'),
  Function: str('What the button does in the current panel (empty when unused); the input name for a system input.'),
  System: Type.Boolean({ description: 'true for an input that is not a numbered slot (SystemInput).' }),
  SystemInput: str(`${systemInputs.join(', ')} (UP ... RIGHT: the joystick; OK and BACK: Enter and Esc); empty for a slot.`)
}
const panelDrawing = Type.Object({
  Url: str('Where the service serves the SVG (`/api/v1/media/panels/...`).'),
  Path: str('The SVG file on disk.'),
  PathRoot: str('The media folder Path is under.'),
  Width: Type.Number(),
  Height: Type.Number(),
  Buttons: Type.Array(Type.Object({ Slot: Type.Integer(), Player: Type.Integer(), Cx: Type.Number(), Cy: Type.Number(), R: Type.Number() }), { description: 'Each button is a <circle> with exactly these cx, cy, r in the drawing\'s coordinates.' })
})
const panelStateFields = {
  ...selectionFields,
  SnapshotVersion: int('Shape version.'),
  Source: str('Where the panel came from: `resources/dynpanels` (a panel file, which always wins) or `derived` (MAME machine data, the built-in console pads).'),
  Trigger: str('The event that caused it: ui.system.selected, ui.game.selected, ui.game.started, panel.preview; `machine.data` when MAME\'s answer for the current game arrived after it.'),
  Emulator: str('Emulator the panel file names.'),
  Scope: str('`game` or `system`.'),
  PanelKey: str('Identity of the resolved panel; unchanged key means unchanged panel.'),
  Preview: Type.Boolean({ description: 'true on a designer preview (POST /api/v1/panels/preview), which is not retained; absent otherwise.' }),
  PanelFile: str('The resource file used; `derived:mame/<machine>`, `derived:pad/<system>` or `derived:arcade` for a derived panel.'),
  CorePanelFile: str('The cores/ file of the system\'s configured core (`<system>.core` in the frontend settings), reported beside the panel; empty when none.'),
  DefaultLayoutId: str('The file\'s default layout.'),
  RequestedLayout: str('The layout the frontend settings (or buttons per player) asked for.'),
  ActiveLayoutId: str('Layout id, for example `6-Button`.'),
  ActiveLayoutSource: str('`request` (the layout asked for), `best-fit` (the file lacks it; the closest with fewer buttons stands in) or `fallback` (nothing asked for or nothing fits: the file\'s default).'),
  ActiveLayoutReason: str('How the layout was chosen, naming both the one asked for and the one used when they differ.'),
  ActiveLayout: Type.Object({ Id: Type.String(), Type: Type.String(), Name: Type.String(), PanelButtons: Type.Integer(), Scope: Type.String() }),
  ActivePanel: Type.Object({
    Id: Type.String(),
    SourceFile: Type.String(),
    Slots: Type.Array(Type.Object({ Slot: Type.Integer(), Player: Type.Integer(), Function: Type.String(), Label: Type.String(), Color: Type.String(), Inputs: Type.Array(Type.Object({}, { additionalProperties: true })), Outputs: Type.Array(Type.Object({}, { additionalProperties: true })) }, { additionalProperties: true })),
    ControlMap: Type.Object({ Inputs: Type.Array(Type.Object({}, { additionalProperties: true })), Outputs: Type.Array(Type.Object({}, { additionalProperties: true })) })
  }, { additionalProperties: true, description: 'Every player slot of the cabinet (unused ones with an empty Function and colour Black), system inputs, joystick, lamps.' }),
  Svg: Type.Object({ Top: panelDrawing, Front: panelDrawing }, { description: 'Top and 3D front drawings with button geometry.' })
}
const panelInputExample = { Id: 'P1_SLOT1', Kind: 'button', Player: 1, Slot: 1, Label: 'LP', Function: 'Light Punch', Color: 'Blue', GameButton: 'BUTTON1', Controller: 'y', DeviceType: '' }
const panelDrawingExample = (view: string, height: number, button: { Cx: number, Cy: number, R: number }) => ({
  Url: `/api/v1/media/panels/3f9a0c4e1b2d7a6c5e8f9012-${view}.svg`,
  Path: `/home/cab/.local/share/cabinet-hub/media/generated/panels/3f9a0c4e1b2d7a6c5e8f9012-${view}.svg`,
  PathRoot: '/home/cab/.local/share/cabinet-hub/media',
  Width: 720,
  Height: height,
  Buttons: [{ Slot: 1, Player: 1, ...button }]
})
const panelStateExample: EventPayload = {
  SnapshotVersion: 2,
  Source: 'resources/dynpanels',
  Trigger: 'ui.game.started',
  Sequence: 43,
  SelectionKey: 'mame|sf2',
  Emulator: 'mame',
  SystemId: 'mame',
  Rom: 'sf2',
  Scope: 'game',
  PanelKey: '3f9a0c4e1b2d7a6c5e8f9012',
  PanelFile: '/home/cab/.local/share/cabinet-hub/resources/dynpanels/games/sf2.json',
  CorePanelFile: '',
  DefaultLayoutId: '6-Button',
  RequestedLayout: '6-Button',
  ActiveLayoutId: '6-Button',
  ActiveLayoutSource: 'request',
  ActiveLayoutReason: '6-Button asked for',
  ActiveLayout: { Id: '6-Button', Type: '6-Button', Name: 'Street Fighter', PanelButtons: 6, Scope: 'game' },
  ActivePanel: {
    Id: '3f9a0c4e1b2d7a6c5e8f9012',
    SourceFile: '/home/cab/.local/share/cabinet-hub/resources/dynpanels/games/sf2.json',
    Slots: [{ Slot: 1, Player: 1, Function: 'Light Punch', Label: 'LP', Color: 'Blue', Inputs: [panelInputExample], Outputs: [] }],
    ControlMap: { Inputs: [panelInputExample], Outputs: [] }
  },
  Svg: { Top: panelDrawingExample('top', 240, { Cx: 150, Cy: 80, R: 22 }), Front: panelDrawingExample('front', 340, { Cx: 210.72, Cy: 101.5, R: 17.16 }) }
}

export const panelEvents = [
  define('panel.config.changed', 'Cabinet configuration: player panels, buttons, peripherals, rows (retained).', open(panelConfigFields, 'panel configuration'), {
    coalesceKey: byType('panel.config.changed'),
    retainSlot: 'panel.config.changed',
    example: { Cabinet: { PlayerCount: 2, ButtonsPerPlayer: 6, Peripherals: ['arcade-joystick'], ArcadeJoystick: true, AnalogJoystick: false }, Layout: { Rows: [[1, 2, 3], [4, 5, 6]] }, Source: 'config' }
  }),
  define('panel.state', 'Resolved control panel for the current context, keyed by SelectionKey (retained); a designer preview is the same shape with `Preview: true`, not retained.', open(panelStateFields, 'panel state'), {
    coalesceKey: byType('panel.state'),
    retainSlot: 'panel.state',
    example: panelStateExample
  }),
  define('cpo.panel.config.selected', 'The panel configuration picked alongside a panel.state (same payload).', open(panelStateFields, 'panel selection'), { coalesceKey: byType('cpo.panel.config.selected'), example: panelStateExample }),
  define('panel.settings.changed', 'Panel-related frontend settings changed.', open({ Source: str('`es_settings.cfg`.'), ChangedKeys: Type.Array(Type.String()), PublishedAtUtc: Type.String({ format: 'date-time', description: 'When the change was noticed.' }) }, 'panel settings')),
  define('panel.input.pressed', 'A physical control was pressed (never coalesced).', open(panelInputFields, 'panel input'), { example: { Player: 1, Slot: 3, Function: 'Heavy Punch', System: false, SystemInput: '' } }),
  define('panel.input.released', 'A physical control was released (never coalesced).', open(panelInputFields, 'panel input'), { example: { Player: 1, Slot: 0, Function: 'START', System: true, SystemInput: 'START' } })
]

/** Event type -> payload type of the panel events. */
export type PanelEvents = EventMap<typeof panelEvents>
