/**
 * One cabemu instance (an emulator's network outputs, MAME `-output network`) as a game source:
 * connects to its output server, follows the session from `mame_start` / `mame_stop`, and reports
 * every output change in order. An emulator that is not running is the normal state of a
 * cabinet, so while nothing listens the connection retries quietly.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { GameSource, GameSourceSink, OutputSession, SessionEndReason } from '../game-source.js'
import { PluginBridge } from '../mame-plugin/plugin-bridge.js'
import { isOtherServicesPlugin, oneLine, pluginElsewhereProblem } from '../mame-plugin/plugin-check.js'
import type { CabemuStatusType } from '../schemas.js'
import type { ReadRange } from '../watches/read-plan.js'
import { OutputConnection } from './connection.js'
import { parseOutputLine, type OutputMessage } from './output-line.js'

export interface CabemuOptions {
  /** `cabemu` or `cabemu2`: the source id, so also the prefix of the instance's events. */
  readonly instance: string
  readonly enabled: boolean
  readonly host: string
  readonly port: number
  /** The service's data dir: a `cabinethub` plugin heard here should read its definitions. */
  readonly dataDir: string
  /** The service's port: a plugin installed for another port and data dir is another service's. */
  readonly servicePort: number
}

const retry = { minRetryMs: 100, maxRetryMs: 2000 }

export class CabemuSource implements GameSource {
  readonly id: string
  /** Every instance is one entry of `sources.cabemu`. */
  readonly statusSlot = { key: 'cabemu', list: true }
  readonly #options: CabemuOptions
  readonly #connection: OutputConnection
  readonly #logger: FastifyBaseLogger
  /** Outputs of the `cabinethub` plugin are watched memory, not lamps. */
  readonly #bridge: PluginBridge
  #sink: GameSourceSink | null = null
  #machineName: string | null = null
  #linesReceived = 0
  #ignoredLines = 0

  constructor (options: CabemuOptions, logger: FastifyBaseLogger) {
    const { instance, host, port } = options
    this.id = instance
    this.#options = options
    this.#logger = logger
    this.#bridge = new PluginBridge((plugin) => isOtherServicesPlugin(plugin, options.dataDir, options.servicePort))
    this.#connection = new OutputConnection({ host, port, ...retry }, {
      connected: () => logger.info(`${instance}: connected to the output server on ${host}:${port}`),
      line: (line) => this.#receive(line === null ? null : parseOutputLine(line)),
      disconnected: () => {
        logger.info(`${instance}: the output server on ${host}:${port} closed the connection; retrying quietly`)
        this.#end('disconnected')
      }
    })
  }

  async start (sink: GameSourceSink): Promise<void> {
    this.#sink = sink
    if (this.#options.enabled) this.#connection.start()
  }

  stop (): void {
    this.#connection.stop()
  }

  setReadPlan (plan: readonly ReadRange[]): void {
    this.#bridge.setPlan(plan)
  }

  status (): CabemuStatusType {
    const { instance, enabled, host, port } = this.#options
    return {
      instance,
      enabled,
      host,
      port,
      connected: this.#connection.connected,
      machineName: this.#machineName,
      linesReceived: this.#linesReceived,
      ignoredLines: this.#ignoredLines,
      mamePlugin: this.#mamePlugin()
    }
  }

  #mamePlugin (): CabemuStatusType['mamePlugin'] {
    const plugin = this.#bridge.plugin
    if (plugin === null) return null
    const problem = pluginElsewhereProblem(plugin, this.#options.dataDir)
    return { folder: plugin.folder, definitionsDir: plugin.definitionsDir, state: problem === null ? 'ok' : 'degraded', problem: problem === null ? null : oneLine(problem) }
  }

  /** A line was received; `message` is null for garbage. */
  #receive (message: OutputMessage | null): void {
    this.#linesReceived++
    if (message === null) {
      this.#ignoredLines++
      return
    }
    switch (message.kind) {
      case 'start': return this.#start(message.machineName)
      case 'stop': return this.#end('stopped')
      case 'signal':
        if (this.#sink === null) return
        if (PluginBridge.handles(message.key)) return this.#pluginOutput(message.key, message.value, this.#sink)
        return this.#sink.outputChanged(this.#session(this.#machineName ?? ''), message.key, message.value)
    }
  }

  #pluginOutput (key: string, value: number, sink: GameSourceSink): void {
    const [before, ignoredBefore] = [this.#bridge.plugin, this.#bridge.ignored]
    this.#bridge.output(key, value, sink)
    const [plugin, ignored] = [this.#bridge.plugin, this.#bridge.ignored]
    // Said once per plugin heard, not at each of its half-second announcements.
    if (ignored !== null && ignored !== ignoredBefore) this.#logger.debug(`${this.id}: ignoring the outputs of the MAME plugin of the service on port ${ignored.servicePort ?? '?'} (definitions in ${ignored.definitionsDir})`)
    const problem = plugin === null || plugin === before ? null : pluginElsewhereProblem(plugin, this.#options.dataDir)
    if (problem !== null) this.#logger.warn(`${this.id}: ${oneLine(problem)}`)
  }

  #start (machineName: string): void {
    // A new `mame_start` without a `mame_stop` ends the previous session first.
    this.#end('stopped')
    this.#machineName = machineName
    this.#sink?.sessionStarted(this.#session(machineName))
  }

  /** The session ended (`mame_stop`, a new `mame_start`, or the connection dropped mid-session). */
  #end (reason: SessionEndReason): void {
    if (this.#sink !== null) this.#bridge.sessionEnded(this.#sink)
    if (this.#machineName === null) return
    this.#sink?.sessionStopped(this.#session(this.#machineName), reason)
    this.#machineName = null
  }

  #session (machineName: string): OutputSession {
    return { machineName, port: this.#options.port }
  }
}
