/** The events of the emulator bridges: arcade outputs, content, watched memory, live score and timer. */
import { Type } from 'typebox'
import { define, field, int, nullableNumber, open, str, type EventMap } from '../core/events/definition.js'
import { sourceKinds } from './source-kinds.js'
import { runningGameFields } from './source-events.js'

/** The live score and timer of the game played (/ws/score, /ws/timer), which overlays read. */
const liveEvents = [
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

/** Event type -> payload type of the live score and timer events (the game sources' events are typed by kind only). */
export type LiveEvents = EventMap<typeof liveEvents>

/** The events of every game source kind, then the normalized in-game events, live score and timer. */
export const gameEvents = [
  ...sourceKinds.flatMap((kind) => kind.events),
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
  ...liveEvents
]

/** Event type -> payload type of the game events. */
export type GameEvents = EventMap<typeof gameEvents>
