/**
 * Game events: what the game sources report (arcade outputs, running content, watched memory) as
 * events, and the live score and timer derived from them. Follows the running game from the
 * frontend (`ui.game.started` / `ui.game.ended`) and from the content the sources report. Which
 * sources exist is decided by the factory the service is given (`configured-sources.ts`).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { GameEventsConfig } from './options.js'
import type { EventListener, Publisher, PublishedEvent } from '../core/event-bus.js'
import type { GameEvents } from './events.js'
import { HubError } from '../core/errors.js'
import { romStem } from '../identity/index.js'
import { sameContent, statusOfSources, type ContentEndReason, type GameSource, type GameSourceFactory, type RunningContent } from './game-source.js'
import { LiveBoard, type GameIdentity } from './live/live-board.js'
import type { DefinitionBodyType, IngameStatus } from './schemas.js'
import { SourceSink } from './sink/source-sink.js'
import { DefinitionStore, type GameKey, type StoredDefinition } from './watches/definition-store.js'
import { MemoryWatcher } from './watches/memory-watcher.js'
import type { ContentFacts, ContentStopped } from './content-facts.js'

export interface GameEventsDeps {
  readonly config: GameEventsConfig
  readonly publisher: Publisher<GameEvents>
  readonly subscribe: (listener: EventListener) => () => void
  readonly logger: FastifyBaseLogger
  readonly now: () => Date
  /** Builds the sources to run: `configuredSources` in the module, extra test sources in tests. */
  readonly sources: GameSourceFactory
}

interface RunningSource {
  readonly source: GameSource
  readonly sink: SourceSink
}

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
  readonly #sources: readonly RunningSource[]
  #frontendGame: GameKey | null = null
  /** The content a source last reported started, until it reports it stopped. */
  #content: RunningContent | null = null
  /** The source that reported the running content. */
  #contentSource: string | null = null
  readonly #stopListeners = new Set<(stopped: ContentStopped) => void>()
  #unsubscribe: (() => void) | null = null

  constructor (deps: GameEventsDeps) {
    this.#deps = deps
    const { config, logger, now } = deps
    // Sources name their events by their id (`<id>.output.changed`): the names are checked against
    // the declared catalog when published, not when compiled.
    const publish = (type: string, payload: Record<string, unknown>): void => { deps.publisher.publish(type as keyof GameEvents & string, payload as never) }
    this.#store = new DefinitionStore(config.dataDir)
    this.#board = new LiveBoard(publish, now)
    this.#watcher = new MemoryWatcher({ publish, board: this.#board, now })
    const contentOf = (source: string) => ({
      started: (started: RunningContent) => this.#contentChanged(started, source),
      stopped: (stopped: RunningContent, reason: ContentEndReason) => {
        // Content another source started since then stays the running content.
        if (sameContent(this.#content, stopped)) this.#contentChanged(null, null)
        for (const listener of this.#stopListeners) listener({ source, systemId: stopped.systemId, contentName: stopped.contentName, reason })
      }
    })
    const sources = deps.sources({ config, logger })
    const duplicate = sources.find((source, i) => sources.findIndex((other) => other.id === source.id) !== i)
    // Events and status are named by the source id: two sources with one id would be told apart by nobody.
    if (duplicate !== undefined) throw new Error(`two game sources are named ${duplicate.id}`)
    this.#sources = sources.map((source) => ({ source, sink: new SourceSink(source.id, { publish, board: this.#board, now, logger, watcher: this.#watcher, content: contentOf(source.id) }) }))
  }

  async start (): Promise<void> {
    this.#unsubscribe = this.#deps.subscribe((event) => this.#onEvent(event))
    for (const { source, sink } of this.#sources) await source.start(sink)
  }

  stop (): void {
    this.#unsubscribe?.()
    for (const { source } of this.#sources) source.stop()
  }

  getDefinition (key: GameKey) {
    const definition = this.#store.load(key, (message) => this.#deps.logger.warn(message))
    if (definition === null) {
      throw new HubError(404, 'DEFINITION_NOT_FOUND', `No usable watch definition for ${key.systemId}/${key.rom}; PUT one to this path${this.#store.errors().length > 0 ? ' (see definitionErrors in GET /api/v1/ingame/status)' : ''}`)
    }
    return this.#describe(definition)
  }

  async putDefinition (key: GameKey, body: DefinitionBodyType) {
    const saved = await this.#store.save(key, body)
    if (this.#candidates().some((c) => sameGame(c, key))) this.#refreshDefinition()
    return this.#describe(saved)
  }

  status (): IngameStatus {
    const content = this.#content
    const definition = this.#watcher.definition
    const game = this.#game()
    return {
      // Each source types its own status against its schema; the slots come from the sources.
      sources: statusOfSources(this.#sources.map((s) => s.source)) as IngameStatus['sources'],
      game: game === null ? null : { systemId: game.SystemId, rom: game.Rom, from: this.#frontendGame !== null ? 'frontend' : this.#contentSource ?? 'frontend' },
      runningContent: content === null ? null : { ...content },
      definition: definition === null ? null : { systemId: definition.systemId, rom: definition.rom, file: definition.file, watchCount: definition.watches.length },
      definitionErrors: this.#store.errors(),
      lastValues: this.#watcher.lastValues().map((r) => ({
        key: r.watch.key, address: r.watch.address, role: r.watch.role, player: r.watch.player ?? 1, rawValueHex: r.rawValueHex, value: r.value, ts: r.ts
      }))
    }
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
    this.#board.clear(type === 'ui.game.started' ? 'game-started' : 'game-ended')
    this.#refreshDefinition()
  }

  /** Content stops of every source, for modules (achievements end their session on one). */
  readonly contentFacts: ContentFacts = {
    onStopped: (listener) => {
      this.#stopListeners.add(listener)
      return () => { this.#stopListeners.delete(listener) }
    }
  }

  #contentChanged (content: RunningContent | null, source: string | null): void {
    this.#content = content
    this.#contentSource = source
    this.#refreshDefinition()
  }

  /** The running game as events name it: the frontend's view first, else the emulator's. */
  #game (): GameIdentity | null {
    const key = this.#frontendGame ?? this.#contentKey()
    return key === null ? null : { SystemId: key.systemId, Rom: key.rom }
  }

  #contentKey (): GameKey | null {
    const content = this.#content
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
    const plan = this.#watcher.use(definition, this.#game(), this.#content)
    for (const { source } of this.#sources) source.setReadPlan?.(plan)
  }

  #describe (definition: StoredDefinition) {
    return { systemId: definition.systemId, rom: definition.rom, file: definition.file, inUse: this.#watcher.definition?.file === definition.file, watches: [...definition.watches] }
  }
}
