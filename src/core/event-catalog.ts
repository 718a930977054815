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

const snapshot = (type: string, surface: string): EventDefinition => define(type, `Full ${surface} snapshot for the current selection (retained).`, open({
  ...selectionFields,
  SnapshotVersion: int('Shape version of the snapshot.'),
  Selection: Type.Object({}, { additionalProperties: true, description: 'What is selected or running.' }),
  Media: Type.Object({}, { additionalProperties: true, description: 'Legacy named media fields.' }),
  Assets: Type.Record(Type.String(), Type.Unknown(), { description: 'Canonical media kind -> asset the entry really owns.' }),
  SystemAssets: Type.Record(Type.String(), Type.Unknown(), { description: 'Same table for the game\'s system.' })
}, `${surface} snapshot`), { coalesceKey: byType(type), retainSlot: type.replace(/\.updated$/, '') })

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
  define('panel.config.changed', 'Cabinet configuration: player panels, buttons, peripherals, rows (retained).', open({
    Cabinet: Type.Object({}, { additionalProperties: true }),
    Layout: Type.Object({}, { additionalProperties: true })
  }, 'panel configuration'), { coalesceKey: byType('panel.config.changed'), retainSlot: 'panel.config.changed' }),
  define('panel.state', 'Resolved control panel for the current context, keyed by SelectionKey (retained).', open({
    ...selectionFields,
    SnapshotVersion: int('Shape version.'),
    Source: str('Where the panel came from (`resources/dynpanels`).'),
    Trigger: str('The event that caused it.'),
    Emulator: str('Emulator name.'),
    Scope: str('`game` or `system`.'),
    PanelKey: str('Identity of the resolved panel; unchanged key means unchanged panel.'),
    ActiveLayoutId: str('Layout id, for example `6-Button`.'),
    ActivePanel: Type.Object({}, { additionalProperties: true }),
    Svg: Type.Object({}, { additionalProperties: true, description: 'Top and 3D front drawings with button geometry.' })
  }, 'panel state'), { coalesceKey: byType('panel.state'), retainSlot: 'panel.state' }),
  define('cpo.panel.config.selected', 'The panel configuration picked alongside a panel.state.', open({ PanelKey: str('Identity of the resolved panel.') }, 'panel selection'), { coalesceKey: byType('cpo.panel.config.selected') }),
  define('panel.settings.changed', 'Panel-related frontend settings changed.', open({}, 'panel settings')),
  define('panel.input.pressed', 'A physical control was pressed (never coalesced).', open({ Player: int('Player number.'), Slot: int('Panel slot.'), Function: str('What the button does.'), System: Type.Boolean(), SystemInput: str('START, SELECT or COIN.') }, 'panel input')),
  define('panel.input.released', 'A physical control was released (never coalesced).', open({ Player: int('Player number.'), Slot: int('Panel slot.'), Function: str('What the button does.'), System: Type.Boolean(), SystemInput: str('START, SELECT or COIN.') }, 'panel input')),
  define('cabemu.session.started', 'The arcade emulator started a machine.', open({ MachineName: str('Machine (rom) name.'), Port: int('Output port.') }, 'arcade session'), {
    example: { MachineName: 'pong', Port: 8000 }
  }),
  define('cabemu.session.stopped', 'The arcade emulator stopped.', open({ MachineName: str('Machine (rom) name.') }, 'arcade session')),
  define('cabemu.output.changed', 'Arcade outputs (lamps ...) changed; every change, in order, never coalesced.', open({
    MachineName: str('Machine name.'),
    Signals: Type.Array(Type.Object({ Key: Type.String(), Value: Type.Integer(), Ts: Type.String({ format: 'date-time' }) }))
  }, 'arcade outputs'), { example: { MachineName: 'pong', Signals: [{ Key: 'lamp0', Value: 1, Ts: '2026-11-21T20:00:00.000Z' }] } }),
  define('arcade.output.changed', 'Normalized arcade output change (never coalesced).', open({ Source: str('Emulator instance.'), MachineName: str('Machine name.'), Key: str('Output name.'), Value: int('Output value.') }, 'arcade output')),
  define('multiemu.content.started', 'The multi-system emulator started content.', open({ SystemId: str('System.'), ContentName: str('Content name.'), Crc32: str('Content CRC32.') }, 'content start')),
  define('multiemu.content.stopped', 'The multi-system emulator stopped content.', open({ SystemId: str('System.'), ContentName: str('Content name.') }, 'content stop')),
  define('multiemu.memory.changed', 'A watched memory value changed (emulator view).', open({ SystemId: str('System.'), Rom: str('Rom.') }, 'memory change')),
  define('ingame.memory.changed', 'A watched memory value changed (normalized).', open({ SystemId: str('System.'), Rom: str('Rom.'), Signal: Type.Object({}, { additionalProperties: true }) }, 'memory change')),
  define('score.live.changed', 'Live score of a player (retained, latest wins per player).', open({
    Source: str('Where the score was read.'), SystemId: str('System.'), Rom: str('Rom.'), Player: int('Player.'), Score: int('Score.'), ScoreKind: str('Kind of score.'), Parts: Type.Array(Type.Unknown())
  }, 'live score'), {
    coalesceKey: (p) => `score.live:${field(p, 'Source')}:${field(p, 'ScoreKind')}:${field(p, 'SystemId')}:${field(p, 'Rom')}:P${field(p, 'Player')}`,
    retainSlot: 'score.live.changed'
  }),
  define('timer.live.changed', 'Live game timer (retained, latest wins).', open({
    Source: str('Where the timer was read.'), SystemId: str('System.'), Rom: str('Rom.'), Value: Type.Number(), Remaining: Type.Number(), Unit: str('Unit.'), Direction: str('up or down.'), TimerKind: str('Kind.'), TimerRole: str('Role.')
  }, 'live timer'), {
    coalesceKey: (p) => `timer.live:${field(p, 'Source')}:${field(p, 'TimerKind')}:${field(p, 'SystemId')}:${field(p, 'Rom')}`,
    retainSlot: 'timer.live.changed'
  }),
  define('achievements.catalog.updated', 'Achievement catalog of the running game (retained, replayed before the session).', open({}, 'achievement catalog'), { coalesceKey: byType('achievements.catalog.updated'), retainSlot: 'achievements.catalog' }),
  define('achievements.session.updated', 'Live achievement session (retained).', open({}, 'achievement session'), { coalesceKey: byType('achievements.session.updated'), retainSlot: 'achievements.session' }),
  define('achievements.session.ended', 'The achievement session ended; the retained session is cleared.', open({}, 'achievement session end'), { clearsSlot: 'achievements.session' }),
  define('achievements.unlocked', 'An achievement was unlocked (never coalesced).', open({}, 'unlock')),
  define('hiscore.updated', 'Hiscore table of a game changed.', open({ RomName: str('Rom.'), GameName: str('Display name.'), Scores: Type.Array(Type.Unknown()) }, 'hiscore table')),
  define('media.index.updated', 'The media index was rebuilt or updated.', open({}, 'media index')),
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
