/**
 * The frontend controller: input sequences (tap, combo) through a backend, and experimental
 * navigation (goto-system, goto-game) that moves with taps and verifies with the selection hooks
 * the frontend sends back. One action at a time; `stop` ends the running one between inputs.
 */
import { randomUUID } from 'node:crypto'
import { HubError } from '../../core/errors.js'
import { commandToRun } from '../../core/launcher.js'
import { ruleViolation } from '../../core/validation.js'
import type { Publisher } from '../../core/event-bus.js'
import type { FrontendEvents } from '../events.js'
import type { LibraryCatalog } from '../../library/index.js'
import { romKey } from '../../library/index.js'
import type { ContextSnapshot, FrontendContext } from '../context.js'
import type { FrontendControls, FrontendWebApi, InputBackend, NavigationInput } from '../../frontends/index.js'
import { emptySequenceRule } from './schemas.js'
import { stepsBetween } from './steps.js'

export interface Timing {
  readonly holdMs: number
  readonly gapMs: number
}

export interface ActionResult {
  readonly success: boolean
  readonly action: string
  /** `sent`, `planned` (dry-run), `completed` (verified), `stopped`. */
  readonly status: 'sent' | 'planned' | 'completed' | 'stopped'
  readonly message: string
  readonly targetSystem: string | null
  readonly targetGame: string | null
  readonly previousSystem: string | null
  readonly previousGame: string | null
  readonly verified: boolean
  readonly dryRun: boolean
  readonly inputsSent: NavigationInput[]
  /** Whether a game runs now that did not when the action started (the frontend's web API says). */
  readonly launched: boolean
}

export interface ControllerDeps {
  readonly backend: InputBackend
  /** The frontend's OK and back inputs, and whether its gamelists wrap. */
  readonly controls: Pick<FrontendControls, 'ok' | 'back' | 'listsWrap'>
  readonly es: FrontendWebApi
  readonly context: FrontendContext
  /** Told each input as it is sent: the position is unknown until the frontend reports it. */
  readonly onInput: () => void
  readonly catalog: LibraryCatalog
  readonly publisher: Publisher<FrontendEvents>
}

const pollMs = 25
/**
 * How long an action waits for the frontend to report where an earlier input moved its cursor
 * before it counts the position as unknown: a selection hook normally lands within a few tens of ms.
 */
const positionSettleMs = 1000

/** The position is unknown: nothing more is sent, least of all a confirm that could launch whatever is under the cursor. */
function positionUnknown (why: string): HubError {
  return new HubError(409, 'POSITION_UNKNOWN', `${why}, so the frontend's cursor position is unknown and nothing more is sent (a confirm could launch whatever is under it). A rom whose file name the frontend's shell cannot pass to its hooks does this (see \`${commandToRun('doctor')}\`); move the cursor (POST tap) so the frontend reports a selection, then try again`)
}

async function sleep (ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms))
}

export class FrontendController {
  readonly #deps: ControllerDeps
  #running: { action: string, stopped: boolean } | null = null
  #last: ActionResult | null = null

  constructor (deps: ControllerDeps) {
    this.#deps = deps
  }

  async status () {
    const backend = await this.#deps.backend.status()
    const snapshot = this.#deps.context.snapshot()
    return {
      backend: this.#deps.backend.name,
      ready: backend.ready,
      dryRun: this.#deps.backend.dryRun,
      message: backend.message,
      state: snapshot.state,
      positionKnown: this.#deps.context.positionKnown,
      currentSystem: snapshot.selectedSystem,
      currentGame: snapshot.selectedGame?.gamePath ?? null,
      navigationInProgress: this.#running?.action ?? null,
      lastAction: this.#last
    }
  }

  async tap (input: NavigationInput, count: number, timing: Timing): Promise<ActionResult> {
    return this.#act('tap', null, null, async (send) => send(Array.from({ length: count }, () => input), timing))
  }

  async combo (inputs: NavigationInput[], timing: Timing): Promise<ActionResult> {
    if (inputs.length === 0) throw ruleViolation(emptySequenceRule)
    return this.#act('combo', null, null, async (send) => send(inputs, timing))
  }

  /** Ends the running action after its current input. */
  stop (): { success: true, action: 'stop', status: 'stopped' | 'idle' } {
    if (this.#running === null) return { success: true, action: 'stop', status: 'idle' }
    this.#running.stopped = true
    return { success: true, action: 'stop', status: 'stopped' }
  }

  async gotoSystem (system: string, timing: Timing, verifyTimeoutMs: number): Promise<ActionResult> {
    const target = await this.#resolveSystem(system)
    return this.#act('goto-system', target.name, null, async (send) => this.#moveToSystem(target, timing, verifyTimeoutMs, send))
  }

  async gotoGame (system: string, game: { gamePath?: string, gameName?: string }, timing: Timing, verifyTimeoutMs: number): Promise<ActionResult> {
    const target = await this.#resolveSystem(system)
    const games = await this.#deps.es.games(target.name)
    if (games === null) throw new HubError(409, 'GAMES_UNAVAILABLE', `The frontend did not list the games of ${target.name}`)
    const index = games.findIndex((g) => (game.gamePath !== undefined && romKey(g.path) === romKey(game.gamePath)) || (game.gameName !== undefined && g.name.toLowerCase() === game.gameName.toLowerCase()))
    if (index < 0) throw new HubError(404, 'GAME_NOT_FOUND', `No visible game of ${target.name} matches ${game.gamePath ?? game.gameName ?? '(nothing given)'}`)
    const wanted = games[index]!
    return this.#act('goto-game', target.name, wanted.path, async (send) => {
      const reached = await this.#moveToSystem(target, timing, verifyTimeoutMs, send)
      if (reached === 'stopped') return reached
      const context = this.#deps.context
      // The confirm goes only to a carousel position the frontend reported after the last input.
      if (reached !== 'completed' && !this.#deps.backend.dryRun) throw positionUnknown(`The frontend did not report standing on ${target.name} in its carousel`)
      // Entering the system makes the frontend select a game there; that tells us where the cursor is.
      const before = context.snapshot().selectedGame
      if (await send([this.#deps.controls.ok], timing) === 'stopped') return 'stopped'
      if (this.#deps.backend.dryRun) return 'planned'
      const entered = await this.#until(() => { const g = context.snapshot().selectedGame; return context.positionKnown && g !== null && g !== before && g.system === target.name }, verifyTimeoutMs)
      if (!entered) throw positionUnknown(`No game of ${target.name} was reported selected after entering it`)
      const current = games.findIndex((g) => romKey(g.path) === romKey(context.snapshot().selectedGame!.gamePath))
      if (current < 0) throw new HubError(409, 'CURRENT_GAME_UNKNOWN', 'The selected game is not in the frontend\'s list of that system')
      const steps = stepsBetween(current, index, games.length, this.#deps.controls.listsWrap)
      if (await send(Array.from({ length: Math.abs(steps) }, () => steps > 0 ? 'down' as const : 'up' as const), timing) === 'stopped') return 'stopped'
      return await this.#until(() => context.positionKnown && romKey(context.snapshot().selectedGame?.gamePath ?? '') === romKey(wanted.path), verifyTimeoutMs) ? 'completed' : 'sent'
    })
  }

  async #resolveSystem (system: string): Promise<{ name: string, order: string[] }> {
    const order = (await this.#deps.es.systems())?.flatMap((s) => typeof s.name === 'string' ? [s.name] : []) ?? this.#deps.catalog.systemIds()
    const name = order.find((s) => s.toLowerCase() === system.toLowerCase())
    if (name === undefined) throw new HubError(404, 'SYSTEM_NOT_FOUND', `"${system}" is not one of the frontend's systems (${order.join(', ')})`)
    return { name, order }
  }

  async #moveToSystem (target: { name: string, order: string[] }, timing: Timing, verifyTimeoutMs: number, send: SendInputs): Promise<ActionStatus> {
    if (!this.#deps.backend.dryRun && !await this.#until(() => this.#deps.context.positionKnown, positionSettleMs)) throw positionUnknown('The frontend reported no selection after the last navigation input')
    const snapshot = this.#deps.context.snapshot()
    if (snapshot.state === 'playing') throw new HubError(409, 'GAME_RUNNING', 'A game is running; navigation waits until it ends')
    // Inside a collection the carousel stands on the collection, not on the game's own system.
    const current = snapshot.collection ?? snapshot.selectedSystem
    if (current === null) throw new HubError(409, 'CURRENT_SYSTEM_UNKNOWN', 'No system selection seen yet, so the carousel position is unknown; select something in the frontend first')
    const from = target.order.findIndex((s) => s.toLowerCase() === current.toLowerCase())
    if (from < 0) throw new HubError(409, 'CURRENT_SYSTEM_UNKNOWN', `The selected system ${current} is not in the carousel`)
    // The carousel always wraps.
    const steps = stepsBetween(from, target.order.indexOf(target.name), target.order.length, true)
    const inputs: NavigationInput[] = [
      ...(snapshot.selectedGame === null ? [] : [this.#deps.controls.back]),
      ...Array.from({ length: Math.abs(steps) }, () => steps > 0 ? 'right' as const : 'left' as const)
    ]
    if (await send(inputs, timing) === 'stopped') return 'stopped'
    if (this.#deps.backend.dryRun) return 'planned'
    const context = this.#deps.context
    return await this.#until(() => context.positionKnown && context.snapshot().selectedSystem === target.name && context.snapshot().selectedGame === null, verifyTimeoutMs) ? 'completed' : 'sent'
  }

  /** Whether a game runs now that did not at `before`: the web API is asked, since a game whose hook cannot run starts silently. */
  async #launched (before: ContextSnapshot): Promise<boolean> {
    if (this.#deps.backend.dryRun || before.runningGame !== null) return false
    try {
      return await this.#deps.es.runningGame() !== null
    } catch {
      return this.#deps.context.snapshot().runningGame !== null
    }
  }

  async #until (predicate: () => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs
    while (!predicate()) {
      if (Date.now() >= deadline || this.#running?.stopped === true) return false
      await sleep(pollMs)
    }
    return true
  }

  async #act (action: string, targetSystem: string | null, targetGame: string | null, run: (send: SendInputs) => Promise<ActionStatus>): Promise<ActionResult> {
    if (this.#running !== null) throw new HubError(409, 'NAVIGATION_IN_PROGRESS', `${this.#running.action} is still running; POST stop ends it`)
    const backend = await this.#deps.backend.status()
    if (!backend.ready) throw new HubError(409, 'BACKEND_NOT_READY', backend.message)
    const correlationId = randomUUID()
    const before = this.#deps.context.snapshot()
    const running = { action, stopped: false }
    this.#running = running
    const inputsSent: NavigationInput[] = []
    const send: SendInputs = async (inputs, timing) => {
      for (const [i, input] of inputs.entries()) {
        if (running.stopped) return 'stopped'
        if (i > 0) await sleep(timing.gapMs)
        if (!this.#deps.backend.dryRun) this.#deps.onInput()
        try {
          await this.#deps.backend.press(input, timing.holdMs)
        } catch (error) {
          throw new HubError(409, 'INPUT_FAILED', (error as Error).message)
        }
        inputsSent.push(input)
      }
      return 'sent'
    }
    this.#deps.publisher.publish('es-control.action.started', { Action: action, TargetSystem: targetSystem, TargetGame: targetGame, Backend: this.#deps.backend.name }, { correlationId })
    try {
      const status = await run(send)
      const finalStatus = this.#deps.backend.dryRun && status === 'sent' ? 'planned' : status
      const result: ActionResult = {
        success: true,
        action,
        status: finalStatus,
        message: messages[finalStatus],
        targetSystem,
        targetGame,
        previousSystem: before.selectedSystem,
        previousGame: before.selectedGame?.gamePath ?? null,
        verified: finalStatus === 'completed',
        dryRun: this.#deps.backend.dryRun,
        inputsSent,
        launched: await this.#launched(before)
      }
      this.#last = result
      this.#deps.publisher.publish('es-control.action.completed', { Action: action, Status: finalStatus, Verified: result.verified, InputsSent: inputsSent, DryRun: result.dryRun }, { correlationId })
      return result
    } catch (error) {
      const failure = error instanceof HubError ? error : new HubError(500, 'CONTROL_FAILED', 'The action failed')
      this.#deps.publisher.publish('es-control.action.failed', { Action: action, Code: failure.code, Message: failure.message, InputsSent: inputsSent }, { correlationId })
      if (!(error instanceof HubError)) throw error
      // The caller learns what was sent before the failure, and whether a game started.
      throw new HubError(error.statusCode, error.code, error.message, { ...error.details, inputsSent, launched: await this.#launched(before) })
    } finally {
      this.#running = null
    }
  }
}

type ActionStatus = ActionResult['status']
type SendInputs = (inputs: NavigationInput[], timing: Timing) => Promise<'sent' | 'stopped'>

const messages: Record<ActionStatus, string> = {
  sent: 'Inputs sent; the frontend did not confirm the target (yet).',
  planned: 'Dry run: these inputs would be sent.',
  completed: 'Done, and confirmed by the frontend\'s selection hooks.',
  stopped: 'Stopped before every input was sent.'
}
