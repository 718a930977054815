/** The events of the arcade emulator instances (MAME's network outputs, and its cabinethub plugin). */
import { Type } from 'typebox'
import { define, int, open, str } from '../../core/events/definition.js'
import { memoryEvents, runningGameFields } from '../source-events.js'

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
    define(`${instance}.output.changed` as const, 'Arcade outputs (lamps ...) changed; one event per received change, in order, never coalesced or deduplicated. Not kept in the diagnostics journal.', open({
      ...session,
      Signals: Type.Array(Type.Object({ Key: Type.String(), Value: Type.Integer(), Ts: Type.String({ format: 'date-time' }) }))
    }, 'arcade outputs'), { journaled: false, example: { Source: instance, Port: 8000, MachineName: 'pong', Signals: [{ Key: 'lamp0', Value: 1, Ts: '2026-11-21T20:00:00.000Z' }] } })
  ]
}

export const cabemuSourceEvents = [
  ...cabemuEvents('cabemu', 'first'),
  ...cabemuEvents('cabemu2', 'second'),
  define('ingame.cabemu.session.started', 'An arcade emulator instance started a machine (the in-game view of `cabemu.session.started`).', open({
    Source: str('Emulator instance (`cabemu`, `cabemu2`).'), MachineName: str('Machine (rom) name.'), Port: int('Output server port.'), ...runningGameFields
  }, 'arcade session'), { example: { Source: 'cabemu', MachineName: 'pong', Port: 8000, SystemId: 'arcade', Rom: 'pong' } }),
  define('ingame.cabemu.session.stopped', 'An arcade emulator instance stopped its machine, or its connection dropped.', open({
    Source: str('Emulator instance (`cabemu`, `cabemu2`).'), MachineName: str('Machine (rom) name.'), Port: int('Output server port.'), ...runningGameFields,
    Reason: Type.Union([Type.Literal('stopped'), Type.Literal('disconnected')])
  }, 'arcade session'), { example: { Source: 'cabemu', MachineName: 'pong', Port: 8000, SystemId: 'arcade', Rom: 'pong', Reason: 'stopped' } }),
  define('arcade.output.changed', 'Normalized arcade output change, one per received change, in order (never coalesced). Not kept in the diagnostics journal.', open({
    Source: str('Emulator instance (`cabemu`, `cabemu2`).'),
    MachineName: str('Machine name.'),
    Key: str('Output name (`lamp0`, `led1` ...).'),
    Value: int('Output value.'),
    Ts: Type.String({ format: 'date-time', description: 'When the change was received.' })
  }, 'arcade output'), { journaled: false, example: { Source: 'cabemu', MachineName: 'pong', Key: 'lamp0', Value: 1, Ts: '2026-11-21T20:00:00.000Z' } }),
  ...memoryEvents('cabemu', 'first arcade emulator instance (its cabinethub plugin)'),
  ...memoryEvents('cabemu2', 'second arcade emulator instance (its cabinethub plugin)')
]
