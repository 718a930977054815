/**
 * The typed in-process bus. Modules publish here; the stream gateway, the journal and any later
 * bridge subscribe. Publishing is synchronous so the order of publish calls is the order on every
 * transport.
 */
import { randomUUID } from 'node:crypto'
import type { Envelope, EventPayload } from './envelope.js'
import type { EventDefinition } from './events/definition.js'
import type { ManagerId } from './gates.js'

/** Payload types of events whose shape the code relies on; modules extend it by declaration merging. */
export interface EventPayloads {
  'startup.ready': { ReadyAtUtc: string, Version: string }
}

export interface PublishOptions {
  readonly correlationId?: string
  /** false publishes without touching the retained store (designer previews). */
  readonly retain?: boolean
}

export interface PublishedEvent {
  readonly envelope: Envelope
  /** The envelope serialized once, shared by every transport. */
  readonly json: string
  readonly coalesceKey: string | null
  readonly retainSlot: string | null
  readonly clearsSlot: string | null
}

export type PublishResult =
  | { readonly published: true, readonly event: PublishedEvent }
  | { readonly published: false, readonly reason: 'manager-disabled', readonly manager: ManagerId }
  | { readonly published: false, readonly reason: 'stale', readonly coalesceKey: string }

export type EventListener = (event: PublishedEvent) => void

export interface EventBusOptions {
  readonly nodeId: string
  readonly now: () => Date
  /** How a type coalesces and where it is retained; undefined for a type nobody defined. */
  readonly definition: (type: string) => EventDefinition | undefined
  /** The manager that owns the type when that manager is switched off, else null. */
  readonly disabledOwner: (type: string) => ManagerId | null
  readonly onListenerError: (error: unknown, type: string) => void
}

type PayloadOf<T extends string> = T extends keyof EventPayloads ? EventPayloads[T] : EventPayload

export class EventBus {
  readonly #options: EventBusOptions
  readonly #listeners: EventListener[] = []
  readonly #lastSequence = new Map<string, number>()

  constructor (options: EventBusOptions) {
    this.#options = options
  }

  /** Returns a function that removes the listener. */
  subscribe (listener: EventListener): () => void {
    this.#listeners.push(listener)
    return () => {
      const index = this.#listeners.indexOf(listener)
      if (index >= 0) this.#listeners.splice(index, 1)
    }
  }

  publish<T extends string> (type: T, payload: PayloadOf<T>, options: PublishOptions = {}): PublishResult {
    return this.#publish(type, payload as EventPayload, options)
  }

  #publish (type: string, payload: EventPayload, options: PublishOptions): PublishResult {
    const manager = this.#options.disabledOwner(type)
    if (manager !== null) return { published: false, reason: 'manager-disabled', manager }

    const definition = this.#options.definition(type)
    const coalesceKey = definition?.coalesceKey?.(payload) ?? null
    if (coalesceKey !== null && typeof payload.Sequence === 'number') {
      const last = this.#lastSequence.get(coalesceKey)
      if (last !== undefined && payload.Sequence < last) return { published: false, reason: 'stale', coalesceKey }
      this.#lastSequence.set(coalesceKey, payload.Sequence)
    }

    const envelope: Envelope = {
      Type: type,
      Ts: this.#options.now().toISOString(),
      NodeId: this.#options.nodeId,
      CorrelationId: options.correlationId ?? randomUUID(),
      Payload: payload
    }
    const event: PublishedEvent = {
      envelope,
      json: JSON.stringify(envelope),
      coalesceKey,
      retainSlot: options.retain === false ? null : definition?.retainSlot ?? null,
      clearsSlot: definition?.clearsSlot ?? null
    }
    for (const listener of this.#listeners) {
      try {
        listener(event)
      } catch (error) {
        this.#options.onListenerError(error, type)
      }
    }
    return { published: true, event }
  }
}
