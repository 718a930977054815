/**
 * The frontend link: every hook, whichever door it used, goes through `accept` in arrival order;
 * it gets its Sequence, is published raw on esevent, updates the context and becomes ui.* events.
 */
import { randomUUID } from 'node:crypto'
import type { Publisher } from '../core/event-bus.js'
import type { FactChannel } from '../core/facts.js'
import type { FrontendAction, FrontendAdapter, FrontendGame } from '../frontends/index.js'
import { romKey, type LibraryCatalog } from '../library/index.js'
import { frontendSystemId } from '../identity/index.js'
import { SelectionBurstGate } from './burst-gate.js'
import type { FrontendEvents } from './events.js'
import { FrontendContext, selectionReportMs } from './context.js'
import type { FactOrigin, FrontendFacts } from './facts.js'
import { gameResolver } from './game-on-screen.js'
import type { HookEvent } from './hook-event.js'
import type { FrontendLifecycle } from './lifecycle.js'
import type { Reconciler } from './reconcile.js'
import { gameEndedPayload, gameSelectedPayload, gameStartedPayload, hookStamp, selectionUncertainPayload, systemSelectedPayload, uiEventPayload, type HookStamp } from './ui-payloads.js'

/** How many recent hook ids are remembered to drop a hook that came through two doors. */
const rememberedHookIds = 1024
/**
 * A game selection the same as the hook just before it, this soon after, is the frontend repeating
 * itself (ES fires game-selected three times after every game end, 150-330 ms apart): published once.
 */
const repeatedSelectionMs = 500

export interface AcceptResult {
  readonly sequence: number
  /** false when the same hook id was already accepted through another door. */
  readonly applied: boolean
}

export interface FrontendLinkDeps {
  readonly publisher: Publisher<FrontendEvents>
  /** Where the link tells other modules what it published, as typed facts. */
  readonly facts: FactChannel<FrontendFacts>
  readonly now: () => Date
  /** Selections closer together than this are a burst (see SelectionBurstGate). */
  readonly selectionBurstMs: number
  /** A game started this recently is not ended on the web API's word alone (its game-start may be ahead of ES's own state). */
  readonly startSettleMs: number
  /** The frontend family: what its hooks mean, which carousel entries are collections. */
  readonly adapter: Pick<FrontendAdapter, 'family' | 'hooks' | 'isCollection'>
  /** When the service started (epoch ms): a hook fired before it is a replay of what happened meanwhile. */
  readonly startedAtMs: number
}

export class FrontendLink {
  readonly context: FrontendContext
  readonly #deps: FrontendLinkDeps
  readonly #catalog: LibraryCatalog
  readonly #lifecycle: FrontendLifecycle
  readonly #gate: SelectionBurstGate
  readonly #seenHookIds = new Set<string>()
  #sequence = 0
  #accepted = 0
  #lastHookAtUtc: string | null = null
  readonly #bySource = { http: 0, 'events.ini': 0, spool: 0, mqtt: 0 }
  /** Sequence of the start or end the web API showed, until the hook that reports it arrives. */
  #startInferredAt: number | null = null
  #endInferredAt: number | null = null
  #reconciler: Reconciler | null = null
  /** The last hook when it was a game selection, with its time (fired, else received): a repeat of it soon after is published once. */
  #lastSelection: { readonly signature: string, readonly atMs: number } | null = null
  /** A replayed game start no end followed (yet): told as running only if the game still runs when the replay ends. */
  #replayedStart: FrontendFacts['GameRunning'] | null = null
  /** Looks, once the frontend has had its time to report, whether the last navigation input left the selection uncertain. */
  #uncertainCheck: NodeJS.Timeout | null = null

  constructor (deps: FrontendLinkDeps, catalog: LibraryCatalog, lifecycle: FrontendLifecycle) {
    this.#deps = deps
    this.context = new FrontendContext(deps.adapter.family, gameResolver(catalog), deps.now)
    this.#catalog = catalog
    this.#lifecycle = lifecycle
    this.#gate = new SelectionBurstGate(deps.selectionBurstMs)
  }

  get #hooks () {
    return this.#deps.adapter.hooks
  }

  #isCollection (systemId: string): boolean {
    return this.#deps.adapter.isCollection(systemId)
  }

  /** The reconciler asks the web API when a hook may have been missed. */
  useReconciler (reconciler: Reconciler): void {
    this.#reconciler = reconciler
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
    const occurredAt = hook.firedAtMs === null ? null : new Date(hook.firedAtMs).toISOString()
    const replayed = hook.firedAtMs !== null && hook.firedAtMs < this.#deps.startedAtMs
    const origin: FactOrigin = { sequence, source: hook.source, inferred: false, replayed, occurredAt, correlationId }
    const { EventName, RawArgs, Source, Sequence, ...timing } = hookStamp(hook.event, hook.args, origin)
    this.#deps.publisher.publish('esevent.events_refresh', { EventName, Source, Sequence, RawArgs, ReceivedAtUtc: receivedAt.toISOString(), ...timing }, { correlationId })
    this.#apply(hook, origin, receivedAt)
    return { sequence, applied: true }
  }

  /**
   * The hooks spooled while the service was down have all been applied: a replayed game start
   * with no replayed end is a game that may still run, told now as running (the web API then
   * tells whether it does; if not, the end is the service's own, `Inferred`).
   */
  replayDone (): void {
    // A replayed selection waiting out the burst window goes out now: replays end before ready.
    this.#gate.flush()
    const start = this.#replayedStart
    this.#replayedStart = null
    if (start !== null) this.#deps.facts.tell('GameRunning', start)
  }

  /** true when this game selection repeats the hook just before it within `repeatedSelectionMs`; remembers it either way. */
  #repeatsLastSelection (hook: HookEvent, receivedAt: Date): boolean {
    const signature = [hook.event, ...hook.args].join('\0')
    const atMs = hook.firedAtMs ?? receivedAt.getTime()
    const last = this.#lastSelection
    this.#lastSelection = { signature, atMs }
    return last !== null && last.signature === signature && atMs - last.atMs <= repeatedSelectionMs
  }

  /**
   * A navigation input was pressed at `atMs` (sent by the controller, or seen on the panel): the
   * position is unknown until the frontend reports a selection fired after it, and a client hears
   * `ui.selection.uncertain` when none came within `selectionReportMs`.
   */
  navigationInput (atMs: number): void {
    this.context.noteNavigationInput(atMs)
    if (this.#uncertainCheck !== null) clearTimeout(this.#uncertainCheck)
    this.#uncertainCheck = setTimeout(() => {
      this.#uncertainCheck = null
      const snapshot = this.context.snapshot()
      if (snapshot.selectionUncertain) this.#publish('ui.selection.uncertain', selectionUncertainPayload(atMs, snapshot), randomUUID())
    }, atMs + selectionReportMs - this.#deps.now().getTime() + 1)
    this.#uncertainCheck.unref()
  }

  status () {
    return { hooksAccepted: this.#accepted, hooksBySource: { ...this.#bySource }, lastHookAtUtc: this.#lastHookAtUtc, lastSequence: this.#sequence }
  }

  stop (): void {
    this.#gate.stop()
    if (this.#uncertainCheck !== null) clearTimeout(this.#uncertainCheck)
  }

  /** The frontend's own events leave at once: an overlay shows the selection before the listeners' work of the turn. */
  #publish<K extends keyof FrontendEvents & string> (type: K, payload: FrontendEvents[K], correlationId: string): void {
    this.#deps.publisher.publish(type, payload, { correlationId, leaveNow: true })
  }

  /**
   * What the frontend's web API says runs now, asked when a hook may have been missed (see
   * reconcile.ts): a start or an end no hook reported is published, marked as inferred.
   */
  reconcile (running: FrontendGame | null): 'agreed' | 'applied' | 'wait' {
    const current = this.context.snapshot().runningGame
    const same = running !== null && current !== null && romKey(running.path) === romKey(current.gamePath)
    if (same || (running === null && current === null)) return 'agreed'
    if (current !== null && running === null && this.#deps.now().getTime() - Date.parse(current.startedAt) < this.#deps.startSettleMs) return 'wait'
    if (current !== null) {
      this.#inferred('game-end', [], (origin, stamp) => { this.#endGame(origin, stamp) })
      this.#endInferredAt = this.#sequence
    }
    if (running !== null) {
      this.#inferred('game-start', [running.path], (origin, stamp, receivedAt) => { this.#startGame(origin, stamp, { gamePath: running.path, romStem: undefined, gameName: running.name || undefined }, receivedAt) })
      this.#startInferredAt = this.#sequence
    }
    return 'applied'
  }

  /** A start or end the web API showed and no hook said: applied as a hook of its own, marked inferred. */
  #inferred (event: string, args: string[], apply: (origin: FactOrigin, stamp: HookStamp, receivedAt: Date) => void): void {
    this.#gate.flush()
    const origin: FactOrigin = { sequence: ++this.#sequence, source: 'web-api', inferred: true, replayed: false, occurredAt: null, correlationId: randomUUID() }
    apply(origin, hookStamp(event, args, origin), this.#deps.now())
  }

  #startGame (origin: FactOrigin, stamp: HookStamp, started: { gamePath: string, romStem: string | undefined, gameName: string | undefined }, receivedAt: Date): void {
    const { startedAt, ...game } = this.context.startGame({ gamePath: started.gamePath, frontendName: started.gameName, rom: started.romStem }, receivedAt)
    const fact = { ...origin, game, startedAt }
    const publish = (): void => {
      this.#publish('ui.game.started', gameStartedPayload(stamp, game, this.context.snapshot(), this.#catalog), origin.correlationId)
      this.#deps.facts.tell('GameStarted', fact)
    }
    // A game that started and ended while the service was down is history, not a game to show.
    if (fact.replayed) {
      this.#replayedStart = fact
      publish()
    } else {
      this.#deps.facts.tellBefore('GameRunning', fact, publish)
    }
  }

  #endGame (origin: FactOrigin, stamp: HookStamp): void {
    const game = this.context.endGame()
    this.#replayedStart = null
    this.#publish('ui.game.ended', gameEndedPayload(stamp, game, this.context.snapshot(), this.#catalog), origin.correlationId)
    this.#deps.facts.tell('GameEnded', { ...origin, game })
  }

  /** A hook that reports what the web API already showed is news no more. */
  #alreadyInferred (action: FrontendAction): boolean {
    const snapshot = this.context.snapshot()
    if (action.kind === 'game-started' && this.#startInferredAt !== null && snapshot.runningGame !== null && romKey(snapshot.runningGame.gamePath) === romKey(action.gamePath)) {
      this.#startInferredAt = null
      return true
    }
    if (action.kind === 'game-ended' && this.#endInferredAt !== null && snapshot.runningGame === null) {
      this.#endInferredAt = null
      return true
    }
    return false
  }

  #apply (hook: HookEvent, origin: FactOrigin, receivedAt: Date): void {
    const { correlationId } = origin
    const stamp = hookStamp(hook.event, hook.args, origin)
    const catalog = this.#catalog
    const action = hook.action ?? this.#hooks?.interpret(hook.event, hook.args, (romPath) => catalog.game(null, romPath) !== null) ?? { kind: 'other' }
    if (this.#alreadyInferred(action)) return
    if (action.kind !== 'game-started') this.#startInferredAt = null
    if (action.kind !== 'game-ended') this.#endInferredAt = null
    const isGameSelection = action.kind === 'game-selected' && !this.context.screensaverOn
    if (!isGameSelection) this.#lastSelection = null
    // A repeat still confirms where the cursor is; it is not news.
    const repeat = isGameSelection && this.#repeatsLastSelection(hook, receivedAt)
    switch (action.kind) {
      case 'system-selected': {
        const systemId = frontendSystemId(action.systemId)
        this.context.selectSystem(systemId, this.#isCollection(systemId), hook.firedAtMs)
        const snapshot = this.context.snapshot()
        const payload = systemSelectedPayload(stamp, systemId, snapshot)
        this.#gate.offer(() => {
          this.#publish('ui.system.selected', payload, correlationId)
          this.#deps.facts.tell('SelectionChanged', { ...origin, system: systemId, game: null, collection: snapshot.collection })
        })
        return
      }
      case 'game-selected': {
        const reported = { system: frontendSystemId(action.systemId), gamePath: action.gamePath, frontendName: action.gameName }
        if (this.context.screensaverOn) {
          const shown = this.context.showOnScreensaver(reported)
          this.#publish('ui.screensaver.game.selected', gameSelectedPayload(stamp, shown, this.context.snapshot(), catalog), correlationId)
          return
        }
        const game = this.context.selectGame(reported, hook.firedAtMs)
        if (repeat) return
        const snapshot = this.context.snapshot()
        const payload = gameSelectedPayload(stamp, game, snapshot, catalog)
        this.#gate.offer(() => {
          this.#publish('ui.game.selected', payload, correlationId)
          this.#deps.facts.tell('SelectionChanged', { ...origin, system: game.system, game, collection: snapshot.collection })
        })
        return
      }
    }
    // Whatever else the frontend did comes after the selection it interrupted.
    this.#gate.flush()
    switch (action.kind) {
      case 'game-started': return this.#startGame(origin, stamp, action, receivedAt)
      case 'game-ended': return this.#endGame(origin, stamp)
      // A replayed start or quit is old news: the web API probe tells whether the frontend runs now.
      case 'frontend-started': return origin.replayed ? undefined : this.#lifecycle.hook('start')
      case 'frontend-quit':
        this.#reconciler?.soon()
        return origin.replayed ? undefined : this.#lifecycle.hook('quit')
      case 'screensaver-started':
        this.context.startScreensaver()
        this.#publish('ui.screensaver.started', { ...stamp, Mode: action.mode, Context: uiEventPayload(stamp, this.context.snapshot()).Context }, correlationId)
        return this.#deps.facts.tell('ScreensaverChanged', { ...origin, on: true })
      case 'screensaver-stopped':
        this.context.stopScreensaver(hook.firedAtMs)
        // A game may have been started from the screensaver: the web API tells.
        this.#reconciler?.soon()
        this.#publish('ui.screensaver.stopped', uiEventPayload(stamp, this.context.snapshot()), correlationId)
        return this.#deps.facts.tell('ScreensaverChanged', { ...origin, on: false })
      case 'settings-written':
        // ES writes its settings at each launch and at quit: if the game-start or game-end hook does not follow, the web API tells.
        this.#reconciler?.soon()
        return this.#publish('ui.event', uiEventPayload(stamp, this.context.snapshot()), correlationId)
      case 'other':
        return this.#publish('ui.event', uiEventPayload(stamp, this.context.snapshot()), correlationId)
    }
  }
}
