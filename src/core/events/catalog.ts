/**
 * Every event type the service publishes, gathered from the core and the modules at start: the bus
 * asks it how a type coalesces and which slot it is retained in, the gateway in which order
 * retained events replay, and the API documents what each payload looks like.
 */
import { streamIncludes, type StreamDefinition } from '../stream-table.js'
import type { EventDefinition } from './definition.js'

export class EventCatalog {
  readonly definitions: readonly EventDefinition[]
  /** Retained slots in replay order: the order of the definitions (the achievements catalog before the session). */
  readonly retainedSlots: readonly string[]
  readonly #byType: ReadonlyMap<string, EventDefinition>

  constructor (definitions: readonly EventDefinition[]) {
    this.definitions = definitions
    this.#byType = new Map(definitions.map((d) => [d.type, d]))
    if (this.#byType.size !== definitions.length) throw new Error('an event type is defined twice')
    this.retainedSlots = [...new Set(definitions.flatMap((d) => d.retainSlot === null ? [] : [d.retainSlot]))]
  }

  definition (type: string): EventDefinition | undefined {
    return this.#byType.get(type)
  }

  retainedTypes (): string[] {
    return this.definitions.filter((d) => d.retainSlot !== null).map((d) => d.type)
  }

  /** Retained event types a stream delivers. */
  retainedTypesOf (stream: StreamDefinition): string[] {
    return this.retainedTypes().filter((type) => streamIncludes(stream, type))
  }
}
