/**
 * Game events: arcade outputs from the cabemu instances, watched memory of the multi-system
 * emulator, and the live score and timer derived from both. Follows the running game from the
 * frontend (`ui.game.started` / `ui.game.ended`) and from the emulator's own content status.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { GameEventsConfig } from './options.js'
import type { EventBus, PublishedEvent } from '../core/event-bus.js'
import { HubError } from '../core/errors.js'
import { romStem } from '../identity/index.js'
import { CabemuSource } from './cabemu/cabemu-source.js'
import { OutputConnection } from './cabemu/connection.js'
import { parseOutputLine } from './cabemu/output-line.js'
import { LiveBoard, type GameIdentity } from './live/live-board.js'
import { CommandChannel } from './multiemu/command-channel.js'
import { defaultPollerTiming, MultiemuPoller } from './multiemu/poller.js'
import type { RunningContent } from './multiemu/replies.js'
import type { DefinitionBodyType, IngameStatus } from './schemas.js'
import { DefinitionStore, type GameKey, type StoredDefinition } from './watches/definition-store.js'
import { MemoryWatcher } from './watches/memory-watcher.js'

export interface GameEventsDeps {
  readonly config: GameEventsConfig
  readonly bus: EventBus
  readonly logger: FastifyBaseLogger
  readonly now: () => Date
}

interface CabemuInstance {
  readonly name: string
  readonly enabled: boolean
  readonly host: string
  readonly port: number
  readonly source: CabemuSource
  readonly connection: OutputConnection
}

const retry = { minRetryMs: 100, maxRetryMs: 2000 }
const commandTimeoutMs = 250

function romOf (payload: Record<string, unknown>): string | null {
  if (typeof payload.Rom === 'string' && payload.Rom !== '') return payload.Rom
  if (typeof payload.GamePath === 'string' && payload.GamePath !== '') return romStem(payload.GamePath)
  return null
}

/** Definition keys are matched regardless of case (see DefinitionStore). */
function sameGame (a: GameKey, b: GameKey): boolean {
  return a.systemId.toLowerCase() === b.systemId.toLowerCase() && a.rom.toLowerCase() === b.rom.toLowerCase()
}

export class GameEventsService {
  readonly #deps: GameEventsDeps
  readonly #store: DefinitionStore
  readonly #board: LiveBoard
  readonly #watcher: MemoryWatcher
  readonly #cabemu: CabemuInstance[]
  readonly #channel: CommandChannel
  readonly #poller: MultiemuPoller
  readonly #refusedReads = new Set<string>()
  #frontendGame: GameKey | null = null
  #unsubscribe: (() => void) | null = null

  constructor (deps: GameEventsDeps) {
    this.#deps = deps
    const { config, now } = deps
    const publish = (type: string, payload: Record<string, unknown>): void => { deps.bus.publish(type, payload) }
    this.#store = new DefinitionStore(config.dataDir)
    this.#board = new LiveBoard(publish, now)
    this.#watcher = new MemoryWatcher({ publish, board: this.#board, now })
    this.#cabemu = [
      this.#cabemuInstance('cabemu', config.cabemuEnabled, config.cabemuHost, config.cabemuPort, publish),
      this.#cabemuInstance('cabemu2', config.cabemu2Enabled, config.cabemu2Host, config.cabemu2Port, publish)
    ]
    this.#channel = new CommandChannel({ host: config.multiemuHost, port: config.multiemuPort, timeoutMs: commandTimeoutMs })
    this.#poller = new MultiemuPoller(this.#channel, { pollHz: config.multiemuPollHz, ...defaultPollerTiming }, {
      contentStarted: (content) => this.#contentStarted(content),
      contentStopped: (content, reason) => this.#contentStopped(content, reason),
      memoryRead: (range, bytes) => this.#watcher.read(range, bytes),
      readRefused: (range, error) => {
        const key = `${this.#watcher.definition?.file ?? ''}@${range.address}`
        if (!this.#refusedReads.has(key)) deps.logger.warn(`the emulator refused to read ${range.length} bytes at 0x${range.address.toString(16)}: ${error}`)
        this.#refusedReads.add(key)
      }
    })
  }

  async start (): Promise<void> {
    this.#unsubscribe = this.#deps.bus.subscribe((event) => this.#onEvent(event))
    for (const instance of this.#cabemu) if (instance.enabled) instance.connection.start()
    if (this.#deps.config.multiemuEnabled) {
      await this.#channel.open()
      this.#poller.start()
    }
  }

  stop (): void {
    this.#unsubscribe?.()
    for (const instance of this.#cabemu) instance.connection.stop()
    this.#poller.stop()
    this.#channel.close()
  }

  getDefinition (key: GameKey) {
    const definition = this.#store.load(key, (message) => this.#deps.logger.warn(message))
    if (definition === null) {
      throw new HubError(404, 'DEFINITION_NOT_FOUND', `No usable watch definition for ${key.systemId}/${key.rom}; PUT one to this path${this.#store.errors().length > 0 ? ' (see definitionErrors in GET /api/v1/ingame/status)' : ''}`)
    }
    return this.#describe(definition)
  }

  putDefinition (key: GameKey, body: DefinitionBodyType) {
    const saved = this.#store.save(key, body)
    if (this.#candidates().some((c) => sameGame(c, key))) this.#refreshDefinition()
    return this.#describe(saved)
  }

  status (): IngameStatus {
    const { config } = this.#deps
    const content = this.#poller.content
    const definition = this.#watcher.definition
    const game = this.#game()
    return {
      sources: {
        cabemu: this.#cabemu.map((c) => ({
          instance: c.name,
          enabled: c.enabled,
          host: c.host,
          port: c.port,
          connected: c.connection.connected,
          machineName: c.source.machineName,
          linesReceived: c.source.linesReceived,
          ignoredLines: c.source.ignoredLines
        })),
        multiemu: {
          enabled: config.multiemuEnabled,
          host: config.multiemuHost,
          port: config.multiemuPort,
          pollHz: config.multiemuPollHz,
          reachable: this.#poller.reachable,
          memoryCommand: this.#poller.memoryCommand,
          ignoredReplies: this.#channel.ignoredReplies
        }
      },
      game: game === null ? null : { systemId: game.SystemId, rom: game.Rom, from: this.#frontendGame === null ? 'multiemu' : 'frontend' },
      runningContent: content === null ? null : { ...content },
      definition: definition === null ? null : { systemId: definition.systemId, rom: definition.rom, file: definition.file, watchCount: definition.watches.length },
      definitionErrors: this.#store.errors(),
      lastValues: this.#watcher.lastValues().map((r) => ({
        key: r.watch.key, address: r.watch.address, role: r.watch.role, player: r.watch.player ?? 1, rawValueHex: r.rawValueHex, value: r.value, ts: r.ts
      }))
    }
  }

  #cabemuInstance (name: string, enabled: boolean, host: string, port: number, publish: (type: string, payload: Record<string, unknown>) => void): CabemuInstance {
    const { logger, now } = this.#deps
    const source = new CabemuSource({ instance: name, port, publish, board: this.#board, now })
    const connection = new OutputConnection({ host, port, ...retry }, {
      connected: () => logger.info(`${name}: connected to the output server on ${host}:${port}`),
      line: (line) => source.receive(line === null ? null : parseOutputLine(line)),
      disconnected: () => {
        logger.info(`${name}: the output server on ${host}:${port} closed the connection; retrying quietly`)
        source.end('disconnected')
      }
    })
    return { name, enabled, host, port, source, connection }
  }

  #onEvent (event: PublishedEvent): void {
    const { Type: type, Payload: payload } = event.envelope
    if (type === 'ui.game.started') {
      const systemId = typeof payload.SystemId === 'string' ? payload.SystemId : ''
      const rom = romOf(payload)
      this.#frontendGame = systemId === '' || rom === null ? null : { systemId, rom }
    } else if (type === 'ui.game.ended') {
      this.#frontendGame = null
    } else {
      return
    }
    this.#board.reset()
    this.#refreshDefinition()
  }

  #contentStarted (content: RunningContent): void {
    this.#deps.logger.info(`multiemu: content ${content.contentName} (${content.systemId}) started`)
    this.#deps.bus.publish('multiemu.content.started', { SystemId: content.systemId, ContentName: content.contentName, Crc32: content.crc32 })
    this.#refreshDefinition()
  }

  #contentStopped (content: RunningContent, reason: 'stopped' | 'unreachable'): void {
    this.#deps.logger.info(`multiemu: content ${content.contentName} stopped (${reason === 'stopped' ? 'closed by the emulator' : 'the emulator stopped answering'})`)
    this.#deps.bus.publish('multiemu.content.stopped', { SystemId: content.systemId, ContentName: content.contentName, Crc32: content.crc32, Reason: reason })
    this.#refreshDefinition()
  }

  /** The running game as events name it: the frontend's view first, else the emulator's. */
  #game (): GameIdentity | null {
    const key = this.#frontendGame ?? this.#contentKey()
    return key === null ? null : { SystemId: key.systemId, Rom: key.rom }
  }

  #contentKey (): GameKey | null {
    const content = this.#poller.content
    return content === null ? null : { systemId: content.systemId, rom: content.contentName }
  }

  #candidates (): GameKey[] {
    return [this.#frontendGame, this.#contentKey()].filter((k): k is GameKey => k !== null)
  }

  #refreshDefinition (): void {
    let definition: StoredDefinition | null = null
    for (const key of this.#candidates()) {
      definition = this.#store.load(key, (message) => this.#deps.logger.warn(message))
      if (definition !== null) break
    }
    this.#poller.setPlan(this.#watcher.use(definition, this.#game(), this.#poller.content))
  }

  #describe (definition: StoredDefinition) {
    return { systemId: definition.systemId, rom: definition.rom, file: definition.file, inUse: this.#watcher.definition?.file === definition.file, watches: [...definition.watches] }
  }
}
