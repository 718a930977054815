/** The events of the frontend link: ui.*, raw hooks, launch and frontend-control acknowledgements. */
import { Type } from 'typebox'
import { define, int, open, str, type EventMap } from '../core/events/definition.js'
import type { EventPayload } from '../core/envelope.js'

/** Identity of a selection; the control panels carry it too. */
export const selectionFields = {
  Sequence: int('Monotonic per process; a newer selection always has a higher number.'),
  SelectionKey: str('`<systemId>|<romId>` (frontend system id, rom file stem), or `<systemId>|` at system scope; the same key on every stream that shows the selection (surface snapshots, panel.state).'),
  SystemId: str('Frontend system id (for example `mame`, `snes`).'),
  Rom: str('Rom file stem.')
}

/** When a hook happened, and whether it happened while the service was down. */
const hookTiming = {
  OccurredAt: Type.Optional(Type.String({ format: 'date-time', description: 'When the hook was fired, where its door knows it (our spooled hooks are named by it); absent otherwise.' })),
  Replayed: Type.Optional(Type.Literal(true, { description: 'Present when the hook was fired before the service started (spooled while it was down): applied to the context in order, but history, not news. A game started and ended while the service was down is published this way and never shown as running.' }))
}

const hookFields = {
  EventName: str('The hook that caused the event.'),
  RawArgs: Type.Array(Type.String(), { description: 'Hook arguments as received.' }),
  Source: Type.Union([Type.Literal('http'), Type.Literal('events.ini'), Type.Literal('spool'), Type.Literal('mqtt'), Type.Literal('web-api')], { description: 'The door the hook came through; `mqtt` when the frontend published the event on its broker (Recalbox); `web-api` when no hook ran and the frontend\'s web API showed the change.' }),
  Inferred: Type.Optional(Type.Literal(true, { description: 'Present when no hook said it: the frontend\'s web API showed it (a hook that never ran, such as a rom name the frontend\'s shell could not pass).' })),
  ...hookTiming
}
const gameFields = {
  ...hookFields,
  ...selectionFields,
  System: str('Same as SystemId.'),
  GamePath: str('Rom path as the frontend passed it.'),
  GameName: str('Display name.'),
  Selection: Type.Object({}, { additionalProperties: true, description: 'SystemId, GameId, GamePath, GameName, Md5 (the rom\'s MD5 from the gamelist, lowercase hex, or null), Name and gamelist fields.' }),
  Context: Type.Object({}, { additionalProperties: true, description: 'Frontend, State, SelectedSystem, Selected, Running, Collection.' })
}
const lifecycleFields = {
  Reason: str('`web-api-reachable`, `web-api-unreachable`, `start-hook` or `quit-hook`; for a frontend without a web API (ES-DE), `process-running` or `process-not-running` when the service first looked for its process.'),
  EsUrl: Type.Optional(Type.String({ description: 'Frontend web API; absent for a frontend that has none (ES-DE).' }))
}
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

export const frontendEvents = [
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
  define('ui.screensaver.started', 'The frontend\'s screensaver started; the context state is `screensaver` until it stops.', open({ ...hookFields, Mode: Type.Union([Type.String(), Type.Null()], { description: 'The screensaver kind (`slideshow`, `dim` ...).' }), Context: Type.Object({}, { additionalProperties: true }) }, 'screensaver start')),
  define('ui.screensaver.game.selected', 'The screensaver shows a game; not a selection (the selection is what the screensaver covers).', open(gameFields, 'screensaver game')),
  define('ui.screensaver.stopped', 'The screensaver stopped; the context is back on the browsing view it covered.', open({ ...hookFields, Context: Type.Object({}, { additionalProperties: true }) }, 'screensaver stop')),
  define('ui.selection.uncertain', 'A navigation input (sent by the controller, or pressed on the panel) got no selection report from the frontend within 500 ms: its cursor may be on a game whose hook cannot run, so the selection in `Context` may be stale. `Context.SelectionUncertain` stays true until the frontend reports a selection again.', open({
    LastInputAt: Type.String({ format: 'date-time', description: 'When the input that got no report was pressed.' }),
    Context: Type.Object({}, { additionalProperties: true, description: 'Frontend, State, SelectedSystem, Selected, Running, Collection, SelectionUncertain.' })
  }, 'uncertain selection'), { example: { LastInputAt: '2026-11-21T20:00:00.000Z', Context: { Frontend: 'emulationstation', State: 'browsing', SelectedSystem: { Name: 'nes' }, Selected: { SystemId: 'nes', GameId: '0c4f1f0e5a0b5d7e9d2b8f4a6c1e3b57', GamePath: '/userdata/roms/nes/Super Mario Bros. (World).nes', GameName: 'Super Mario Bros.' }, Running: null, Collection: null, SelectionUncertain: true } } }),
  define('ui.event', 'Any other frontend hook (screensaver, sleep, wake ...).', open({ ...hookFields, Context: Type.Object({}, { additionalProperties: true }) }, 'frontend event')),
  define('ui.frontend.started', 'The frontend came up: its web API started answering, or its start hook ran (a frontend without a web API: its process was running when the service started).', open(lifecycleFields, 'frontend lifecycle'), { example: { Reason: 'web-api-reachable', EsUrl: 'http://127.0.0.1:1234' } }),
  define('ui.frontend.stopped', 'The frontend went away: its web API stopped answering, or its quit hook ran.', open(lifecycleFields, 'frontend lifecycle')),
  define('ui.frontend.state', 'Retained: whether the frontend runs, since when, and whether its web API answers. Published once the service has first looked, and at every change; replayed to every client that connects, so a late client knows at once.', open({
    Running: Type.Boolean({ description: 'true while the frontend runs.' }),
    Since: Type.String({ format: 'date-time', description: 'When it was seen to start or stop; when the service first looked, if it was already so.' }),
    WebApi: Type.Optional(Type.Boolean({ description: 'true while the frontend\'s web API answers; absent for a frontend that has none (ES-DE).' })),
    ...lifecycleFields
  }, 'frontend state'), { retainSlot: 'ui.frontend.state', example: { Running: true, Since: '2026-11-21T20:00:00.000Z', WebApi: true, Reason: 'web-api-reachable', EsUrl: 'http://127.0.0.1:1234' } }),
  define('ui.frontend.link.changed', 'Whether the frontend\'s hooks reach this service changed while it runs (our hook scripts were reinstalled for another data dir, removed, or put right again): `Link` and `Problem` as `frontend.link` and `frontend.problem` in `/api/v1/status` now say.', open({
    Link: Type.Union([Type.Literal('ok'), Type.Literal('degraded')], { description: '`degraded` while something keeps hooks from reaching the service.' }),
    Problem: Type.Union([Type.String(), Type.Null()], { description: 'What is wrong, ending with the command that fixes it; null when nothing is.' })
  }, 'frontend link'), { example: { Link: 'degraded', Problem: 'the hook scripts installed in /userdata/system/configs/emulationstation leave hooks in /home/cab/.local/share/cabinet-hub/events.d, but this service reads /srv/cab/events.d: they never reach it; run cabinet-hub install-hooks --frontend-root /userdata --profile batocera --data-dir /srv/cab' } }),
  define('esevent.events_refresh', 'Raw frontend hook, as received, whichever door it came through.', open({
    EventName: str('Hook name.'),
    Source: hookFields.Source,
    Sequence: int('Monotonic per accepted hook.'),
    RawArgs: Type.Array(Type.String()),
    ReceivedAtUtc: Type.String({ format: 'date-time' }),
    ...hookTiming
  }, 'raw hook'), { example: { EventName: 'game-selected', Source: 'spool', Sequence: 42, RawArgs: ['mame', '/home/cab/roms/mame/1943.zip', '1943: The Battle of Midway'], ReceivedAtUtc: '2026-11-21T20:00:00.000Z' } }),
  define('commands.launch.requested', 'A launch command was received.', open(launchFields, 'launch acknowledgement')),
  define('commands.launch.accepted', 'The frontend accepted the launch.', open({ ...launchFields, EsStatusCode: int('HTTP status the frontend answered.') }, 'launch acknowledgement'), { example: { RomPath: '/home/cab/roms/mame/1943.zip', GameId: null, EsStatusCode: 200 } }),
  define('commands.launch.failed', 'The launch failed; `Code` and `Status` are those of the REST answer.', open({ ...launchFields, Code: str('Error code.'), Status: int('HTTP status.'), Message: str('Why.') }, 'launch acknowledgement')),
  define('es-control.action.started', 'A frontend-control action started (tap, combo, goto-system, goto-game).', open({ Action: str('Action name.'), TargetSystem: Type.Union([Type.String(), Type.Null()]), TargetGame: Type.Union([Type.String(), Type.Null()]), Backend: str('Input backend.') }, 'control action')),
  define('es-control.action.completed', 'A frontend-control action ended; `Status` is sent, planned, completed (verified) or stopped.', open({ Action: str('Action name.'), Status: str('Outcome.'), Verified: Type.Boolean(), DryRun: Type.Boolean(), InputsSent: Type.Array(Type.String()) }, 'control action'), { example: { Action: 'tap', Status: 'sent', Verified: false, DryRun: false, InputsSent: ['right', 'right'] } }),
  define('es-control.action.failed', 'A frontend-control action failed; `Code` is that of the REST answer.', open({ Action: str('Action name.'), Code: str('Error code.'), Message: str('Why.'), InputsSent: Type.Array(Type.String()) }, 'control action'))
]

/** Event type -> payload type of the frontend events. */
export type FrontendEvents = EventMap<typeof frontendEvents>
