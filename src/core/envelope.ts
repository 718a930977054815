import { Type } from 'typebox'

/** The wire shape of every WebSocket message (spec §2.1): these five fields and nothing else. */
export const EnvelopeSchema = Type.Object({
  Type: Type.String({ description: 'Dotted event type, used for routing.', examples: ['ui.game.selected'] }),
  Ts: Type.String({ format: 'date-time', description: 'Server-side timestamp, ISO-8601 UTC.' }),
  NodeId: Type.Optional(Type.String({ description: 'Identity of the emitting node.', examples: ['cab-01'] })),
  CorrelationId: Type.Optional(Type.String({ description: 'Correlates the events of one interaction.' })),
  Payload: Type.Record(Type.String(), Type.Unknown(), { description: 'Body specific to the event type. Only ever grows.' })
}, { additionalProperties: false })

export type EventPayload = Record<string, unknown>

export interface Envelope<P extends EventPayload = EventPayload> {
  readonly Type: string
  readonly Ts: string
  readonly NodeId: string
  readonly CorrelationId: string
  readonly Payload: P
}

/** Event types are dotted lowercase words, as in the stream table (`panel.state`, `instruction-card.snapshot`). */
export const eventTypePattern = '^[a-z0-9]+(?:[-_][a-z0-9]+)*(?:\\.[a-z0-9]+(?:[-_][a-z0-9]+)*)+$'
