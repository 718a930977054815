/**
 * Toasts in the order they were posted, at most one on screen per position: a toast waits until
 * the one before it at its position has had its duration.
 */
import type { ToastPosition } from './schemas.js'

export interface QueuedToast {
  readonly id: string
  readonly position: ToastPosition
  readonly durationMs: number
}

export class ToastQueue<T extends QueuedToast> {
  readonly #waiting = new Map<ToastPosition, T[]>()
  readonly #showing = new Map<ToastPosition, NodeJS.Timeout>()

  constructor (private readonly show: (toast: T) => void) {}

  add (toast: T): void {
    const waiting = this.#waiting.get(toast.position) ?? []
    waiting.push(toast)
    this.#waiting.set(toast.position, waiting)
    if (!this.#showing.has(toast.position)) this.#next(toast.position)
  }

  /** How many toasts wait behind the ones on screen. */
  get pending (): number {
    return [...this.#waiting.values()].reduce((sum, list) => sum + list.length, 0)
  }

  stop (): void {
    for (const timer of this.#showing.values()) clearTimeout(timer)
    this.#showing.clear()
    this.#waiting.clear()
  }

  #next (position: ToastPosition): void {
    const toast = this.#waiting.get(position)?.shift()
    if (toast === undefined) {
      this.#showing.delete(position)
      return
    }
    this.#showing.set(position, setTimeout(() => { this.#next(position) }, toast.durationMs))
    this.show(toast)
  }
}
