/** What the events of every game source share: the running game's fields, and the content and memory events of a source that reports them. */
import { Type } from 'typebox'
import { define, int, nullableNumber, open, str } from '../core/events/definition.js'

export const runningGameFields = {
  SystemId: str('System of the running game (the frontend\'s id, else the emulator\'s).'),
  Rom: str('Rom of the running game (the frontend\'s rom stem, else the emulator\'s content name).')
}
const contentFields = {
  SystemId: str('System as the emulator reports it.'),
  ContentName: str('Content name as the emulator reports it.'),
  Crc32: str('Content CRC32 (lower-case hex).')
}
/** Content and watched memory as one emulator source reports them (multiemu; cabemu through the MAME plugin bridge). */
export function memoryEvents<const I extends string> (source: I, which: string) {
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

