import { Type } from 'typebox'
import { EnvelopeSchema, eventTypePattern } from '../core/envelope.js'

export const IngestBody = Type.Object({
  Type: Type.String({ pattern: eventTypePattern, maxLength: 200, description: 'Dotted event type.' }),
  Payload: Type.Record(Type.String(), Type.Unknown(), { description: 'Event payload (an object).' }),
  CorrelationId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 }))
}, {
  additionalProperties: false,
  examples: [{ Type: 'panel.state', Payload: { SelectionKey: 'mame|1943', SystemId: 'mame', Rom: '1943', Sequence: 1 } }]
})

export const IngestResponse = Type.Object({
  accepted: Type.Literal(true),
  published: Type.Boolean({ description: 'false when dropped as stale (an older Sequence than the last of its key).' }),
  dropReason: Type.Union([Type.Literal('stale'), Type.Null()])
}, { description: 'Accepted.', examples: [{ accepted: true, published: true, dropReason: null }] })

export const RecentQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  prefix: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Only event types starting with this.' }))
}, { additionalProperties: false })

export const RecentResponse = Type.Object({
  events: Type.Array(EnvelopeSchema, { description: 'Newest first.' })
}, {
  description: 'Recent events.',
  examples: [{ events: [{ Type: 'startup.ready', Ts: '2026-11-21T20:00:01.250Z', NodeId: 'cab-01', CorrelationId: '0b6c7a55-1f0e-4f43-9d0e-3c1c2f1f8a10', Payload: { ReadyAtUtc: '2026-11-21T20:00:01.250Z', Version: '0.1.0' } }] }]
})
