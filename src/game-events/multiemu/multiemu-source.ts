/**
 * The multi-system emulator (RetroArch network commands) as a game source: GET_STATUS tells when
 * content starts and stops, and the watched memory is read with the plan the service gives.
 */
import type { GameSource, GameSourceSink } from '../game-source.js'
import type { MultiemuStatusType } from '../schemas.js'
import type { ReadRange } from '../watches/read-plan.js'
import { CommandChannel } from './command-channel.js'
import { defaultPollerTiming, MultiemuPoller } from './poller.js'

export interface MultiemuOptions {
  readonly enabled: boolean
  readonly host: string
  readonly port: number
  readonly pollHz: number
}

const commandTimeoutMs = 250

export class MultiemuSource implements GameSource {
  readonly id = 'multiemu'
  readonly statusSlot = { key: 'multiemu', list: false }
  readonly #options: MultiemuOptions
  readonly #channel: CommandChannel
  readonly #poller: MultiemuPoller
  #sink: GameSourceSink | null = null

  constructor (options: MultiemuOptions) {
    this.#options = options
    this.#channel = new CommandChannel({ host: options.host, port: options.port, timeoutMs: commandTimeoutMs })
    // The poller runs only after start, so the sink is there whenever it reports.
    this.#poller = new MultiemuPoller(this.#channel, { pollHz: options.pollHz, ...defaultPollerTiming }, {
      contentStarted: (content) => this.#sink?.contentStarted(content),
      contentStopped: (content, reason) => this.#sink?.contentStopped(content, reason),
      memoryRead: (range, bytes) => this.#sink?.memoryRead(range, bytes),
      readRefused: (range, error) => this.#sink?.memoryRefused(range, error)
    })
  }

  async start (sink: GameSourceSink): Promise<void> {
    this.#sink = sink
    if (!this.#options.enabled) return
    await this.#channel.open()
    this.#poller.start()
  }

  stop (): void {
    this.#poller.stop()
    this.#channel.close()
  }

  setReadPlan (plan: readonly ReadRange[]): void {
    this.#poller.setPlan(plan)
  }

  status (): MultiemuStatusType {
    const { enabled, host, port, pollHz } = this.#options
    return {
      enabled,
      host,
      port,
      pollHz,
      reachable: this.#poller.reachable,
      memoryCommand: this.#poller.memoryCommand,
      ignoredReplies: this.#channel.ignoredReplies
    }
  }
}
