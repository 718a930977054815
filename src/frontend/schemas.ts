import { Type, type TString } from 'typebox'
import { ErrorBody } from '../core/errors.js'
import type { CodedBodyRule } from '../core/validation.js'
import { hookNamePattern, maxHookArgLength, maxHookArgs } from './hook-event.js'
import { detailFields } from './views.js'

export const IngestBody = Type.Union([
  Type.Object({
    event: Type.String({ pattern: hookNamePattern, description: 'Hook name: the ES scripts folder name (`game-selected`, `system-selected`, `game-start` ...).' }),
    args: Type.Optional(Type.Array(Type.String({ maxLength: maxHookArgLength }), { maxItems: maxHookArgs, description: 'The hook arguments in ES order (none for game-end).' })),
    hookId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Unique id of this hook run; a hook that also reached the spool counts once.' }))
  }, { additionalProperties: false }),
  Type.String({ maxLength: 65536, description: 'text/plain in events.ini format: `event=<name>`, then the raw argument line (Windows batch hooks).' })
], {
  description: 'One frontend hook.',
  examples: [{ event: 'game-selected', args: ['mame', '/home/cab/roms/mame/1943.zip', '1943: The Battle of Midway'] }]
})

export const IngestResponse = Type.Object({
  accepted: Type.Literal(true),
  sequence: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'Sequence given to the hook; null while the service is starting (the hook was spooled and is applied in order before ready).' }),
  duplicate: Type.Boolean({ description: 'true when this hookId had already arrived through another door (nothing was applied again).' })
}, { description: 'Accepted.', examples: [{ accepted: true, sequence: 42, duplicate: false }] })

const nullableString = Type.Union([Type.String(), Type.Null()])

const SystemView = Type.Object({
  name: Type.String({ description: 'Frontend system id.' }),
  fullname: Type.Optional(Type.String()),
  manufacturer: Type.Optional(Type.String()),
  release: Type.Optional(Type.String()),
  hardware: Type.Optional(Type.String()),
  path: Type.Optional(Type.String()),
  extension: Type.Optional(Type.String()),
  command: Type.Optional(Type.String()),
  platform: Type.Optional(Type.String()),
  theme: Type.Optional(Type.String()),
  group: Type.Optional(Type.String())
}, { description: 'System from es_systems.cfg (over the ES web API).' })

/** One string per gamelist field, each named in the type too: the live page reads them by name. */
const detailProperties = Object.fromEntries(detailFields.map((f) => [f, Type.String()])) as { [F in typeof detailFields[number]]: TString }

const Details = Type.Object({
  ...detailProperties,
  extras: Type.Record(Type.String(), Type.String(), { description: 'Every other gamelist tag, and attributes as `<tag>_<attribute>`.' })
}, { additionalProperties: true, description: 'Gamelist metadata; media fields hold the gamelist values.' })

const Launch = Type.Object({
  romPath: Type.String(),
  romExists: Type.Boolean(),
  running: Type.Boolean(),
  startedAtUtc: nullableString
}, { description: 'What launching this game needs and whether it runs.' })

const GameView = Type.Object({
  systemId: Type.String(),
  gameId: Type.String({ description: 'ES game id (gamelist id/md5, else MD5 of the rom path).' }),
  gamePath: Type.String(),
  gameName: Type.String(),
  romStem: Type.String(),
  details: Details,
  launch: Launch
})

const exampleGame = {
  systemId: 'mame',
  gameId: '5f1c1a0b2d7b9f3f1c6f0e1a2b3c4d5e',
  gamePath: '/home/cab/roms/mame/1943.zip',
  gameName: '1943: The Battle of Midway',
  romStem: '1943',
  details: { ...Object.fromEntries(detailFields.map((f) => [f, ''])), name: '1943: The Battle of Midway', developer: 'Capcom', genre: 'Shooter', players: '2', extras: {} },
  launch: { romPath: '/home/cab/roms/mame/1943.zip', romExists: true, running: false, startedAtUtc: null }
}

export const FrontendStateSchema = Type.Union([Type.Literal('browsing'), Type.Literal('playing'), Type.Literal('screensaver'), Type.Literal('stopped')], { description: 'What the frontend shows: its lists, a game, or its screensaver; `stopped` once it quit (until it starts again).' })

export const ContextStateResponse = Type.Object({
  state: FrontendStateSchema,
  selectedSystem: Type.Union([SystemView, Type.Null()]),
  selectedGame: Type.Union([GameView, Type.Null()]),
  runningGame: Type.Union([GameView, Type.Null()]),
  collection: Type.Union([Type.String(), Type.Null()], { description: 'The collection browsed (`all`, `favorites` ...); the selected game keeps its own system.' }),
  screensaverGame: Type.Union([GameView, Type.Null()], { description: 'The game the screensaver shows; the selection is what the screensaver covers.' }),
  selectionUncertain: Type.Boolean({ description: 'true when a navigation input (sent by the controller, or pressed on the panel) got no selection report from the frontend within 500 ms: its cursor may be on a game whose hook cannot run (the `doctor` command lists those roms), so the selection shown may be stale.' })
}, {
  description: 'Context: empty (nulls) after start until the next selection, and after the frontend quit.',
  examples: [{ state: 'browsing', selectedSystem: { name: 'mame', fullname: 'Arcade' }, selectedGame: exampleGame, runningGame: null, collection: null, screensaverGame: null, selectionUncertain: false }]
})

export const CurrentGameResponse = Type.Object({
  state: FrontendStateSchema,
  systemId: Type.String(),
  gameId: Type.String(),
  path: Type.String(),
  name: Type.String(),
  details: Details,
  launch: Launch
}, {
  description: 'The running game, else the selected one.',
  examples: [{ state: 'browsing', systemId: 'mame', gameId: exampleGame.gameId, path: exampleGame.gamePath, name: exampleGame.gameName, details: exampleGame.details, launch: exampleGame.launch }]
})

export const CurrentSystemResponse = Type.Object({
  state: FrontendStateSchema,
  system: SystemView
}, { description: 'The selected system.', examples: [{ state: 'browsing', system: { name: 'mame', fullname: 'Arcade' } }] })

/** A launch names its rom: romPath, or gameId (a blank romPath counts as absent, which the handler checks). */
export const missingRomRule: CodedBodyRule = { schemaPath: '#/anyOf', code: 'MISSING_ROM', message: 'Send "romPath", or "gameId" matching the current selected or running game' }

export const LaunchBody = Type.Object({
  romPath: Type.Optional(Type.String({ maxLength: 4096, description: 'Absolute, or relative to the roms folder (`mame/1943.zip`).' })),
  gameId: Type.Optional(Type.String({ maxLength: 200, description: 'Id of the current selected or running game.' }))
}, {
  additionalProperties: false,
  anyOf: [{ required: ['romPath'] }, { required: ['gameId'] }],
  description: 'romPath, or gameId of the current selected or running game; a body with neither answers 400 MISSING_ROM.',
  examples: [{ romPath: 'mame/1943.zip' }]
})

export const LaunchResponse = Type.Object({
  status: Type.Literal('launching'),
  romPath: Type.String({ description: 'Absolute path sent to the frontend.' }),
  gameId: nullableString,
  esStatusCode: Type.Integer(),
  esResponse: Type.String()
}, { description: 'The frontend accepted the launch.', examples: [{ status: 'launching', romPath: '/home/cab/roms/mame/1943.zip', gameId: null, esStatusCode: 200, esResponse: 'OK' }] })

/**
 * Every error of the launch route. ES's own error statuses are passed through, so any 4xx or 5xx
 * can come from either side: one shape for all of them, which a plain error also satisfies.
 */
export const LaunchErrorBody = Type.Object({
  ...ErrorBody.properties,
  romPath: Type.Optional(Type.String({ description: 'With ES_REJECTED: the absolute path sent to the frontend.' })),
  esStatusCode: Type.Optional(Type.Integer({ description: 'With ES_REJECTED: the frontend\'s status, which is also this response\'s.' })),
  esResponse: Type.Optional(Type.String({ description: 'With ES_REJECTED: the frontend\'s response body.' }))
}, {
  description: 'Error: { message, code }. When the frontend rejected the launch (ES_REJECTED), its status is passed through and the body also carries romPath, esStatusCode and esResponse.',
  examples: [
    { message: 'Send "romPath", or "gameId" matching the current selected or running game', code: 'MISSING_ROM' },
    { message: 'EmulationStation rejected the launch', code: 'ES_REJECTED', romPath: '/home/cab/roms/mame/1943.zip', esStatusCode: 503, esResponse: 'busy launching something else' }
  ]
})
