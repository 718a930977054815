/**
 * The simulated frontend's behaviour without any transport: the catalog, the browsing cursor,
 * the running game, the screensaver and the hooks. The web API and the autoplay loop drive this.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import type { Logger } from 'pino'
import { carouselOf, readCatalog, type SimGame, type SimSystem } from './catalog.js'
import { esEscapedPath } from './es-shell.js'
import { recordPlay, saveGamelistStats } from './gamelist-stats.js'
import { HookRunner, type HookEvent } from './hooks.js'
import type { FrontendLayout } from '../frontends/index.js'
import { gameSelectedArgs, Navigator, type SimInput } from './navigator.js'
import { Screensaver, type ScreensaverOptions } from './screensaver.js'

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
  /** `/launch` requests waiting for the running game to end, as ES queues them. */
  readonly launchesWaiting: number
  /** The slideshow screensaver is showing. */
  readonly screensaver: boolean
  /** The latest messages received on /notify and /messagebox, oldest first. */
  readonly notifications: readonly SimNotification[]
  /** Hook shells started and exited so far: every fired hook has finished when they are equal. */
  readonly hooks: { readonly started: number, readonly finished: number }
}

export interface FrontendSimulatorOptions {
  readonly layout: FrontendLayout
  readonly logger: Logger
  /** How long a launched game runs before game-end fires. */
  readonly playMs: number
  /** ES's working folder (hooks and commands start there). */
  readonly workingDir: string
  /** ES's log folder (the hook shells write es_script_stdout.log / es_script_stderr.log there). */
  readonly logDir: string
  /** ES's environment (PATH finds batocera-es-swissknife; hooks inherit it). */
  readonly env: NodeJS.ProcessEnv
  readonly screensaver: ScreensaverOptions
}

const keptNotifications = 20
/** game-selected after a game ends: ES re-selects the cursor's game as its views come back (three times on batocera-emulationstation v42). */
const selectionsAfterGame = 3
/** game-selected during `/reloadgames` (observed: 4). */
const selectionsAfterReload = 4

export class FrontendSimulator {
  private gameSystems: readonly SimSystem[] = []
  private carousel: readonly SimSystem[] = []
  private readonly hooks: HookRunner
  private readonly navigator: Navigator
  private readonly screensaver: Screensaver
  private runningGame: { readonly game: SimGame, readonly startedAt: Date } | null = null
  private readonly waitingLaunches: SimGame[] = []
  private readonly played = new Set<SimGame>()
  private playTimer: NodeJS.Timeout | null = null
  private readonly notifications: SimNotification[] = []

  constructor (private readonly options: FrontendSimulatorOptions) {
    const { layout, logger, workingDir, logDir, env } = options
    this.hooks = new HookRunner({ layout, logger, workingDir, logDir, env })
    this.navigator = new Navigator([], {
      systemSelected: (system) => this.fire('system-selected', [system.name]),
      gameSelected: (game) => this.fire('game-selected', gameSelectedArgs(game)),
      launch: (game) => this.startGame(game)
    })
    this.screensaver = new Screensaver({
      games: () => this.gameSystems.flatMap((system) => system.listedGames).filter((game) => game.metadata.image !== undefined),
      started: () => this.fire('screensaver-start', ['slideshow']),
      showing: (game) => this.fire('game-selected', gameSelectedArgs(game)),
      stopped: () => this.fire('screensaver-stop')
    }, options.screensaver)
  }

  /** Reads the frontend tree at start: the cursor on the first carousel entry. */
  async loadGames (): Promise<void> {
    await this.readTree()
    this.navigator.reset(this.carousel)
    this.screensaver.restartIdleCountdown()
  }

  /**
   * `/reloadgames` (GuiMenu::updateGameLists): saves what changed in the gamelists (play stats),
   * re-reads the tree, puts every cursor on its list's first game and re-selects it.
   */
  async reloadGames (): Promise<void> {
    const byFolder = new Map<string, SimGame[]>()
    for (const game of this.played) byFolder.set(game.gamelistDir, [...byFolder.get(game.gamelistDir) ?? [], game])
    for (const [romsDir, games] of byFolder) {
      await saveGamelistStats(romsDir, games).catch((error: Error) => this.options.logger.warn({ romsDir, err: error.message }, 'gamelist not saved'))
    }
    this.played.clear()
    await this.readTree()
    this.navigator.reload(this.carousel)
    this.fireCursorSelection(selectionsAfterReload)
  }

  /** The carousel: systems with games in es_systems.cfg order, then the `all` and `favorites` collections. */
  get systems (): readonly SimSystem[] {
    return this.carousel
  }

  get running (): SimGame | null {
    return this.runningGame?.game ?? null
  }

  get view (): SimView {
    return this.runningGame === null ? this.navigator.view : 'playing'
  }

  findSystem (name: string): SimSystem | undefined {
    return this.carousel.find((system) => system.name === name)
  }

  fire (event: HookEvent, args: string[] = []): void {
    this.hooks.fire(event, args)
  }

  /**
   * A controller input. A showing screensaver takes it (and stops); while a game runs the emulator
   * owns the pad: only `start` (exit game) counts.
   */
  press (input: SimInput): void {
    if (this.screensaver.stop()) {
      this.screensaver.restartIdleCountdown()
      return
    }
    if (this.runningGame !== null) {
      if (input === 'start') this.endGame()
      return
    }
    this.navigator.press(input)
    if (this.runningGame === null) this.screensaver.restartIdleCountdown()
  }

  /** Starts the slideshow screensaver now (the simulator's shortcut for the idle time). */
  startScreensaver (): void {
    if (this.runningGame === null) this.screensaver.start()
  }

  /**
   * `POST /launch` as ES handles it: the body is a path resolved against the working folder; a
   * game of a game system with that path is launched (after the running one ends, if one runs).
   * Anything else is silently ignored. False when nothing was found.
   */
  launch (body: string): boolean {
    const wanted = path.resolve(this.options.workingDir, body.replaceAll('\\', '/'))
    const game = this.gameSystems.flatMap((system) => system.listedGames).find((candidate) => candidate.path === wanted)
    if (game === undefined) return false
    this.screensaver.stop()
    if (this.runningGame === null) this.startGame(game)
    else this.waitingLaunches.push(game)
    return true
  }

  /** Ends the running game (game-end fires); false when none runs. */
  endGame (): boolean {
    const running = this.runningGame
    if (running === null) return false
    this.runningGame = null
    if (this.playTimer !== null) clearTimeout(this.playTimer)
    this.playTimer = null
    recordPlay(running.game, running.startedAt, new Date())
    this.played.add(running.game)
    this.fire('game-end')
    this.fireCursorSelection(selectionsAfterGame)
    this.screensaver.restartIdleCountdown()
    const next = this.waitingLaunches.shift()
    if (next !== undefined) this.startGame(next)
    return true
  }

  /** `/emukill`: ES runs `batocera-es-swissknife --emukill` (from PATH) and waits for it; the emulator it kills is ours. */
  async emuKill (): Promise<void> {
    const { workingDir, env, logger } = this.options
    await new Promise<void>((resolve) => {
      const child = spawn('/bin/sh', ['-c', 'batocera-es-swissknife --emukill'], { cwd: workingDir, env, stdio: 'ignore' })
      child.once('error', (error) => {
        logger.warn({ err: error.message }, 'emukill command could not start')
        resolve()
      })
      child.once('exit', (code) => {
        if (code !== 0) logger.debug({ code }, 'batocera-es-swissknife --emukill failed')
        resolve()
      })
    })
    this.endGame()
  }

  /** ES quitting: settings saved (config-changed, settings-changed), then the quit hooks, waited for. */
  async quit (): Promise<void> {
    this.fire('config-changed')
    this.fire('settings-changed')
    await this.hooks.fireAndWait('quit')
  }

  receiveMessage (kind: SimNotification['kind'], message: string): void {
    this.notifications.push({ kind, message, receivedAt: new Date().toISOString() })
    if (this.notifications.length > keptNotifications) this.notifications.shift()
  }

  state (): SimState {
    const running = this.running
    const system = running === null ? this.navigator.system : this.findSystem(running.systemName) ?? null
    const game = running ?? (this.navigator.view === 'gamelist' ? this.navigator.game : null)
    return {
      view: this.view,
      systemId: system?.name ?? null,
      gamePath: game?.path ?? null,
      gameName: game?.name ?? null,
      running: running === null ? null : { systemId: running.systemName, gamePath: running.path, gameName: running.name },
      launchesWaiting: this.waitingLaunches.length,
      screensaver: this.screensaver.active,
      notifications: [...this.notifications],
      hooks: { started: this.hooks.started, finished: this.hooks.finished }
    }
  }

  /** Stops every timer (play, screensaver). Hook shells run on, detached, as ES leaves them. */
  shutdown (): void {
    if (this.playTimer !== null) clearTimeout(this.playTimer)
    this.playTimer = null
    this.screensaver.shutdown()
  }

  private async readTree (): Promise<void> {
    const { systems, warnings } = await readCatalog(this.options.layout)
    for (const warning of warnings) this.options.logger.warn(warning, 'frontend tree file skipped')
    this.gameSystems = systems
    this.carousel = carouselOf(systems)
  }

  private fireCursorSelection (times: number): void {
    const game = this.navigator.game
    if (game === null) return
    for (let time = 0; time < times; time++) this.fire('game-selected', gameSelectedArgs(game))
  }

  /** ViewController::launch: settings saved, then game-start with ES's escaped path; the idle countdown stops while playing. */
  private startGame (game: SimGame): void {
    if (this.runningGame !== null) return
    this.screensaver.pauseIdleCountdown()
    this.runningGame = { game, startedAt: new Date() }
    this.fire('config-changed')
    this.fire('settings-changed')
    this.fire('game-start', [esEscapedPath(game.path), game.stem, game.name])
    this.playTimer = setTimeout(() => this.endGame(), this.options.playMs)
  }
}
