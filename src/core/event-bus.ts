/**
 * The typed in-process bus. Modules publish here; the stream gateway, the journal and any later
 * bridge subscribe. One order on every transport: an event is handed to every listener before the
 * next one is, so an event a listener publishes while it is told of another (the panel of a
 * selection) waits until that one has reached every listener, not only the ones before it.
 */
import { randomUUID } from 'node:crypto'
import type { Envelope, EventPayload } from './envelope.js'
import type { EventDefinition } from './events/definition.js'
import type { ManagerId } from './gates.js'

export interface PublishOptions {
  readonly correlationId?: string
  /** false publishes without touching the retained store (designer previews). */
  readonly retain?: boolean
  /**
   * Its frames, and every frame written before them, leave at once instead of with the rest of the
   * turn's writes: what the frontend shows now, ahead of the snapshots, hiscores and panels its
   * listeners make of it in the same turn.
   */
  readonly leaveNow?: boolean
}

export interface PublishedEvent {
  readonly envelope: Envelope
  /** The envelope serialized once, shared by every transport. */
  readonly json: string
  readonly coalesceKey: string | null
  readonly retainSlot: string | null
  readonly clearsSlot: string | null
  readonly journaled: boolean
  readonly leaveNow: boolean
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

/** Publishes the events of one map (a module's own): another type, or a payload of another shape, does not compile. */
export interface Publisher<M> {
  publish<K extends keyof M & string> (type: K, payload: M[K], options?: PublishOptions): PublishResult
}

export class EventBus {
  readonly #options: EventBusOptions
  readonly #listeners: EventListener[] = []
  readonly #lastSequence = new Map<string, number>()
  /** Events published, and facts told, while another is being delivered, in that order. */
  readonly #waiting: Array<PublishedEvent | (() => void)> = []
  #delivering = false

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

  /** An envelope of this node, now; published, or sent to one client only (a batch of its window). */
  envelope (type: string, payload: EventPayload, correlationId: string = randomUUID()): Envelope {
    return { Type: type, Ts: this.#options.now().toISOString(), NodeId: this.#options.nodeId, CorrelationId: correlationId, Payload: payload }
  }

  /** Any declared type; modules publish through their typed Publisher. An undeclared type is a programming error. */
  publish (type: string, payload: EventPayload, options: PublishOptions = {}): PublishResult {
    const definition = this.#options.definition(type)
    if (definition === undefined) throw new Error(`event type ${type} is not declared by any module`)
    const manager = this.#options.disabledOwner(type)
    if (manager !== null) return { published: false, reason: 'manager-disabled', manager }

    const coalesceKey = definition.coalesceKey?.(payload) ?? null
    if (coalesceKey !== null && typeof payload.Sequence === 'number') {
      const last = this.#lastSequence.get(coalesceKey)
      if (last !== undefined && payload.Sequence < last) return { published: false, reason: 'stale', coalesceKey }
      this.#lastSequence.set(coalesceKey, payload.Sequence)
    }

    const envelope = this.envelope(type, payload, options.correlationId)
    const event: PublishedEvent = {
      envelope,
      json: JSON.stringify(envelope),
      coalesceKey,
      retainSlot: options.retain === false ? null : definition.retainSlot,
      clearsSlot: definition.clearsSlot,
      journaled: definition.journaled,
      leaveNow: options.leaveNow === true
    }
    this.#deliver(event)
    return { published: true, event }
  }

  /**
   * Hands every listener an envelope another node published, unchanged (its own NodeId, Ts and
   * CorrelationId): a venue relaying its cabinets. Never retained or coalesced here, since the
   * retained store and the sequences belong to this node's own events. `json` is the envelope as
   * received, when the caller has it, so it is not serialized again.
   */
  relay (envelope: Envelope, json = JSON.stringify(envelope)): void {
    this.#deliver({ envelope, json, coalesceKey: null, retainSlot: null, clearsSlot: null, journaled: this.#options.definition(envelope.Type)?.journaled ?? true, leaveNow: false })
  }

  /**
   * Runs `tell` (a module telling its listeners an internal fact, one call each) in the same order
   * as the events: now, or right after the event being delivered. Every listener is told before
   * anything one of them publishes is delivered, as with an event.
   */
  inOrder (tell: ReadonlyArray<() => void>, name: string): void {
    this.#waiting.push(() => {
      for (const listener of tell) {
        try {
          listener()
        } catch (error) {
          this.#options.onListenerError(error, name)
        }
      }
    })
    this.#drain()
  }

  /** Delivered now, or right after the event being delivered when a listener published it. */
  #deliver (event: PublishedEvent): void {
    this.#waiting.push(event)
    this.#drain()
  }

  #drain (): void {
    if (this.#delivering) return
    this.#delivering = true
    try {
      for (let next = this.#waiting.shift(); next !== undefined; next = this.#waiting.shift()) {
        if (typeof next === 'function') next()
        else this.#toListeners(next)
      }
    } finally {
      this.#delivering = false
    }
  }

  #toListeners (event: PublishedEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event)
      } catch (error) {
        this.#options.onListenerError(error, event.envelope.Type)
      }
    }
  }
}
