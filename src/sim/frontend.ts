/**
 * The simulated EmulationStation as one object: loads a frontend tree, serves the ES web API on
 * 127.0.0.1, fires the `start` hook, and optionally lets a pretend player browse and play.
 */
import { mkdirSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import pino, { type Logger } from 'pino'
import { Autoplay, type AutoplayOptions } from './autoplay.js'
import { frontendLayout, type FrontendLayout, type SimulatedProfile } from '../frontends/index.js'
import { FrontendSimulator } from './simulator.js'
import { buildWebApi } from './web-api.js'

export interface SimulatedFrontendOptions {
  /** Root of the frontend tree (the RetroBat folder, or what stands for Batocera's `/userdata`). */
  readonly frontendRoot: string
  /** Folder layout of the tree. Default `retrobat`; ES-DE's simulator is test support (test/support/sim/es-de). */
  readonly profile?: SimulatedProfile
  /** Port of the web API on 127.0.0.1; 0 (the default) picks a free one. Real ES uses 1234. */
  readonly port?: number
  /** How long a launched game runs before game-end fires. Default 30 s. */
  readonly playSeconds?: number
  /** Browse and play by itself, forever, at a human pace. Default off. */
  readonly autoplay?: boolean | AutoplayOptions
  /** Idle time before the slideshow screensaver starts (ES `ScreenSaverTime`). Default 300 s; 0: only on `POST /sim/screensaver`. */
  readonly screensaverSeconds?: number
  /** Time between the screensaver's random games (ES `ScreenSaverSwapImageTimeout`). Default 10 s. */
  readonly screensaverSwapSeconds?: number
  /** Where the screensaver's random picks come from. Default Math.random. */
  readonly screensaverRandom?: () => number
  /** ES's environment: hooks inherit it, `/emukill` finds `batocera-es-swissknife` on its PATH. Default this process's. */
  readonly env?: NodeJS.ProcessEnv
  readonly logger?: Logger
}

const host = '127.0.0.1'
/** What Batocera 42's ES answers as `Version` on `/caps`. */
const esVersion = '42'

/** ES's log folder: Batocera logs to /userdata/system/logs, RetroBat's ES to its config folder. */
function logDirOf (layout: FrontendLayout): string {
  return layout.profile === 'batocera' ? path.join(layout.root, 'system', 'logs') : layout.esConfigDir
}

/**
 * A running simulated frontend. `start()` resolves with the web API's base URL once it listens;
 * `stop()` stops serving at once, `GET /quit` after the quit hooks have run; `closed` resolves then.
 */
export class SimulatedFrontend {
  readonly layout: FrontendLayout
  private readonly simulator: FrontendSimulator
  private readonly autoplay: Autoplay | null
  private readonly logger: Logger
  private readonly webApi
  private stopping: Promise<void> | null = null
  private resolveClosed: () => void = () => {}
  /** Resolves when the frontend has stopped, whoever stopped it. */
  readonly closed: Promise<void> = new Promise((resolve) => { this.resolveClosed = resolve })

  constructor (private readonly options: SimulatedFrontendOptions) {
    this.layout = frontendLayout(options.frontendRoot, options.profile ?? 'retrobat')
    this.logger = options.logger ?? pino({ level: 'silent' })
    this.simulator = new FrontendSimulator({
      layout: this.layout,
      logger: this.logger,
      playMs: (options.playSeconds ?? 30) * 1000,
      // ES's working folder: the tree root (Batocera starts ES in /userdata, RetroBat in its own folder).
      workingDir: this.layout.root,
      logDir: logDirOf(this.layout),
      env: options.env ?? process.env,
      screensaver: { idleMs: (options.screensaverSeconds ?? 300) * 1000, swapMs: (options.screensaverSwapSeconds ?? 10) * 1000, random: options.screensaverRandom ?? Math.random }
    })
    this.webApi = buildWebApi({ simulator: this.simulator, version: esVersion, logger: this.logger, onQuit: () => { void this.stop(true) } })
    const autoplay = options.autoplay ?? false
    this.autoplay = autoplay === false ? null : new Autoplay(this.simulator, autoplay === true ? {} : autoplay)
  }

  async start (): Promise<{ url: string }> {
    // The hook shells redirect into ES's log folder: without it every hook would fail.
    mkdirSync(logDirOf(this.layout), { recursive: true })
    await this.simulator.loadGames()
    await this.webApi.listen({ host, port: this.options.port ?? 0 })
    const { port } = this.webApi.server.address() as AddressInfo
    this.simulator.fire('start')
    this.autoplay?.start()
    const url = `http://${host}:${port}`
    this.logger.info({ url, frontendRoot: this.layout.root, systems: this.simulator.systems.length }, 'simulated frontend listening')
    return { url }
  }

  /** Stops serving; `quit` (as on `GET /quit`) also runs ES's quit sequence of hooks first. */
  stop (quit = false): Promise<void> {
    this.stopping ??= (async () => {
      this.autoplay?.stop()
      this.simulator.shutdown()
      await this.webApi.close()
      if (quit) await this.simulator.quit()
      this.resolveClosed()
    })()
    return this.stopping
  }
}
