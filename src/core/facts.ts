/**
 * Internal facts: what a module tells the others of its domain, typed and complete (every field
 * present, null spelled out), apart from the PascalCase wire payloads clients read. A module owns
 * a channel for its facts and provides its `Facts` side as a service; the others listen to it and
 * never read its wire payloads. Facts keep the bus's one order: a fact told after an event was
 * published reaches its listeners after that event reached every transport.
 */

export type FactListener<F> = (fact: F) => void

/** The listening side, which a module hands the others. */
export interface Facts<M> {
  /** Calls `listener` with each fact of `type`, in order; returns the unsubscribe. */
  on<K extends keyof M & string> (type: K, listener: FactListener<M[K]>): () => void
}

/** Tells listeners in the bus's order (EventBus.inOrder). */
export type InOrder = (tell: ReadonlyArray<() => void>, name: string) => void

export class FactChannel<M> implements Facts<M> {
  readonly #listeners = new Map<string, Set<FactListener<never>>>()
  readonly #inOrder: InOrder

  constructor (inOrder: InOrder) {
    this.#inOrder = inOrder
  }

  on<K extends keyof M & string> (type: K, listener: FactListener<M[K]>): () => void {
    const listeners = this.#listeners.get(type) ?? new Set()
    this.#listeners.set(type, listeners)
    listeners.add(listener)
    return () => { listeners.delete(listener) }
  }

  tell<K extends keyof M & string> (type: K, fact: M[K]): void {
    const listeners = this.#tellings(type, fact)
    if (listeners.length > 0) this.#inOrder(listeners, `fact ${type}`)
  }

  /**
   * Tells a fact ahead of the event it announces: `publish` runs once every listener was told, so
   * what a listener publishes for it (a started game's panel) reaches the transports first, even
   * when the bus is in the middle of delivering another event.
   */
  tellBefore<K extends keyof M & string> (type: K, fact: M[K], publish: () => void): void {
    this.#inOrder([...this.#tellings(type, fact), publish], `fact ${type}`)
  }

  #tellings<K extends keyof M & string> (type: K, fact: M[K]): Array<() => void> {
    const listeners = [...this.#listeners.get(type) ?? []] as Array<FactListener<M[K]>>
    return listeners.map((listener) => () => { listener(fact) })
  }
}
