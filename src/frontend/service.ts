/**
 * The frontend link: every hook, whichever door it used, goes through `accept` in arrival order;
 * it gets its Sequence, is published raw on esevent, updates the context and becomes ui.* events.
 */
import { randomUUID } from 'node:crypto'
import type { Publisher } from '../core/event-bus.js'
import type { LibraryCatalog } from '../library/index.js'
import { frontendSystemId } from '../identity/index.js'
import { SelectionBurstGate } from './burst-gate.js'
import type { FrontendEvents } from './events.js'
import { FrontendContext, gameRef } from './context.js'
import type { HookEvent } from './hook-event.js'
import type { FrontendLifecycle } from './lifecycle.js'
import { gameEndedPayload, gameSelectedPayload, gameStartedPayload, systemSelectedPayload, uiEventPayload, type HookStamp } from './ui-payloads.js'

/** How many recent hook ids are remembered to drop a hook that came through two doors. */
const rememberedHookIds = 1024

export interface AcceptResult {
  readonly sequence: number
  /** false when the same hook id was already accepted through another door. */
  readonly applied: boolean
}

export interface FrontendLinkDeps {
  readonly publisher: Publisher<FrontendEvents>
  readonly now: () => Date
  /** Selections closer together than this are a burst (see SelectionBurstGate). */
  readonly selectionBurstMs: number
}

export class FrontendLink {
  readonly context = new FrontendContext()
  readonly #deps: FrontendLinkDeps
  readonly #catalog: LibraryCatalog
  readonly #lifecycle: FrontendLifecycle
  readonly #gate: SelectionBurstGate
  readonly #seenHookIds = new Set<string>()
  #sequence = 0
  #accepted = 0
  #lastHookAtUtc: string | null = null
  readonly #bySource = { http: 0, 'events.ini': 0, spool: 0 }

  constructor (deps: FrontendLinkDeps, catalog: LibraryCatalog, lifecycle: FrontendLifecycle) {
    this.#deps = deps
    this.#catalog = catalog
    this.#lifecycle = lifecycle
    this.#gate = new SelectionBurstGate(deps.selectionBurstMs)
  }

  accept (hook: HookEvent): AcceptResult {
    if (hook.hookId !== null) {
      if (this.#seenHookIds.has(hook.hookId)) return { sequence: this.#sequence, applied: false }
      this.#seenHookIds.add(hook.hookId)
      if (this.#seenHookIds.size > rememberedHookIds) this.#seenHookIds.delete(this.#seenHookIds.values().next().value!)
    }
    const sequence = ++this.#sequence
    const receivedAt = this.#deps.now()
    const correlationId = randomUUID()
    this.#accepted++
    this.#bySource[hook.source]++
    this.#lastHookAtUtc = receivedAt.toISOString()
    this.#deps.publisher.publish('esevent.events_refresh', {
      EventName: hook.event,
      Source: hook.source,
      Sequence: sequence,
      RawArgs: [...hook.args],
      ReceivedAtUtc: receivedAt.toISOString()
    }, { correlationId })
    this.#apply(hook, { EventName: hook.event, RawArgs: [...hook.args], Source: hook.source, Sequence: sequence }, correlationId, receivedAt)
    return { sequence, applied: true }
  }

  status () {
    return { hooksAccepted: this.#accepted, hooksBySource: { ...this.#bySource }, lastHookAtUtc: this.#lastHookAtUtc, lastSequence: this.#sequence }
  }

  stop (): void {
    this.#gate.stop()
  }

  #publish<K extends keyof FrontendEvents & string> (type: K, payload: FrontendEvents[K], correlationId: string): void {
    this.#deps.publisher.publish(type, payload, { correlationId })
  }

  #apply (hook: HookEvent, stamp: HookStamp, correlationId: string, receivedAt: Date): void {
    const [first, second, third] = hook.args
    const catalog = this.#catalog
    switch (hook.event) {
      case 'system-selected': {
        const systemId = frontendSystemId(first!)
        this.context.selectSystem(systemId)
        const payload = systemSelectedPayload(stamp, systemId, this.context.snapshot())
        this.#gate.offer(() => this.#publish('ui.system.selected', payload, correlationId))
        return
      }
      case 'game-selected': {
        const ref = gameRef(frontendSystemId(first!), second!.trim(), third)
        this.context.selectGame(ref)
        const payload = gameSelectedPayload(stamp, ref, this.context.snapshot(), catalog)
        this.#gate.offer(() => this.#publish('ui.game.selected', payload, correlationId))
        return
      }
    }
    // Whatever else the frontend did comes after the selection it interrupted.
    this.#gate.flush()
    switch (hook.event) {
      case 'game-start': {
        const running = this.context.startGame(first!.trim(), second, third, receivedAt)
        this.#publish('ui.game.started', gameStartedPayload(stamp, running, this.context.snapshot(), catalog), correlationId)
        return
      }
      case 'game-end': {
        const ended = this.context.endGame()
        this.#publish('ui.game.ended', gameEndedPayload(stamp, ended, this.context.snapshot(), catalog), correlationId)
        return
      }
      case 'start':
      case 'quit':
        this.#lifecycle.hook(hook.event)
        return
      default:
        this.#publish('ui.event', uiEventPayload(stamp, this.context.snapshot(), catalog), correlationId)
    }
  }
}
