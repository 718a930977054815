/**
 * What the service knows about an event type (its payload schema and example for the AsyncAPI
 * document, whether the last one is retained for late joiners, how snapshots coalesce), and the
 * helpers modules describe their events with. Each module owns the definitions of its events.
 */
import { Type, type Static, type TInteger, type TNull, type TNumber, type TObject, type TOptional, type TProperties, type TSchema, type TString, type TUnion } from 'typebox'
import type { EventPayload } from '../envelope.js'

/** An event type with its payload schema; the schema's static type is the payload's type. */
export interface EventDefinition<T extends string = string, S extends TSchema = TSchema> {
  readonly type: T
  readonly description: string
  readonly payload: S
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
  /**
   * Whether the diagnostics journal keeps it. Not for signals at lamp rate: a venue relays thousands
   * a second, which would push every other event out of the journal within seconds and keep the
   * disk (a Pi's SD card) writing, with a checkpoint that held the loop for 20 ms every few seconds.
   */
  readonly journaled: boolean
}

type Opened<P extends TProperties> = TObject<{ [K in keyof P]: TOptional<P[K]> }>

/** A payload object whose every member is optional and that may grow (the contract is additive). */
export const open = <P extends TProperties>(properties: P, description: string): Opened<P> =>
  Type.Object(Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, Type.Optional(v)])), { additionalProperties: true, description }) as unknown as Opened<P>

export const str = (description: string): TString => Type.String({ description })
export const int = (description: string): TInteger => Type.Integer({ description })
export const nullableNumber = (description: string): TUnion<[TNumber, TNull]> => Type.Union([Type.Number(), Type.Null()], { description })

/** A coalesce key that is the type itself: one pending snapshot of the type at a time. */
export const byType = (payloadType: string) => () => payloadType
export const field = (payload: EventPayload, name: string): string => String(payload[name] ?? '')

/** Declares an event type; the literal type and the schema's static type are kept for publishers and subscribers. */
export function define<const T extends string, S extends TSchema> (type: T, description: string, payload: S, extra: Partial<Omit<EventDefinition, 'type' | 'description' | 'payload'>> = {}): EventDefinition<T, S> {
  return { type, description, payload, example: null, coalesceKey: null, retainSlot: null, clearsSlot: null, journaled: true, ...extra }
}

/** Event type -> payload type, for a list of definitions. */
export type EventMap<D extends readonly EventDefinition[]> = { [E in D[number] as E['type']]: Static<E['payload']> }
