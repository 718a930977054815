/**
 * What the service knows about an event type (its payload schema and example for the AsyncAPI
 * document, whether the last one is retained for late joiners, how snapshots coalesce), and the
 * helpers modules describe their events with. Each module owns the definitions of its events.
 */
import { Type, type TSchema } from 'typebox'
import type { EventPayload } from '../envelope.js'

export interface EventDefinition {
  readonly type: string
  readonly description: string
  readonly payload: TSchema
  readonly example: EventPayload | null
  /**
   * Snapshot events only: pending frames with the same key are replaced by the newest one, and an
   * event whose `Sequence` is lower than the last one published under the key is dropped.
   * Input, output and unlock events never have one.
   */
  readonly coalesceKey: ((payload: EventPayload) => string) | null
  /** Retained-store slot: the last event of the slot replays to every new client whose stream includes it. */
  readonly retainSlot: string | null
  /** Publishing this type empties the named slot (a session that ended must not replay). */
  readonly clearsSlot: string | null
}

/** A payload object whose every member is optional and that may grow (the contract is additive). */
export const open = (properties: Record<string, TSchema>, description: string): TSchema =>
  Type.Object(Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, Type.Optional(v)])), { additionalProperties: true, description })

export const str = (description: string): TSchema => Type.String({ description })
export const int = (description: string): TSchema => Type.Integer({ description })
export const nullableNumber = (description: string): TSchema => Type.Union([Type.Number(), Type.Null()], { description })

/** A coalesce key that is the type itself: one pending snapshot of the type at a time. */
export const byType = (payloadType: string) => () => payloadType
export const field = (payload: EventPayload, name: string): string => String(payload[name] ?? '')

export function define (type: string, description: string, payload: TSchema, extra: Partial<Omit<EventDefinition, 'type' | 'description' | 'payload'>> = {}): EventDefinition {
  return { type, description, payload, example: null, coalesceKey: null, retainSlot: null, clearsSlot: null, ...extra }
}
