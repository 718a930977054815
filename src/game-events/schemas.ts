/** REST shapes of the game events module: watch definitions and the in-game status. */
import { Type, type Static } from 'typebox'

const encodings = ['uint-le', 'uint-be', 'bcd-le', 'bcd-be', 'digits'] as const
const roles = ['score', 'timer', 'lives', 'level', 'state', 'other'] as const

export type Encoding = typeof encodings[number]

const literals = <T extends readonly string[]>(values: T, description: string) =>
  Type.Union(values.map((v) => Type.Literal(v)), { description })

const Watch = Type.Object({
  key: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$', description: 'Name of the value, unique in the definition (for example `P1_SCORE`).' }),
  address: Type.String({ pattern: '^0[xX][0-9a-fA-F]{1,8}$', description: 'Address in the core\'s system RAM, hexadecimal with `0x`.' }),
  size: Type.Integer({ minimum: 1, maximum: 15, description: 'Bytes to read.' }),
  encoding: literals(encodings, '`uint-le`/`uint-be` binary, `bcd-le`/`bcd-be` two decimal digits per byte, `digits` one decimal digit per byte, most significant first.'),
  role: literals(roles, 'What the value means; `score` and `timer` feed the live score and timer.'),
  player: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, default: 1, description: 'Player the value belongs to.' })),
  weight: Type.Optional(Type.Number({ default: 1, description: 'Score parts are multiplied by their weight and summed into one score.' })),
  description: Type.Optional(Type.String({ maxLength: 200 })),
  direction: Type.Optional(Type.Union([Type.Literal('down'), Type.Literal('up')], { description: 'Timers: counts down (default) or up.' })),
  unit: Type.Optional(Type.String({ minLength: 1, maxLength: 16, description: 'Timers: unit of the value (default `seconds`).' })),
  max: Type.Optional(Type.Integer({ minimum: 1, description: 'Timers: the value a full timer holds.' }))
}, { additionalProperties: false })

export type WatchType = Static<typeof Watch>

export const DefinitionBody = Type.Object({
  watches: Type.Array(Watch, { minItems: 1, maxItems: 256 })
}, {
  additionalProperties: false,
  description: 'Watch definition of one game.',
  examples: [{ watches: [{ key: 'P1_SCORE', address: '0x0010', size: 2, encoding: 'uint-le', role: 'score', player: 1, weight: 1, description: 'Player 1 score' }] }]
})

export type DefinitionBodyType = Static<typeof DefinitionBody>

export const DefinitionParams = Type.Object({
  system: Type.String({ minLength: 1, maxLength: 64, description: 'System id as the emulator (GET_STATUS) or the frontend names it.' }),
  rom: Type.String({ minLength: 1, maxLength: 200, description: 'Rom file stem or content name.' })
})

export const DefinitionResponse = Type.Object({
  systemId: Type.String(),
  rom: Type.String(),
  file: Type.String({ description: 'Where the definition is stored.' }),
  inUse: Type.Boolean({ description: 'The running game uses this definition now.' }),
  watches: Type.Array(Watch)
}, {
  description: 'A stored watch definition.',
  examples: [{ systemId: 'nes', rom: 'counter', file: '/home/pi/.local/share/cabinet-hub/ingame/definitions/nes/counter.json', inUse: true, watches: [{ key: 'P1_SCORE', address: '0x0010', size: 2, encoding: 'uint-le', role: 'score' }] }]
})

const Nullable = <T extends ReturnType<typeof Type.Object>>(schema: T) => Type.Union([schema, Type.Null()])

const CabemuStatus = Type.Object({
  instance: Type.String({ description: '`cabemu` or `cabemu2`; also the event type prefix.' }),
  enabled: Type.Boolean(),
  host: Type.String(),
  port: Type.Integer(),
  connected: Type.Boolean(),
  machineName: Type.Union([Type.String(), Type.Null()], { description: 'Machine of the running session.' }),
  linesReceived: Type.Integer(),
  ignoredLines: Type.Integer({ description: 'Garbage lines dropped.' }),
  mamePlugin: Type.Union([Type.Object({
    folder: Type.String({ description: 'Where MAME loaded the `cabinethub` plugin from.' }),
    definitionsDir: Type.String({ description: 'The watch definition folder the plugin reads (the data dir it was installed for).' }),
    state: Type.Union([Type.Literal('ok'), Type.Literal('degraded')], { description: '`degraded`: the plugin reads another folder than this service writes, so no watched value arrives.' }),
    problem: Type.Union([Type.String(), Type.Null()], { description: 'Why it is degraded, with the command that fixes it.' })
  }), Type.Null()], { description: 'The `cabinethub` plugin last heard on this connection (it announces itself when MAME starts a machine); null when none was.' })
})

export type CabemuStatusType = Static<typeof CabemuStatus>

const MultiemuStatus = Type.Object({
  enabled: Type.Boolean(),
  host: Type.String(),
  port: Type.Integer(),
  pollHz: Type.Integer(),
  reachable: Type.Boolean({ description: 'The emulator answered the last status poll.' }),
  memoryCommand: Type.Union([Type.Literal('READ_CORE_MEMORY'), Type.Literal('READ_CORE_RAM')], { description: 'Command used for memory reads (falls back to READ_CORE_RAM when the core has no memory map).' }),
  ignoredReplies: Type.Integer({ description: 'Garbage or unexpected UDP replies dropped.' })
})

export type MultiemuStatusType = Static<typeof MultiemuStatus>

const LastValue = Type.Object({
  key: Type.String(),
  address: Type.String(),
  role: Type.String(),
  player: Type.Integer(),
  rawValueHex: Type.String(),
  value: Type.Union([Type.Number(), Type.Null()], { description: 'null when the bytes are not valid for the encoding.' }),
  ts: Type.String({ format: 'date-time' })
})

export const IngameStatusResponse = Type.Object({
  sources: Type.Object({ cabemu: Type.Array(CabemuStatus), multiemu: MultiemuStatus }),
  game: Nullable(Type.Object({
    systemId: Type.String(),
    rom: Type.String(),
    from: Type.String({ description: 'Who told us the game runs: `frontend`, or the id of the game source that reported the content (`multiemu`, `cabemu`, `cabemu2`).' })
  })),
  runningContent: Nullable(Type.Object({ systemId: Type.String(), contentName: Type.String(), crc32: Type.String() })),
  definition: Nullable(Type.Object({ systemId: Type.String(), rom: Type.String(), file: Type.String(), watchCount: Type.Integer() })),
  definitionErrors: Type.Array(Type.String({ description: 'Definition files that could not be read, with the reason.' })),
  lastValues: Type.Array(LastValue)
}, {
  description: 'Sources, running content, the definition in use and the last values read.',
  examples: [{
    sources: {
      cabemu: [{ instance: 'cabemu', enabled: true, host: '127.0.0.1', port: 8000, connected: true, machineName: 'pong', linesReceived: 120, ignoredLines: 0, mamePlugin: null }],
      multiemu: { enabled: true, host: '127.0.0.1', port: 55355, pollHz: 60, reachable: true, memoryCommand: 'READ_CORE_RAM', ignoredReplies: 0 }
    },
    game: { systemId: 'nes', rom: 'counter', from: 'frontend' },
    runningContent: { systemId: 'Nestopia', contentName: 'counter', crc32: 'ccd09037' },
    definition: { systemId: 'nes', rom: 'counter', file: '/home/pi/.local/share/cabinet-hub/ingame/definitions/nes/counter.json', watchCount: 1 },
    definitionErrors: [],
    lastValues: [{ key: 'P1_SCORE', address: '0x0010', role: 'score', player: 1, rawValueHex: '0x2A00', value: 42, ts: '2026-11-21T20:00:00.000Z' }]
  }]
})

export type IngameStatus = Static<typeof IngameStatusResponse>
