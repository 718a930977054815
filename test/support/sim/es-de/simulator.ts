/**
 * The simulated ES-DE's behaviour without any transport: its catalog (custom_systems/es_systems.xml,
 * gamelists under `<appdata>/gamelists/`), the browsing cursor, the running game, the screensaver
 * and its custom events, with ES-DE's arguments (frontends.md §1).
 */
import path from 'node:path'
import type { Logger } from 'pino'
import { esFormats, toEsPath, type FrontendLayout } from '../../../../src/frontends/index.js'
import { readCatalog, type CatalogFiles, type SimGame, type SimSystem } from '../../../../src/sim/catalog.js'
import { esEscapedPath } from '../../../../src/sim/es-shell.js'
import { Navigator, type SimButtons, type SimInput } from '../../../../src/sim/navigator.js'
import { Screensaver, type ScreensaverOptions } from '../../../../src/sim/screensaver.js'
import { EsDeHookRunner } from './hooks.js'

/** ES-DE's OK button is `a` (Enter), back is `b` (Backspace). */
export const esDeSimButtons: SimButtons = { ok: 'a', back: 'b' }

/** Where ES-DE keeps its systems and gamelists: apart from the roms, in the application data folder. */
const esDeCatalogFiles: CatalogFiles = {
  systemsFiles: (layout) => [path.join(layout.esConfigDir, 'custom_systems', 'es_systems.xml')],
  formats: esFormats,
  gamelistFile: (layout, systemName) => path.join(layout.esConfigDir, 'gamelists', systemName, 'gamelist.xml')
}

/** What `GET /sim/state` answers for the simulated ES-DE. */
export interface EsDeSimState {
  readonly view: 'system' | 'gamelist' | 'playing'
  readonly systemId: string | null
  readonly gamePath: string | null
  readonly gameName: string | null
  readonly running: { readonly systemId: string, readonly gamePath: string, readonly gameName: string } | null
  /** The emulator has exited, but ES-DE runs in the background and has not noticed yet: game-end waits for the next input. */
  readonly exitUnnoticed: boolean
  readonly screensaver: boolean
  /** Script shells started and exited, and events waiting for the ones before them. */
  readonly hooks: { readonly started: number, readonly finished: number, readonly waiting: number }
}

export interface EsDeSimulatorOptions {
  readonly layout: FrontendLayout
  readonly logger: Logger
  /** How long a launched game runs before its emulator exits. */
  readonly playMs: number
  /** ES-DE's `RunInBackground`: it sleeps while a game runs and notices the end only at the next input. */
  readonly runInBackground: boolean
  readonly env: NodeJS.ProcessEnv
  readonly screensaver: ScreensaverOptions
}

export class EsDeSimulator {
  private systems: readonly SimSystem[] = []
  private readonly hooks: EsDeHookRunner
  private readonly navigator: Navigator
  private readonly screensaver: Screensaver
  private runningGame: SimGame | null = null
  private exitUnnoticed = false
  private playTimer: NodeJS.Timeout | null = null

  constructor (private readonly options: EsDeSimulatorOptions) {
    const { layout, logger, env } = options
    this.hooks = new EsDeHookRunner({ scriptsDir: path.join(layout.esConfigDir, 'scripts'), workingDir: layout.root, env, logger })
    this.navigator = new Navigator([], {
      systemSelected: (system) => { void this.hooks.fire('system-select', [system.name, system.fullname, toEsPath(system.romsDir)]) },
      gameSelected: (game) => { void this.hooks.fire('game-select', this.gameArgs(game, game.path)) },
      // Fast scrolling starts: one game-select with every argument blank, which reaches the scripts with none.
      scrolling: () => { void this.hooks.fire('game-select', ['', '', '', '']) },
      launch: (game) => this.startGame(game)
    }, esDeSimButtons)
    this.screensaver = new Screensaver({
      // Its media is in downloaded_media, not in the gamelist: every game may be shown.
      games: () => this.systems.flatMap((system) => system.listedGames),
      started: (manual) => { void this.hooks.fire('screensaver-start', [manual ? 'manual' : 'timer']) },
      showing: (game) => { void this.hooks.fire('screensaver-game-select', this.gameArgs(game, game.path)) },
      stopped: () => { void this.hooks.fire('screensaver-end', ['cancel']) }
    }, options.screensaver)
  }

  /** Reads the tree: the cursor on the first system, as when ES-DE starts; then the startup event. */
  async start (): Promise<void> {
    const { systems, warnings } = await readCatalog(this.options.layout, esDeCatalogFiles)
    for (const warning of warnings) this.options.logger.warn(warning, 'frontend tree file skipped')
    this.systems = systems.filter((system) => system.games.length > 0)
    this.navigator.reset(this.systems)
    void this.hooks.fire('startup')
    this.screensaver.restartIdleCountdown()
  }

  get view (): EsDeSimState['view'] {
    return this.runningGame === null ? this.navigator.view : 'playing'
  }

  /**
   * A controller input. While ES-DE sleeps in the background after the emulator exited, the input
   * wakes it (game-end fires now) and is consumed; a showing screensaver takes it too; while a game
   * runs only `start` counts (the emulator's exit).
   */
  press (input: SimInput): void {
    if (this.exitUnnoticed) return this.noticeExit()
    if (this.screensaver.stop()) return this.screensaver.restartIdleCountdown()
    if (this.runningGame !== null) {
      if (input === 'start') this.emulatorExited()
      return
    }
    this.navigator.press(input)
    if (this.runningGame === null) this.screensaver.restartIdleCountdown()
  }

  startScreensaver (): void {
    if (this.runningGame === null) this.screensaver.start()
  }

  state (): EsDeSimState {
    const running = this.runningGame
    const game = running ?? (this.navigator.view === 'gamelist' ? this.navigator.game : null)
    return {
      view: this.view,
      systemId: running?.systemName ?? this.navigator.system?.name ?? null,
      gamePath: game?.path ?? null,
      gameName: game?.name ?? null,
      running: running === null ? null : { systemId: running.systemName, gamePath: running.path, gameName: running.name },
      exitUnnoticed: this.exitUnnoticed,
      screensaver: this.screensaver.active,
      hooks: this.hooks.counts()
    }
  }

  /** ES-DE quitting: the quit event, waited for. */
  async quit (): Promise<void> {
    await this.hooks.fire('quit')
  }

  shutdown (): void {
    if (this.playTimer !== null) clearTimeout(this.playTimer)
    this.playTimer = null
    this.screensaver.shutdown()
  }

  /** `[rom path, game name, system name, system full name]`; game-start and game-end give the path escaped. */
  private gameArgs (game: SimGame, romPath: string): string[] {
    const system = this.systems.find((candidate) => candidate.name === game.systemName)
    return [romPath, game.name, game.systemName, system?.fullname ?? '']
  }

  private startGame (game: SimGame): void {
    if (this.runningGame !== null) return
    this.screensaver.pauseIdleCountdown()
    this.runningGame = game
    void this.hooks.fire('game-start', this.gameArgs(game, esEscapedPath(game.path)))
    this.playTimer = setTimeout(() => this.emulatorExited(), this.options.playMs)
  }

  /** The emulator is gone: ES-DE fires game-end now, or, running in the background, at the next input. */
  private emulatorExited (): void {
    if (this.playTimer !== null) clearTimeout(this.playTimer)
    this.playTimer = null
    if (this.options.runInBackground) this.exitUnnoticed = true
    else this.noticeExit()
  }

  private noticeExit (): void {
    const game = this.runningGame
    this.exitUnnoticed = false
    this.runningGame = null
    if (game !== null) void this.hooks.fire('game-end', this.gameArgs(game, esEscapedPath(game.path)))
    this.screensaver.restartIdleCountdown()
  }
}
