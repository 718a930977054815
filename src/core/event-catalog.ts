/**
 * What the service knows about each event type: its payload schema and example (for the AsyncAPI
 * document), whether the last one is retained for late joiners, and how snapshots coalesce.
 */
import { Type, type TSchema } from 'typebox'
import type { EventPayload } from './envelope.js'

export interface EventDefinition {
  readonly type: string
  readonly description: string
  readonly payload: TSchema
  readonly example: EventPayload | null
  /**
   * Snapshot events only: pending frames with the same key are replaced by the newest one, and an
   * event whose `Sequence` is lower than the last one published under the key is dropped.
   * Input, output and unlock events never have one.
   */
  readonly coalesceKey: ((payload: EventPayload) => string) | null
  /** Retained-store slot: the last event of the slot replays to every new client whose stream includes it. */
  readonly retainSlot: string | null
  /** Publishing this type empties the named slot (a session that ended must not replay). */
  readonly clearsSlot: string | null
}

const open = (properties: Record<string, TSchema>, description: string): TSchema =>
  Type.Object(Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, Type.Optional(v)])), { additionalProperties: true, description })

const str = (description: string): TSchema => Type.String({ description })
const int = (description: string): TSchema => Type.Integer({ description })
const selectionFields = {
  Sequence: int('Monotonic per process; a newer selection always has a higher number.'),
  SelectionKey: str('`<systemId>|<romId>`, or `<systemId>|` at system scope.'),
  SystemId: str('Frontend system id (for example `mame`, `snes`).'),
  Rom: str('Rom file stem.')
}

const hookFields = {
  EventName: str('The hook that caused the event.'),
  RawArgs: Type.Array(Type.String(), { description: 'Hook arguments as received.' }),
  Source: Type.Union([Type.Literal('http'), Type.Literal('events.ini'), Type.Literal('spool')], { description: 'The door the hook came through.' })
}
const gameFields = {
  ...hookFields,
  ...selectionFields,
  System: str('Same as SystemId.'),
  GamePath: str('Rom path as the frontend passed it.'),
  GameName: str('Display name.'),
  Selection: Type.Object({}, { additionalProperties: true, description: 'SystemId, GameId, GamePath, GameName, Name and gamelist fields.' }),
  Context: Type.Object({}, { additionalProperties: true, description: 'Frontend, State, SelectedSystem, Selected, Running.' })
}
const lifecycleFields = { Reason: str('`web-api-reachable`, `web-api-unreachable`, `start-hook` or `quit-hook`.'), EsUrl: str('Frontend web API.') }
const launchFields = { RomPath: str('Absolute rom path.'), GameId: Type.Union([Type.String(), Type.Null()]) }

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
  System: Type.Boolean({ description: 'true for START, SELECT and COIN.' }),
  SystemInput: str('START, SELECT or COIN; empty for a slot.')
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
  Source: str('Where the panel came from (`resources/dynpanels`).'),
  Trigger: str('The event that caused it: ui.system.selected, ui.game.selected, ui.game.started, panel.preview.'),
  Emulator: str('Emulator the panel file names.'),
  Scope: str('`game` or `system`.'),
  PanelKey: str('Identity of the resolved panel; unchanged key means unchanged panel.'),
  PanelFile: str('The resource file used.'),
  DefaultLayoutId: str('The file\'s default layout.'),
  RequestedLayout: str('The layout the frontend settings (or buttons per player) asked for.'),
  ActiveLayoutId: str('Layout id, for example `6-Button`.'),
  ActiveLayoutSource: str('`request` or `fallback`.'),
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
  DefaultLayoutId: '6-Button',
  RequestedLayout: '6-Button',
  ActiveLayoutId: '6-Button',
  ActiveLayoutSource: 'request',
  ActiveLayout: { Id: '6-Button', Type: '6-Button', Name: 'Street Fighter', PanelButtons: 6, Scope: 'game' },
  ActivePanel: {
    Id: '3f9a0c4e1b2d7a6c5e8f9012',
    SourceFile: '/home/cab/.local/share/cabinet-hub/resources/dynpanels/games/sf2.json',
    Slots: [{ Slot: 1, Player: 1, Function: 'Light Punch', Label: 'LP', Color: 'Blue', Inputs: [panelInputExample], Outputs: [] }],
    ControlMap: { Inputs: [panelInputExample], Outputs: [] }
  },
  Svg: { Top: panelDrawingExample('top', 240, { Cx: 150, Cy: 80, R: 22 }), Front: panelDrawingExample('front', 340, { Cx: 210.72, Cy: 101.5, R: 17.16 }) }
}

function gameExample (event: string): EventPayload {
  const game = { SystemId: 'mame', GameId: '5f1c1a0b2d7b9f3f1c6f0e1a2b3c4d5e', GamePath: '/home/cab/roms/mame/1943.zip', GameName: '1943: The Battle of Midway' }
  return {
    EventName: event,
    RawArgs: ['mame', game.GamePath, game.GameName],
    Source: 'http',
    Sequence: 42,
    SelectionKey: 'mame|1943',
    System: 'mame',
    SystemId: 'mame',
    Rom: '1943',
    GamePath: game.GamePath,
    GameName: game.GameName,
    Selection: { ...game, Name: game.GameName, Developer: 'Capcom', Publisher: 'Capcom', Releasedate: '19870101T000000' },
    Context: { Frontend: 'emulationstation', State: 'browsing', SelectedSystem: { Name: 'mame' }, Selected: game, Running: null }
  }
}

const byType = (payloadType: string) => () => payloadType
const field = (payload: EventPayload, name: string): string => String(payload[name] ?? '')

function define (type: string, description: string, payload: TSchema, extra: Partial<Omit<EventDefinition, 'type' | 'description' | 'payload'>> = {}): EventDefinition {
  return { type, description, payload, example: null, coalesceKey: null, retainSlot: null, clearsSlot: null, ...extra }
}

const snapshot = (type: string, surface: string): EventDefinition => define(type, `Full ${surface} snapshot of what the frontend shows (retained, latest Sequence wins).`, open({
  Sequence: int('The Sequence of the frontend event that selected the entry; a newer selection always has a higher number.'),
  SelectionKey: str('`<mediaSystem>|<gameSlug>`, or `<mediaSystem>|` at system scope.'),
  SnapshotVersion: int('Shape version of the snapshot (2).'),
  Stream: str('marquee, topper, instruction-card or screen.'),
  Scope: Type.Union([Type.Literal('system'), Type.Literal('game')]),
  Selection: Type.Object({}, { additionalProperties: true, description: 'Sequence, SelectionKey, Scope, SystemId, FrontendSystem, System (media system), Game (slug), GameId, GameName, Name, GamePath, Releasedate, Developer, Publisher, Genre, Genres, State (browsing or playing).' }),
  Media: Type.Object({}, { additionalProperties: true, description: 'Legacy named fields (Marquee, Fanart, Logo, Video, Topper ...): an asset or null; the game\'s file, else the system\'s, never for Video. Marquee only: Dmd is the DMD asset with Still, Generated (always null: nothing is generated) and Animations[], or null.' }),
  Assets: Type.Record(Type.String(), Type.Unknown(), { description: 'Canonical media kind -> asset the entry really owns.' }),
  SystemAssets: Type.Record(Type.String(), Type.Unknown(), { description: 'Game scope: the same table for the game\'s system.' }),
  Text: Type.Object({}, { additionalProperties: true, description: 'Topper and instruction card, game scope: Description, Genre, Players, Rating in the configured language (else the gamelist\'s), Language, Languages, and Fields (flat template fields: the gamelist\'s text tags with the localized ones over them).' }),
  Latency: Type.Object({
    Source: str('`projection`.'),
    Trigger: str('The event that put the entry on screen (ui.game.selected ...), or `media-changed`.'),
    Sequence: int('Same as the snapshot\'s.'),
    SelectionKey: str('Same as the snapshot\'s.'),
    ReceivedAtUtc: Type.String({ format: 'date-time', description: 'When the trigger reached the surfaces.' }),
    PublishedAtUtc: Type.String({ format: 'date-time', description: 'When this snapshot was published.' }),
    AgeMs: int('Published minus the trigger\'s own timestamp.'),
    ElapsedMs: int('Published minus received.')
  }, { description: 'How long the snapshot took, for latency tools.' }),
  Generation: Type.Object({ Marquee: str('`source-present`, `generated-present` or `disabled`.'), Dmd: str('`source-present` or `disabled`.') }, { description: 'Marquee only: whether the marquee and DMD come from real files; this service composes none.' }),
  Cards: Type.Array(Type.Unknown(), { description: 'Instruction card: ic, ic-1, ic-2 ... in order, each an asset with its Role.' }),
  Controls: Type.Unknown({ description: 'Instruction card: what each button does, when the control panels provide it.' })
}, `${surface} snapshot`), { coalesceKey: byType(type), retainSlot: type.replace(/\.updated$/, '') })

const assetFields = {
  Kind: str('Canonical media kind (marquee, wheel, box-3d, ic-1 ...).'),
  Url: str('Canonical `/api/v1/media/...` URL.'),
  Path: str('Absolute local path of the file.'),
  FileName: str('File name.'),
  Stem: str('File name without its extension.'),
  Extension: str('Lower-case extension without the dot.'),
  Length: int('Size in bytes.'),
  LastWriteTimeUtc: Type.String({ format: 'date-time', description: 'Last modification.' }),
  Origin: str('`user`, `local` (the store), `emulationstation` (gamelist), `downloaded` or `emulationstation-theme` (a system\'s logo or background from the active ES theme).')
}
const assetExample = {
  Kind: 'marquee',
  Url: '/api/v1/media/systems/arcade/games/1943/artwork/marquee/marquee.png',
  Path: '/home/cab/.local/share/cabinet-hub/media/systems/arcade/games/1943/artwork/marquee/marquee.png',
  FileName: 'marquee.png',
  Stem: 'marquee',
  Extension: 'png',
  Length: 48213,
  LastWriteTimeUtc: '2026-11-21T20:00:00.000Z',
  Origin: 'local'
}

const mediaAssetEvent = (type: string, description: string): EventDefinition => define(type, description, open({
  System: str('Media system id (mame -> arcade).'),
  Game: str('Game slug; empty for a system asset.'),
  Scope: Type.Union([Type.Literal('game'), Type.Literal('system')]),
  ...assetFields
}, 'media asset'), { example: { System: 'arcade', Game: '1943', Scope: 'game', ...assetExample } })

const runningGameFields = {
  SystemId: str('System of the running game (the frontend\'s id, else the emulator\'s).'),
  Rom: str('Rom of the running game (the frontend\'s rom stem, else the emulator\'s content name).')
}
const contentFields = {
  SystemId: str('System as the emulator reports it.'),
  ContentName: str('Content name as the emulator reports it.'),
  Crc32: str('Content CRC32 (lower-case hex).')
}
const nullableNumber = (description: string): TSchema => Type.Union([Type.Number(), Type.Null()], { description })

/** The events of one cabemu instance; the instance name is also their type prefix. */
function cabemuEvents (instance: string, which: string): EventDefinition[] {
  const session = { Source: str('Emulator instance.'), MachineName: str('Machine (rom) name.'), Port: int('Output server port.') }
  return [
    define(`${instance}.session.started`, `The ${which} arcade emulator instance started a machine.`, open(session, 'arcade session'), {
      example: { Source: instance, MachineName: 'pong', Port: 8000 }
    }),
    define(`${instance}.session.stopped`, `The ${which} arcade emulator instance stopped its machine, or its connection dropped.`, open({
      ...session,
      Reason: Type.Union([Type.Literal('stopped'), Type.Literal('disconnected')], { description: '`stopped`: the emulator said so; `disconnected`: the connection dropped mid-session.' })
    }, 'arcade session'), { example: { Source: instance, MachineName: 'pong', Port: 8000, Reason: 'stopped' } }),
    define(`${instance}.output.changed`, 'Arcade outputs (lamps ...) changed; one event per received change, in order, never coalesced or deduplicated.', open({
      ...session,
      Signals: Type.Array(Type.Object({ Key: Type.String(), Value: Type.Integer(), Ts: Type.String({ format: 'date-time' }) }))
    }, 'arcade outputs'), { example: { Source: instance, Port: 8000, MachineName: 'pong', Signals: [{ Key: 'lamp0', Value: 1, Ts: '2026-11-21T20:00:00.000Z' }] } })
  ]
}

export const eventCatalog: readonly EventDefinition[] = [
  define('ui.system.selected', 'The frontend selected a system; carries no rom fields.', open({
    ...hookFields,
    ...selectionFields,
    System: str('System id as the frontend names it.'),
    Selection: Type.Object({ SystemId: Type.String() }, { additionalProperties: true }),
    Context: Type.Object({}, { additionalProperties: true, description: 'Frontend, State and SelectedSystem only.' })
  }, 'system selection'), { coalesceKey: () => 'frontend.selection', example: { EventName: 'system-selected', RawArgs: ['mame'], Source: 'http', Sequence: 41, SelectionKey: 'mame|', System: 'mame', SystemId: 'mame', Selection: { SystemId: 'mame' }, Context: { Frontend: 'emulationstation', State: 'browsing', SelectedSystem: { Name: 'mame' } } } }),
  define('ui.game.selected', 'The frontend selected a game in a gamelist.', open(gameFields, 'game selection'), { coalesceKey: () => 'frontend.selection', example: gameExample('game-selected') }),
  define('ui.game.started', 'A game was launched; `Selection.LongName` is the rom short name.', open(gameFields, 'game start'), { example: gameExample('game-start') }),
  define('ui.game.ended', 'The running game ended (game fields describe the game that ended).', open(gameFields, 'game end')),
  define('ui.event', 'Any other frontend hook (screensaver, sleep, wake ...).', open({ ...hookFields, Context: Type.Object({}, { additionalProperties: true }) }, 'frontend event')),
  define('ui.frontend.started', 'The frontend came up: its web API started answering, or its start hook ran.', open(lifecycleFields, 'frontend lifecycle'), { example: { Reason: 'web-api-reachable', EsUrl: 'http://127.0.0.1:1234' } }),
  define('ui.frontend.stopped', 'The frontend went away: its web API stopped answering, or its quit hook ran.', open(lifecycleFields, 'frontend lifecycle')),
  define('esevent.events_refresh', 'Raw frontend hook, as received, whichever door it came through.', open({
    EventName: str('Hook name.'),
    Source: hookFields.Source,
    Sequence: int('Monotonic per accepted hook.'),
    RawArgs: Type.Array(Type.String()),
    ReceivedAtUtc: Type.String({ format: 'date-time' })
  }, 'raw hook'), { example: { EventName: 'game-selected', Source: 'spool', Sequence: 42, RawArgs: ['mame', '/home/cab/roms/mame/1943.zip', '1943: The Battle of Midway'], ReceivedAtUtc: '2026-11-21T20:00:00.000Z' } }),
  define('commands.launch.requested', 'A launch command was received.', open(launchFields, 'launch acknowledgement')),
  define('commands.launch.accepted', 'The frontend accepted the launch.', open({ ...launchFields, EsStatusCode: int('HTTP status the frontend answered.') }, 'launch acknowledgement'), { example: { RomPath: '/home/cab/roms/mame/1943.zip', GameId: null, EsStatusCode: 200 } }),
  define('commands.launch.failed', 'The launch failed; `Code` and `Status` are those of the REST answer.', open({ ...launchFields, Code: str('Error code.'), Status: int('HTTP status.'), Message: str('Why.') }, 'launch acknowledgement')),
  define('es-control.action.started', 'A frontend-control action started (tap, combo, goto-system, goto-game).', open({ Action: str('Action name.'), TargetSystem: Type.Union([Type.String(), Type.Null()]), TargetGame: Type.Union([Type.String(), Type.Null()]), Backend: str('Input backend.') }, 'control action')),
  define('es-control.action.completed', 'A frontend-control action ended; `Status` is sent, planned, completed (verified) or stopped.', open({ Action: str('Action name.'), Status: str('Outcome.'), Verified: Type.Boolean(), DryRun: Type.Boolean(), InputsSent: Type.Array(Type.String()) }, 'control action'), { example: { Action: 'tap', Status: 'sent', Verified: false, DryRun: false, InputsSent: ['right', 'right'] } }),
  define('es-control.action.failed', 'A frontend-control action failed; `Code` is that of the REST answer.', open({ Action: str('Action name.'), Code: str('Error code.'), Message: str('Why.'), InputsSent: Type.Array(Type.String()) }, 'control action')),
  snapshot('marquee.snapshot', 'marquee'),
  snapshot('marquee.snapshot.updated', 'marquee (update of the same selection)'),
  snapshot('topper.snapshot', 'topper'),
  snapshot('instruction-card.snapshot', 'instruction card'),
  snapshot('screen.snapshot', 'screen'),
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
  define('panel.settings.changed', 'Panel-related frontend settings changed.', open({ Source: str('`es_settings.cfg`.'), ChangedKeys: Type.Array(Type.String()) }, 'panel settings')),
  define('panel.input.pressed', 'A physical control was pressed (never coalesced).', open(panelInputFields, 'panel input'), { example: { Player: 1, Slot: 3, Function: 'Heavy Punch', System: false, SystemInput: '' } }),
  define('panel.input.released', 'A physical control was released (never coalesced).', open(panelInputFields, 'panel input'), { example: { Player: 1, Slot: 0, Function: 'START', System: true, SystemInput: 'START' } }),
  ...cabemuEvents('cabemu', 'first'),
  ...cabemuEvents('cabemu2', 'second'),
  define('ingame.cabemu.session.started', 'An arcade emulator instance started a machine (the in-game view of `cabemu.session.started`).', open({
    Source: str('Emulator instance (`cabemu`, `cabemu2`).'), MachineName: str('Machine (rom) name.'), Port: int('Output server port.'), ...runningGameFields
  }, 'arcade session'), { example: { Source: 'cabemu', MachineName: 'pong', Port: 8000, SystemId: 'arcade', Rom: 'pong' } }),
  define('ingame.cabemu.session.stopped', 'An arcade emulator instance stopped its machine, or its connection dropped.', open({
    Source: str('Emulator instance (`cabemu`, `cabemu2`).'), MachineName: str('Machine (rom) name.'), Port: int('Output server port.'), ...runningGameFields,
    Reason: Type.Union([Type.Literal('stopped'), Type.Literal('disconnected')])
  }, 'arcade session'), { example: { Source: 'cabemu', MachineName: 'pong', Port: 8000, SystemId: 'arcade', Rom: 'pong', Reason: 'stopped' } }),
  define('arcade.output.changed', 'Normalized arcade output change, one per received change, in order (never coalesced).', open({
    Source: str('Emulator instance (`cabemu`, `cabemu2`).'),
    MachineName: str('Machine name.'),
    Key: str('Output name (`lamp0`, `led1` ...).'),
    Value: int('Output value.'),
    Ts: Type.String({ format: 'date-time', description: 'When the change was received.' })
  }, 'arcade output'), { example: { Source: 'cabemu', MachineName: 'pong', Key: 'lamp0', Value: 1, Ts: '2026-11-21T20:00:00.000Z' } }),
  define('multiemu.content.started', 'The multi-system emulator started content (from its GET_STATUS).', open(contentFields, 'content start'), {
    example: { SystemId: 'Nestopia', ContentName: 'counter', Crc32: 'ccd09037' }
  }),
  define('multiemu.content.stopped', 'The multi-system emulator stopped content, or stopped answering.', open({
    ...contentFields,
    Reason: Type.Union([Type.Literal('stopped'), Type.Literal('unreachable')], { description: '`stopped`: the emulator closed the content; `unreachable`: it stopped answering (killed or crashed).' })
  }, 'content stop'), { example: { SystemId: 'Nestopia', ContentName: 'counter', Crc32: 'ccd09037', Reason: 'unreachable' } }),
  define('multiemu.memory.changed', 'A watched memory value changed (emulator view: content and raw read).', open({
    ...runningGameFields,
    ContentName: str('Content name from the emulator.'),
    Crc32: str('Content CRC32 from the emulator.'),
    Key: str('Watch key.'),
    Address: str('Watched address (`0x0010`).'),
    Size: int('Bytes read.'),
    Encoding: str('Watch encoding.'),
    RawValueHex: str('The bytes in memory order.'),
    Value: nullableNumber('Decoded value; null when the bytes are not valid for the encoding.'),
    Ts: Type.String({ format: 'date-time' })
  }, 'memory change'), {
    example: { SystemId: 'nes', Rom: 'counter', ContentName: 'counter', Crc32: 'ccd09037', Key: 'P1_SCORE', Address: '0x0010', Size: 2, Encoding: 'uint-le', RawValueHex: '0x2A00', Value: 42, Ts: '2026-11-21T20:00:00.000Z' }
  }),
  define('ingame.memory.changed', 'A watched memory value changed (normalized).', open({
    Source: str('Where the value was read (`multiemu`).'),
    ...runningGameFields,
    Signal: Type.Object({
      Key: Type.String(),
      Address: Type.String(),
      RawValueHex: Type.String(),
      Value: nullableNumber('Decoded value; null when the bytes are not valid for the encoding.'),
      Role: Type.String({ description: 'score, timer, lives, level, state or other.' }),
      Player: Type.Integer(),
      Description: Type.String(),
      Ts: Type.String({ format: 'date-time' })
    }, { additionalProperties: true })
  }, 'memory change'), {
    example: { Source: 'multiemu', SystemId: 'nes', Rom: 'counter', Signal: { Key: 'P1_SCORE', Address: '0x0010', RawValueHex: '0x2A00', Value: 42, Role: 'score', Player: 1, Description: 'Player 1 score', Ts: '2026-11-21T20:00:00.000Z' } }
  }),
  define('score.live.changed', 'Live score of a player (retained, latest wins; published only when it changes, reset at game start and end).', open({
    Source: str('`ingame.memory` (watched memory) or `mame.output` (digit outputs).'),
    ScoreKind: str('Kind of score (`game`).'),
    SourceKey: str('Keys of the parts, joined with `+`.'),
    ...runningGameFields,
    Player: int('Player (1-4).'),
    Score: int('The summed score.'),
    Composed: Type.Boolean({ description: 'More than one part.' }),
    Confidence: str('`high` for values read from a definition.'),
    Parts: Type.Array(Type.Object({
      Key: Type.String(),
      Address: Type.Union([Type.String(), Type.Null()]),
      RawValueHex: Type.Union([Type.String(), Type.Null()]),
      Encoding: Type.String(),
      Value: Type.Number(),
      Weight: Type.Number(),
      Contribution: Type.Number({ description: 'Value x Weight.' }),
      Description: Type.String()
    }, { additionalProperties: true })),
    Ts: Type.String({ format: 'date-time' })
  }, 'live score'), {
    coalesceKey: (p) => `score.live:${field(p, 'Source')}:${field(p, 'ScoreKind')}:${field(p, 'SystemId')}:${field(p, 'Rom')}:P${field(p, 'Player')}`,
    retainSlot: 'score.live.changed',
    example: {
      Source: 'ingame.memory', ScoreKind: 'game', SourceKey: 'P1_SCORE', SystemId: 'nes', Rom: 'counter', Player: 1, Score: 42, Composed: false, Confidence: 'high',
      Parts: [{ Key: 'P1_SCORE', Address: '0x0010', RawValueHex: '0x2A00', Encoding: 'uint-le', Value: 42, Weight: 1, Contribution: 42, Description: 'Player 1 score' }],
      Ts: '2026-11-21T20:00:00.000Z'
    }
  }),
  define('timer.live.changed', 'Live game timer (retained, latest wins; published only when it changes, reset at game start and end).', open({
    Source: str('Where the timer was read (`ingame.memory`).'),
    TimerKind: str('Kind (`game`).'),
    TimerRole: str('`countdown` or `elapsed`.'),
    SourceKey: str('Watch key.'),
    ...runningGameFields,
    Player: int('Player (1-4).'),
    Value: Type.Number({ description: 'The timer value.' }),
    MaxValue: Type.Number({ description: 'Full timer, when the definition gives it.' }),
    Remaining: Type.Number({ description: 'What is left: the value of a countdown, MaxValue - Value of an elapsed timer with a MaxValue.' }),
    Progress01: Type.Number({ description: 'Remaining / MaxValue.' }),
    Direction: Type.Union([Type.Literal('down'), Type.Literal('up')]),
    Unit: str('Unit of Value (`seconds` unless the definition says otherwise).'),
    Confidence: str('`high` for values read from a definition.'),
    Parts: Type.Array(Type.Object({}, { additionalProperties: true })),
    Ts: Type.String({ format: 'date-time' })
  }, 'live timer'), {
    coalesceKey: (p) => `timer.live:${field(p, 'Source')}:${field(p, 'TimerKind')}:${field(p, 'SystemId')}:${field(p, 'Rom')}:${field(p, 'SourceKey')}`,
    retainSlot: 'timer.live.changed',
    example: {
      Source: 'ingame.memory', TimerKind: 'game', TimerRole: 'countdown', SourceKey: 'TIME', SystemId: 'nes', Rom: 'counter', Player: 1, Value: 87, MaxValue: 99, Remaining: 87, Progress01: 0.879,
      Direction: 'down', Unit: 'seconds', Confidence: 'high', Parts: [{ Key: 'TIME', Address: '0x0020', RawValueHex: '0x87', Encoding: 'bcd-le', Value: 87, Description: 'Round timer' }], Ts: '2026-11-21T20:00:00.000Z'
    }
  }),
  define('achievements.catalog.updated', 'Achievement catalog of the running game (retained, replayed before the session).', open({}, 'achievement catalog'), { coalesceKey: byType('achievements.catalog.updated'), retainSlot: 'achievements.catalog' }),
  define('achievements.session.updated', 'Live achievement session (retained).', open({}, 'achievement session'), { coalesceKey: byType('achievements.session.updated'), retainSlot: 'achievements.session' }),
  define('achievements.session.ended', 'The achievement session ended; the retained session is cleared.', open({}, 'achievement session end'), { clearsSlot: 'achievements.session' }),
  define('achievements.unlocked', 'An achievement was unlocked (never coalesced).', open({}, 'unlock')),
  define('hiscore.updated', 'Hiscore table of a game changed.', open({ RomName: str('Rom.'), GameName: str('Display name.'), Scores: Type.Array(Type.Unknown()) }, 'hiscore table')),
  define('media.index.updated', 'The media index was built, loaded or changed (counts after the change).', open({
    Reason: str('`persisted` (loaded from the database at start), `start`, `poll` or `request`.'),
    Files: int('Files indexed (every source).'),
    Assets: int('Kinds resolved to one file each (what is served).'),
    Entries: int('Games and systems with at least one asset.')
  }, 'media index'), { example: { Reason: 'start', Files: 1342, Assets: 1200, Entries: 310 } }),
  mediaAssetEvent('media.asset.added', 'A kind of a game or system gained a file, or its file changed.'),
  mediaAssetEvent('media.asset.removed', 'A kind of a game or system lost its file.'),
  define('startup.ready', 'Every module finished its start phase.', Type.Object({
    ReadyAtUtc: Type.String({ format: 'date-time', description: 'When the service became ready.' }),
    Version: Type.String({ description: 'Service version.' })
  }, { additionalProperties: true }), { example: { ReadyAtUtc: '2026-11-21T20:00:00.000Z', Version: '0.1.0' } })
]

const byName = new Map(eventCatalog.map((d) => [d.type, d]))

export function eventDefinition (type: string): EventDefinition | undefined {
  return byName.get(type)
}

/** Retained slots in replay order (the achievements catalog before the session). */
export const retainedSlots: readonly string[] = [...new Set(eventCatalog.flatMap((d) => d.retainSlot === null ? [] : [d.retainSlot]))]

export const retainedEventTypes: readonly string[] = eventCatalog.filter((d) => d.retainSlot !== null).map((d) => d.type)
