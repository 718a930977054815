/**
 * The envelope every stream sends, typed by the server's own event declarations: a renamed payload
 * field fails the browser code's type check.
 */
import type { Envelope } from '../../core/envelope.js'

/** An envelope of one of the event types of `Events` (a module's `EventMap`), its payload typed by its `Type`. */
export type EventOf<Events> = {
  readonly [T in keyof Events & string]: Omit<Envelope, 'Type' | 'Payload'> & { readonly Type: T, readonly Payload: Events[T] }
}[keyof Events & string]

/** A payload object the schema leaves open (`additionalProperties`, no members declared): its members are read by name. */
export type OpenBag = Readonly<Record<string, unknown>>

/** An open payload object (or its absence) as a bag of named members. */
export const openBag = (value: object | undefined): OpenBag => (value ?? {}) as OpenBag
