/**
 * Every event type the service publishes, gathered from the core and the modules at start: the bus
 * asks it how a type coalesces, which slot it is retained in and which manager gates it, the gateway in which order
 * retained events replay, and the API documents what each payload looks like.
 */
import { streamIncludes, type StreamDefinition } from '../stream-table.js'
import type { ManagerId } from '../gates.js'
import type { EventDefinition } from './definition.js'

/** An event type with the manager of the module that declares it (null: never gated). */
export interface CatalogEntry {
  readonly definition: EventDefinition
  readonly gate: ManagerId | null
}

export class EventCatalog {
  readonly definitions: readonly EventDefinition[]
  /** Retained slots in replay order: the order of the definitions (the achievements catalog before the session). */
  readonly retainedSlots: readonly string[]
  readonly #byType: ReadonlyMap<string, CatalogEntry>

  constructor (entries: readonly CatalogEntry[]) {
    this.definitions = entries.map((e) => e.definition)
    this.#byType = new Map(entries.map((e) => [e.definition.type, e]))
    if (this.#byType.size !== entries.length) throw new Error('an event type is defined twice')
    this.retainedSlots = [...new Set(this.definitions.flatMap((d) => d.retainSlot === null ? [] : [d.retainSlot]))]
  }

  definition (type: string): EventDefinition | undefined {
    return this.#byType.get(type)?.definition
  }

  /** The manager whose switch gates the type; null for types of the core and for undeclared ones. */
  gateOf (type: string): ManagerId | null {
    return this.#byType.get(type)?.gate ?? null
  }

  retainedTypes (): string[] {
    return this.definitions.filter((d) => d.retainSlot !== null).map((d) => d.type)
  }

  /** Retained event types a stream delivers. */
  retainedTypesOf (stream: StreamDefinition): string[] {
    return this.retainedTypes().filter((type) => streamIncludes(stream, type))
  }
}
