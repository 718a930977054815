/** Events of the service itself. */
import { Type } from 'typebox'
import { define, type EventDefinition } from './definition.js'

export const coreEvents: readonly EventDefinition[] = [
  define('startup.ready', 'Every module finished its start phase.', Type.Object({
    ReadyAtUtc: Type.String({ format: 'date-time', description: 'When the service became ready.' }),
    Version: Type.String({ description: 'Service version.' })
  }, { additionalProperties: true }), { example: { ReadyAtUtc: '2026-11-21T20:00:00.000Z', Version: '0.1.0' } })
]
