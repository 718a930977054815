/**
 * Game events: what the game sources report (arcade outputs, running content, watched memory) as
 * events, and the live score and timer derived from them. Follows the running game from the
 * frontend (`ui.game.started` / `ui.game.ended`) and from the content the sources report. Which
 * sources exist is decided by the factory the service is given (`source-kinds.ts`).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { GameEventsConfig } from './options.js'
import type { Publisher } from '../core/event-bus.js'
import type { FactChannel } from '../core/facts.js'
import type { GameEvents } from './events.js'
import { HubError } from '../core/errors.js'
import type { FrontendFacts } from '../frontend/index.js'
import type { Facts } from '../core/facts.js'
import { sameContent, statusOfSources, type ContentEndReason, type GameSource, type RunningContent } from './game-source.js'
import type { GameSourceFactory } from './source-kinds.js'
import { LiveBoard, type GameIdentity } from './live/live-board.js'
import type { DefinitionBodyType, IngameStatus } from './schemas.js'
import { SourceSink } from './sink/source-sink.js'
import { DefinitionStore, type GameKey, type StoredDefinition } from './watches/definition-store.js'
import { MemoryWatcher } from './watches/memory-watcher.js'
import type { GameEventFacts } from './content-facts.js'

export interface GameEventsDeps {
  readonly config: GameEventsConfig
  readonly publisher: Publisher<GameEvents>
  /** The frontend's facts: the game it started and ended. */
  readonly frontend: Facts<FrontendFacts>
  /** Where content stops and live scores are told to other modules. */
  readonly facts: FactChannel<GameEventFacts>
  readonly logger: FastifyBaseLogger
  readonly now: () => Date
  /** Builds the sources to run: `configuredSources` in the module, extra test sources in tests. */
  readonly sources: GameSourceFactory
}

interface RunningSource {
  readonly source: GameSource
  readonly sink: SourceSink
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
  #unsubscribe: Array<() => void> = []
  /** Counts the changes of the running game: a definition read for an earlier one is not applied. */
  #change = 0
  #refreshed: Promise<void> = Promise.resolve()

  constructor (deps: GameEventsDeps) {
    this.#deps = deps
    const { config, logger, now } = deps
    // Sources name their events by their id (`<id>.output.changed`): the names are checked against
    // the declared catalog when published, not when compiled.
    const publish = (type: string, payload: Record<string, unknown>): void => { deps.publisher.publish(type, payload) }
    this.#store = new DefinitionStore(config.dataDir)
    this.#board = new LiveBoard(publish, now, (score) => { deps.facts.tell('ScoreChanged', score) })
    this.#watcher = new MemoryWatcher({ publish, board: this.#board, now })
    const contentOf = (source: string) => ({
      started: (started: RunningContent) => this.#contentChanged(started, source),
      stopped: (stopped: RunningContent, reason: ContentEndReason) => {
        // Content another source started since then stays the running content.
        if (sameContent(this.#content, stopped)) this.#contentChanged(null, null)
        deps.facts.tell('ContentStopped', { source, systemId: stopped.systemId, contentName: stopped.contentName, reason })
      }
    })
    const sources = deps.sources({ config, logger })
    const duplicate = sources.find((source, i) => sources.findIndex((other) => other.id === source.id) !== i)
    // Events and status are named by the source id: two sources with one id would be told apart by nobody.
    if (duplicate !== undefined) throw new Error(`two game sources are named ${duplicate.id}`)
    this.#sources = sources.map((source) => ({ source, sink: new SourceSink(source.id, { publish, board: this.#board, now, logger, watcher: this.#watcher, content: contentOf(source.id) }) }))
  }

  async start (): Promise<void> {
    this.#unsubscribe = [
      this.#deps.frontend.on('GameStarted', ({ game }) => { this.#frontendGameChanged({ systemId: game.system, rom: game.rom }) }),
      this.#deps.frontend.on('GameEnded', () => { this.#frontendGameChanged(null) })
    ]
    for (const { source, sink } of this.#sources) await source.start(sink)
  }

  /** Resolves once the definition of the running game, as it is now, is in use. */
  settled (): Promise<void> {
    return this.#refreshed
  }

  stop (): void {
    // A definition still being read is not handed to stopped sources.
    this.#change++
    for (const unsubscribe of this.#unsubscribe) unsubscribe()
    for (const { source } of this.#sources) source.stop()
  }

  async getDefinition (key: GameKey) {
    const definition = await this.#store.load(key, (message) => this.#deps.logger.warn(message))
    if (definition === null) {
      throw new HubError(404, 'DEFINITION_NOT_FOUND', `No usable watch definition for ${key.systemId}/${key.rom}; PUT one to this path${this.#store.errors().length > 0 ? ' (see definitionErrors in GET /api/v1/ingame/status)' : ''}`)
    }
    return this.#describe(definition)
  }

  async putDefinition (key: GameKey, body: DefinitionBodyType) {
    const saved = await this.#store.save(key, body)
    if (this.#candidates().some((c) => sameGame(c, key))) await this.#refresh()
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

  /** The frontend started a game (its key), or ended one (null). */
  #frontendGameChanged (game: GameKey | null): void {
    this.#frontendGame = game
    this.#board.clear(game === null ? 'game-ended' : 'game-started')
    void this.#refresh()
  }

  #contentChanged (content: RunningContent | null, source: string | null): void {
    this.#content = content
    this.#contentSource = source
    void this.#refresh()
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

  /** Reads the running game's definition again; `settled` waits for the last such read. */
  #refresh (): Promise<void> {
    this.#refreshed = this.#refreshDefinition()
    return this.#refreshed
  }

  async #refreshDefinition (): Promise<void> {
    const change = ++this.#change
    let definition: StoredDefinition | null = null
    for (const key of this.#candidates()) {
      definition = await this.#store.load(key, (message) => this.#deps.logger.warn(message))
      if (definition !== null) break
    }
    // The game changed while the files were read: that change's own read decides.
    if (change !== this.#change) return
    const plan = this.#watcher.use(definition, this.#game(), this.#content)
    for (const { source } of this.#sources) source.setReadPlan?.(plan)
  }

  #describe (definition: StoredDefinition) {
    return { systemId: definition.systemId, rom: definition.rom, file: definition.file, inUse: this.#watcher.definition?.file === definition.file, watches: [...definition.watches] }
  }
}
