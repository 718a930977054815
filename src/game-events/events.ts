/** The events of the emulator bridges: arcade outputs, content, watched memory, live score and timer. */
import { Type } from 'typebox'
import { define, field, int, nullableNumber, open, str, type EventMap } from '../core/events/definition.js'

const runningGameFields = {
  SystemId: str('System of the running game (the frontend\'s id, else the emulator\'s).'),
  Rom: str('Rom of the running game (the frontend\'s rom stem, else the emulator\'s content name).')
}
const contentFields = {
  SystemId: str('System as the emulator reports it.'),
  ContentName: str('Content name as the emulator reports it.'),
  Crc32: str('Content CRC32 (lower-case hex).')
}
/** The events of one cabemu instance; the instance name is also their type prefix. */
function cabemuEvents<const I extends string> (instance: I, which: string) {
  const session = { Source: str('Emulator instance.'), MachineName: str('Machine (rom) name.'), Port: int('Output server port.') }
  return [
    define(`${instance}.session.started` as const, `The ${which} arcade emulator instance started a machine.`, open(session, 'arcade session'), {
      example: { Source: instance, MachineName: 'pong', Port: 8000 }
    }),
    define(`${instance}.session.stopped` as const, `The ${which} arcade emulator instance stopped its machine, or its connection dropped.`, open({
      ...session,
      Reason: Type.Union([Type.Literal('stopped'), Type.Literal('disconnected')], { description: '`stopped`: the emulator said so; `disconnected`: the connection dropped mid-session.' })
    }, 'arcade session'), { example: { Source: instance, MachineName: 'pong', Port: 8000, Reason: 'stopped' } }),
    define(`${instance}.output.changed` as const, 'Arcade outputs (lamps ...) changed; one event per received change, in order, never coalesced or deduplicated.', open({
      ...session,
      Signals: Type.Array(Type.Object({ Key: Type.String(), Value: Type.Integer(), Ts: Type.String({ format: 'date-time' }) }))
    }, 'arcade outputs'), { example: { Source: instance, Port: 8000, MachineName: 'pong', Signals: [{ Key: 'lamp0', Value: 1, Ts: '2026-11-21T20:00:00.000Z' }] } })
  ]
}

/** Content and watched memory as one emulator source reports them (multiemu; cabemu through the MAME plugin bridge). */
function memoryEvents<const I extends string> (source: I, which: string) {
  return [
    define(`${source}.content.started` as const, `The ${which} started content.`, open(contentFields, 'content start'), {
      example: { SystemId: 'Nestopia', ContentName: 'counter', Crc32: 'ccd09037' }
    }),
    define(`${source}.content.stopped` as const, `The ${which} stopped content, or stopped answering.`, open({
      ...contentFields,
      Reason: Type.Union([Type.Literal('stopped'), Type.Literal('unreachable')], { description: '`stopped`: the emulator closed the content; `unreachable`: it stopped answering (killed or crashed).' })
    }, 'content stop'), { example: { SystemId: 'Nestopia', ContentName: 'counter', Crc32: 'ccd09037', Reason: 'unreachable' } }),
    define(`${source}.memory.changed` as const, 'A watched memory value changed (emulator view: content and raw read).', open({
      ...runningGameFields,
      ContentName: str('Content name from the emulator.'),
      Crc32: str('Content CRC32 from the emulator (empty when it gives none).'),
      Key: str('Watch key.'),
      Address: str('Watched address (`0x0010`).'),
      Size: int('Bytes read.'),
      Encoding: str('Watch encoding.'),
      RawValueHex: str('The bytes in memory order.'),
      Value: nullableNumber('Decoded value; null when the bytes are not valid for the encoding.'),
      Ts: Type.String({ format: 'date-time' })
    }, 'memory change'), {
      example: { SystemId: 'nes', Rom: 'counter', ContentName: 'counter', Crc32: 'ccd09037', Key: 'P1_SCORE', Address: '0x0010', Size: 2, Encoding: 'uint-le', RawValueHex: '0x2A00', Value: 42, Ts: '2026-11-21T20:00:00.000Z' }
    })
  ]
}

export const gameEvents = [
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
  ...memoryEvents('multiemu', 'multi-system emulator (from its GET_STATUS)'),
  ...memoryEvents('cabemu', 'first arcade emulator instance (its cabinethub plugin)'),
  ...memoryEvents('cabemu2', 'second arcade emulator instance (its cabinethub plugin)'),
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
  define('score.live.changed', 'Live score of a player (retained, latest wins; published only when it changes; `score.live.cleared` drops it at game start and end).', open({
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
  define('score.live.cleared', 'A game started or ended: the live scores of the last one are dropped, retained one included (a page that joins now gets none).', open({
    Reason: str('`game-started` or `game-ended`.')
  }, 'live score cleared'), { clearsSlot: 'score.live.changed', example: { Reason: 'game-ended' } }),
  define('timer.live.cleared', 'A game started or ended: the live timers of the last one are dropped, retained one included.', open({
    Reason: str('`game-started` or `game-ended`.')
  }, 'live timer cleared'), { clearsSlot: 'timer.live.changed', example: { Reason: 'game-ended' } }),
  define('timer.live.changed', 'Live game timer (retained, latest wins; published only when it changes; `timer.live.cleared` drops it at game start and end).', open({
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
  })
]

/** Event type -> payload type of the game events. */
export type GameEvents = EventMap<typeof gameEvents>
