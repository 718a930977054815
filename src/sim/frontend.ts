/**
 * The simulated EmulationStation as one object: loads a frontend tree, serves the ES web API on
 * 127.0.0.1, fires the `start` hook, and optionally lets a pretend player browse and play.
 */
import type { AddressInfo } from 'node:net'
import pino, { type Logger } from 'pino'
import { serviceVersion } from '../version.js'
import { Autoplay, type AutoplayOptions } from './autoplay.js'
import { frontendLayout, type FrontendLayout, type FrontendProfile } from '../frontends/index.js'
import { FrontendSimulator } from './simulator.js'
import { buildWebApi } from './web-api.js'

export interface SimulatedFrontendOptions {
  /** Root of the frontend tree (the RetroBat folder, or what stands for Batocera's `/userdata`). */
  readonly frontendRoot: string
  /** Folder layout of the tree. Default `retrobat`. */
  readonly profile?: FrontendProfile
  /** Port of the web API on 127.0.0.1; 0 (the default) picks a free one. Real ES uses 1234. */
  readonly port?: number
  /** How long a launched game runs before game-end fires. Default 30 s. */
  readonly playSeconds?: number
  /** Browse and play by itself, forever, at a human pace. Default off. */
  readonly autoplay?: boolean | AutoplayOptions
  /** A hook script still running after this long is killed. Default 60 s. */
  readonly hookTimeoutMs?: number
  readonly logger?: Logger
}

const host = '127.0.0.1'

/**
 * A running simulated frontend. `start()` resolves with the web API's base URL once it listens;
 * `stop()` (or `GET /quit`) stops serving after the queued hooks have run; `closed` resolves then.
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
      hookTimeoutMs: options.hookTimeoutMs ?? 60_000
    })
    this.webApi = buildWebApi({ simulator: this.simulator, version: serviceVersion, logger: this.logger, onQuit: () => { void this.stop() } })
    const autoplay = options.autoplay ?? false
    this.autoplay = autoplay === false ? null : new Autoplay(this.simulator, autoplay === true ? {} : autoplay)
  }

  async start (): Promise<{ url: string }> {
    await this.simulator.loadGames()
    await this.webApi.listen({ host, port: this.options.port ?? 0 })
    const { port } = this.webApi.server.address() as AddressInfo
    this.simulator.fire('start')
    this.autoplay?.start()
    const url = `http://${host}:${port}`
    this.logger.info({ url, frontendRoot: this.layout.root, systems: this.simulator.systems.length }, 'simulated frontend listening')
    return { url }
  }

  stop (): Promise<void> {
    this.stopping ??= (async () => {
      this.autoplay?.stop()
      await this.webApi.close()
      await this.simulator.shutdown()
      this.resolveClosed()
    })()
    return this.stopping
  }
}
