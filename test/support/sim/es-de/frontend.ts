/**
 * The simulated ES-DE as one object: loads an ES-DE tree (its application data folder), fires the
 * startup event, and serves only the simulator's own `/sim/*` routes on 127.0.0.1: ES-DE has no
 * web API (frontends.md §3), so nothing else answers.
 */
import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'
import pino, { type Logger } from 'pino'
import { esDeSettingsNow, frontendLayout, type FrontendLayout } from '../../../../src/frontends/index.js'
import { Autoplay } from '../../../../src/sim/autoplay.js'
import type { SimulatedFrontendOptions } from '../../../../src/sim/frontend.js'
import { simulatorRoutes } from '../../../../src/sim/web-api.js'
import { esDeSimButtons, EsDeSimulator } from './simulator.js'

/**
 * The options of the simulated ES (src/sim/frontend.ts), but `frontendRoot` is ES-DE's application
 * data folder (`~/ES-DE`); the roms are where its settings say, by default `../ROMs`. `env` is
 * the environment its script shells inherit.
 */
export type SimulatedEsDeOptions = Omit<SimulatedFrontendOptions, 'profile'>

const host = '127.0.0.1'

export class SimulatedEsDe {
  readonly layout: FrontendLayout
  readonly simulator: EsDeSimulator
  private readonly autoplay: Autoplay | null
  private readonly logger: Logger
  private readonly app = Fastify({ logger: false, forceCloseConnections: true })
  private stopping: Promise<void> | null = null
  private resolveClosed: () => void = () => {}
  readonly closed: Promise<void> = new Promise((resolve) => { this.resolveClosed = resolve })

  constructor (private readonly options: SimulatedEsDeOptions) {
    this.layout = frontendLayout(options.frontendRoot, 'es-de')
    this.logger = options.logger ?? pino({ level: 'silent' })
    this.simulator = new EsDeSimulator({
      layout: this.layout,
      logger: this.logger,
      playMs: (options.playSeconds ?? 30) * 1000,
      runInBackground: esDeSettingsNow(this.layout.esConfigDir).get('RunInBackground') === 'true',
      env: options.env ?? process.env,
      screensaver: { idleMs: (options.screensaverSeconds ?? 300) * 1000, swapMs: (options.screensaverSwapSeconds ?? 10) * 1000, random: options.screensaverRandom ?? Math.random }
    })
    // The simulator's routes read their bodies as text, as ES's do.
    this.app.removeAllContentTypeParsers()
    this.app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))
    this.app.setNotFoundHandler((_request, reply) => reply.code(404).send())
    simulatorRoutes(this.app, { simulator: this.simulator })
    const autoplay = options.autoplay ?? false
    this.autoplay = autoplay === false ? null : new Autoplay(this.simulator, { buttons: esDeSimButtons, ...(autoplay === true ? {} : autoplay) })
  }

  async start (): Promise<{ url: string }> {
    await this.simulator.start()
    await this.app.listen({ host, port: this.options.port ?? 0 })
    const { port } = this.app.server.address() as AddressInfo
    this.autoplay?.start()
    const url = `http://${host}:${port}`
    this.logger.info({ url, appData: this.layout.root }, 'simulated ES-DE listening')
    return { url }
  }

  /** Stops serving; `quit` also fires ES-DE's quit event first, waited for. */
  stop (quit = false): Promise<void> {
    this.stopping ??= (async () => {
      this.autoplay?.stop()
      this.simulator.shutdown()
      await this.app.close()
      if (quit) await this.simulator.quit()
      this.resolveClosed()
    })()
    return this.stopping
  }
}
