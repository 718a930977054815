/**
 * The core services every module receives: configuration, gates, the event bus, the stream
 * gateway, the journal, start phases and status sections. No Fastify here.
 */
import type { FastifyBaseLogger } from 'fastify'
import { configuredSwitches, type HubConfig, type LoadedConfig } from '../config.js'
import { serviceVersion } from '../version.js'
import type { EsSettings } from './es-settings.js'
import { EventBus } from './event-bus.js'
import type { EventCatalog } from './events/catalog.js'
import { managerDefinitions, resolveGates, type GateState, type ManagerId } from './gates.js'
import { Startup } from './startup.js'
import type { HubDatabase } from './storage/database.js'
import { EventJournal } from './storage/event-journal.js'
import { StreamGateway } from './ws/gateway.js'

export interface HubDeps {
  readonly loaded: LoadedConfig
  readonly logger: FastifyBaseLogger
  readonly db: HubDatabase
  readonly esSettings: EsSettings
  readonly now: () => Date
  /** Every event type of the core and the registered modules. */
  readonly events: EventCatalog
}

export type StatusSection = () => Record<string, unknown>

export class Hub {
  readonly config: HubConfig
  readonly loaded: LoadedConfig
  readonly logger: FastifyBaseLogger
  readonly db: HubDatabase
  readonly esSettings: EsSettings
  readonly now: () => Date
  readonly events: EventCatalog
  readonly gates: ReadonlyMap<ManagerId, GateState>
  readonly bus: EventBus
  readonly gateway: StreamGateway
  readonly journal: EventJournal
  readonly startup: Startup
  readonly #statusSections = new Map<string, StatusSection>()

  constructor (deps: HubDeps) {
    this.loaded = deps.loaded
    this.config = deps.loaded.config
    this.logger = deps.logger
    this.db = deps.db
    this.esSettings = deps.esSettings
    this.now = deps.now
    this.events = deps.events
    this.gates = resolveGates(managerDefinitions, configuredSwitches(deps.loaded), deps.esSettings.values)
    for (const gate of this.gates.values()) {
      if (gate.ignoredEsValue !== null) this.logger.warn(`${gate.esSetting}="${gate.ignoredEsValue}" in es_settings.cfg is not a switch value (1/0, true/false, on/off); using the config`)
    }

    const disabledPrefixes = managerDefinitions
      .filter((m) => this.gates.get(m.id)?.enabled === false)
      .flatMap((m) => m.eventPrefixes.map((prefix) => ({ prefix, manager: m.id })))
    this.bus = new EventBus({
      nodeId: this.config.nodeId,
      now: this.now,
      definition: (type) => this.events.definition(type),
      disabledOwner: (type) => disabledPrefixes.find((d) => type.startsWith(d.prefix))?.manager ?? null,
      onListenerError: (error, type) => this.logger.error({ err: error }, `a subscriber failed on ${type}`)
    })
    this.gateway = new StreamGateway({
      pingIntervalMs: this.config.wsPingIntervalMs,
      maxQueuedBytes: this.config.wsMaxQueuedBytes,
      maxBufferedBytes: this.config.wsMaxBufferedBytes,
      retainedSlots: this.events.retainedSlots,
      onSlowClient: (stream, bytes) => this.logger.warn(`closed a /ws client of stream ${stream} with 1013: it stopped reading and ${bytes} bytes of frames were waiting`)
    })
    this.journal = new EventJournal(this.db, this.config.journalMaxEvents)
    this.bus.subscribe(this.gateway.publish)
    this.bus.subscribe(this.journal.record)
    this.startup = new Startup(this.now)
  }

  isEnabled (manager: ManagerId): boolean {
    return this.gates.get(manager)?.enabled ?? false
  }

  /** Adds a named section to `GET /api/v1/status`. */
  addStatusSection (name: string, section: StatusSection): void {
    this.#statusSections.set(name, section)
  }

  statusSections (): Record<string, Record<string, unknown>> {
    return Object.fromEntries([...this.#statusSections].map(([name, section]) => [name, section()]))
  }

  /** Runs every start phase, then announces readiness. */
  async start (): Promise<Date> {
    const readyAt = await this.startup.run((name, error) => this.logger.error({ err: error }, `start phase ${name} failed`))
    this.bus.publish('startup.ready', { ReadyAtUtc: readyAt.toISOString(), Version: serviceVersion })
    return readyAt
  }

  /** Closes sockets (1001), flushes the journal. The database is closed by its owner. */
  stop (): void {
    this.gateway.close()
    this.journal.flush()
  }
}
