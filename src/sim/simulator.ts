/**
 * The simulated frontend's behaviour without any transport: the catalog, the browsing cursor,
 * the running game and the hook queue. The web API and the autoplay loop both drive this.
 */
import type { Logger } from 'pino'
import { readCatalog, type SimGame, type SimSystem } from './catalog.js'
import { HookRunner, type HookEvent } from './hooks.js'
import type { FrontendLayout } from '../frontends/index.js'
import { Navigator, type SimInput } from './navigator.js'

export type SimView = 'system' | 'gamelist' | 'playing'

export interface SimNotification {
  readonly kind: 'notify' | 'messagebox'
  readonly message: string
  readonly receivedAt: string
}

/** What `GET /sim/state` answers. */
export interface SimState {
  readonly view: SimView
  readonly systemId: string | null
  readonly gamePath: string | null
  readonly gameName: string | null
  readonly running: { readonly systemId: string, readonly gamePath: string, readonly gameName: string } | null
  /** The latest messages received on /notify and /messagebox, oldest first. */
  readonly notifications: readonly SimNotification[]
  /** Hook events queued or running, and run so far. */
  readonly hooks: { readonly pending: number, readonly fired: number }
}

export type LaunchOutcome = 'started' | 'not-found' | 'busy'

export interface FrontendSimulatorOptions {
  readonly layout: FrontendLayout
  readonly logger: Logger
  /** How long a launched game runs before game-end fires. */
  readonly playMs: number
  readonly hookTimeoutMs: number
}

const keptNotifications = 20

export class FrontendSimulator {
  private catalog: readonly SimSystem[] = []
  private readonly hooks: HookRunner
  private readonly navigator: Navigator
  private runningGame: SimGame | null = null
  private playTimer: NodeJS.Timeout | null = null
  private readonly notifications: SimNotification[] = []

  constructor (private readonly options: FrontendSimulatorOptions) {
    this.hooks = new HookRunner({ layout: options.layout, logger: options.logger, scriptTimeoutMs: options.hookTimeoutMs })
    this.navigator = new Navigator([], {
      hook: (event, args) => this.fire(event, args),
      launch: (game) => this.startGame(game)
    })
  }

  /** (Re)reads the frontend tree; the cursor goes back to the first system, like an ES reload. */
  async loadGames (): Promise<void> {
    const { systems, warnings } = await readCatalog(this.options.layout)
    for (const warning of warnings) this.options.logger.warn(warning, 'frontend tree file skipped')
    this.catalog = systems
    this.navigator.reset(systems)
  }

  /** Systems on the carousel (those with games), in es_systems.cfg order. */
  get systems (): readonly SimSystem[] {
    return this.catalog.filter((system) => system.games.length > 0)
  }

  get running (): SimGame | null {
    return this.runningGame
  }

  get view (): SimView {
    return this.runningGame === null ? this.navigator.view : 'playing'
  }

  findSystem (name: string): SimSystem | undefined {
    return this.systems.find((system) => system.name === name)
  }

  fire (event: HookEvent, args: string[] = []): void {
    this.hooks.fire(event, args)
  }

  /** A controller input. While a game runs the emulator owns the pad: only `start` (exit game) counts. */
  press (input: SimInput): void {
    if (this.runningGame === null) this.navigator.press(input)
    else if (input === 'start') this.endGame()
  }

  /** `POST /launch`: the path must be a game of a visible system, and nothing may be running. */
  launch (romPath: string): LaunchOutcome {
    const wanted = romPath.trim().replaceAll('\\', '/')
    const game = this.systems.flatMap((system) => system.games).find((candidate) => candidate.path === wanted)
    if (game === undefined) return 'not-found'
    return this.startGame(game) ? 'started' : 'busy'
  }

  /** Ends the running game (game-end fires); false when none runs. */
  endGame (): boolean {
    if (this.runningGame === null) return false
    this.runningGame = null
    if (this.playTimer !== null) clearTimeout(this.playTimer)
    this.playTimer = null
    this.fire('game-end')
    return true
  }

  receiveMessage (kind: SimNotification['kind'], message: string): void {
    this.notifications.push({ kind, message, receivedAt: new Date().toISOString() })
    if (this.notifications.length > keptNotifications) this.notifications.shift()
  }

  state (): SimState {
    const running = this.runningGame
    const system = running === null ? this.navigator.system : this.findSystem(running.systemName) ?? null
    const game = running ?? (this.navigator.view === 'gamelist' ? this.navigator.game : null)
    return {
      view: this.view,
      systemId: system?.name ?? null,
      gamePath: game?.path ?? null,
      gameName: game?.name ?? null,
      running: running === null ? null : { systemId: running.systemName, gamePath: running.path, gameName: running.name },
      notifications: [...this.notifications],
      hooks: { pending: this.hooks.pending, fired: this.hooks.fired }
    }
  }

  /** Stops the play timer and waits for queued hooks to finish. */
  async shutdown (): Promise<void> {
    if (this.playTimer !== null) clearTimeout(this.playTimer)
    this.playTimer = null
    await this.hooks.drained()
  }

  private startGame (game: SimGame): boolean {
    if (this.runningGame !== null) return false
    this.runningGame = game
    this.fire('game-start', [game.path, game.stem, game.name])
    this.playTimer = setTimeout(() => this.endGame(), this.options.playMs)
    return true
  }
}
