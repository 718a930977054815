/**
 * Latest values at a client's rate: a stream row may say that some of its event types carry values
 * (a lamp's state) of which a client needs the latest, not every change. Such events wait in the
 * client's window, a newer value replacing the one of the same key, and leave as one batch event
 * per window; every other event goes out at once, in order.
 */
import type { Envelope, EventPayload } from '../envelope.js'

/** The values an event carries, each with the key a newer value replaces it by. */
export type LatestValues = ReadonlyArray<readonly [key: string, value: Record<string, unknown>]>

export interface LatestValuesRule {
  /** The query parameter a client asks its rate with (`/ws/venue?outputsHz=2`). */
  readonly parameter: string
  readonly defaultHz: number
  readonly minHz: number
  readonly maxHz: number
  /** The parameter's value that asks for every change, each as its own event (as without the rule). */
  readonly everyChange: string
  /** The event types whose values are batched. */
  readonly types: readonly string[]
  /** The batch's event type, declared by the module that owns the row. */
  readonly batchType: string
  readonly valuesOf: (envelope: Envelope) => LatestValues
  /** The batch's payload: the latest value of every key that changed in the window. */
  readonly batchPayload: (values: ReadonlyArray<Record<string, unknown>>) => EventPayload
}

/** The window a client's query asks for, in ms; null for every change. Out of range is clamped, not refused: a page's typo still gets a sane rate. */
export function windowMsOf (rule: LatestValuesRule, asked: unknown): number | null {
  if (asked === rule.everyChange) return null
  const hz = typeof asked === 'string' && asked.trim() !== '' ? Number(asked) : Number.NaN
  const bounded = Number.isFinite(hz) ? Math.min(rule.maxHz, Math.max(rule.minHz, hz)) : rule.defaultHz
  return 1000 / bounded
}

/**
 * One client's window. Idle, the first change goes out at once; then at most one batch per
 * period, carrying what changed meanwhile, so a lamp that ends ON is seen ON one period later at most.
 */
export class LatestWindow {
  readonly #types: ReadonlySet<string>
  readonly #pending = new Map<string, Record<string, unknown>>()
  #timer: NodeJS.Timeout | null = null

  constructor (readonly rule: LatestValuesRule, readonly periodMs: number, readonly send: (payload: EventPayload) => void) {
    this.#types = new Set(rule.types)
  }

  takes (type: string): boolean {
    return this.#types.has(type)
  }

  /** `values`: what the rule's `valuesOf` found in the event, worked out once for every window of the stream. */
  add (values: LatestValues): void {
    for (const [key, value] of values) this.#pending.set(key, value)
    if (this.#timer === null) this.#flush()
  }

  stop (): void {
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
    this.#pending.clear()
  }

  readonly #flush = (): void => {
    this.#timer = null
    if (this.#pending.size === 0) return
    const values = [...this.#pending.values()]
    this.#pending.clear()
    this.send(this.rule.batchPayload(values))
    this.#timer = setTimeout(this.#flush, this.periodMs)
  }
}
