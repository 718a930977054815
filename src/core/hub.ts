/**
 * The core services, assembled from the modules' declarations: configuration, gates, the event
 * catalog and bus, the stream table and gateway, the journal, start phases, status sections and
 * the service registry. No Fastify here; domain modules see it only through their ModuleContext.
 */
import type { FastifyBaseLogger } from 'fastify'
import { Type } from 'typebox'
import { serviceVersion } from '../version.js'
import { coreOptions, type CoreConfig } from './core-options.js'
import { EventBus } from './event-bus.js'
import { EventCatalog } from './events/catalog.js'
import { diskFiles, type Files } from './files.js'
import { coreEvents } from './events/core-events.js'
import { coreManagers, resolveGates, type ConfiguredSwitch, type GateState, type ManagerDefinition, type ManagerId } from './gates.js'
import type { HubDeps, HubModule, StatusSection } from './module.js'
import { configOf, option, optionEntries, type LoadedConfig, type OptionEntry } from './options.js'
import { ServiceRegistry } from './services.js'
import type { FrontendSettings } from './settings.js'
import { Startup } from './startup.js'
import type { HubDatabase } from './storage/database.js'
import { EventJournal } from './storage/event-journal.js'
import { StorageHealth } from './storage/storage-health.js'
import { ReadLink } from './read-link.js'
import { RepeatAnswers } from './repeat-answers.js'
import { coreMigrations, migrate } from './storage/migrations.js'
import { checkJoins, joinRows, StreamTable, systemStream, type StreamDefinition } from './stream-table.js'
import { StreamGateway } from './ws/gateway.js'

/** Every manager of a build: the core's and the modules'. */
export function managersOf (modules: readonly HubModule[]): ManagerDefinition[] {
  return [...modules.flatMap((m) => m.managers ?? []), ...coreManagers]
}

/** The switch options `managers.<id>` of every manager. */
function managerOptionEntries (managers: readonly ManagerDefinition[]): OptionEntry[] {
  return managers.map((m) => ({ key: `managers.${m.id}`, spec: option({ kind: 'boolean', schema: Type.Boolean(), default: true, flag: null, description: `Switch for the ${m.title}.` }) }))
}

/** The option table of a build: the core's options, each module's, then every manager's switch. */
export function optionEntriesOf (modules: readonly HubModule[]): OptionEntry[] {
  return [...optionEntries([coreOptions, ...modules.flatMap((m) => m.options === undefined ? [] : [m.options])]), ...managerOptionEntries(managersOf(modules))]
}

/** Every event type of a build, each with the gate of the module that declares it. */
export function eventCatalogOf (modules: readonly HubModule[]): EventCatalog {
  return new EventCatalog([
    ...modules.flatMap((module) => (module.events ?? []).map((definition) => ({ definition, gate: module.gate }))),
    ...coreEvents.map((definition) => ({ definition, gate: null }))
  ])
}

/** The stream rows of a build: the modules' rows, then the service's own, each with the events other modules join to it. */
export function streamRowsOf (modules: readonly HubModule[]): StreamDefinition[] {
  const rows = [...modules.flatMap((m) => m.streams ?? []), systemStream]
  const joins = modules.flatMap((module) => (module.joins ?? []).map((join) => ({ module: module.name, join })))
  checkJoins(rows, joins)
  return joinRows(rows, joins)
}

export function streamTableOf (modules: readonly HubModule[]): StreamTable {
  return new StreamTable(streamRowsOf(modules))
}

export class Hub {
  readonly config: CoreConfig
  readonly loaded: LoadedConfig
  readonly logger: FastifyBaseLogger
  readonly db: HubDatabase
  readonly settings: FrontendSettings
  readonly now: () => Date
  readonly files: Files
  /** When this service was built, on its clock (its uptime counts from here). */
  readonly startedAt: Date
  readonly managers: readonly ManagerDefinition[]
  readonly options: readonly OptionEntry[]
  readonly events: EventCatalog
  readonly streams: StreamTable
  readonly gates: ReadonlyMap<ManagerId, GateState>
  readonly bus: EventBus
  readonly gateway: StreamGateway
  readonly journal: EventJournal
  /** Whether the data dir's disk has room; writes that find it full answer 507 meanwhile. */
  readonly storage: StorageHealth
  /** The read-only link other machines' pages and screens open without the API key header. */
  readonly readLink: ReadLink
  /** Repeats of constant answers, answered before Fastify's request path (see repeat-answers.ts). */
  readonly repeatAnswers = new RepeatAnswers()
  readonly startup: Startup
  readonly services = new ServiceRegistry()
  readonly #statusSections = new Map<string, StatusSection>()

  constructor (deps: HubDeps) {
    this.loaded = deps.loaded
    this.config = configOf(coreOptions, deps.loaded)
    this.logger = deps.logger
    this.db = deps.db
    this.settings = deps.settings
    this.now = deps.now
    this.files = deps.files ?? diskFiles
    this.startedAt = deps.now()
    migrate(this.db, [coreMigrations, ...deps.modules.flatMap((m) => m.migrations === undefined ? [] : [{ owner: m.name, steps: m.migrations }])])
    this.managers = managersOf(deps.modules)
    this.options = optionEntriesOf(deps.modules)
    this.events = eventCatalogOf(deps.modules)
    this.streams = streamTableOf(deps.modules)
    this.gates = resolveGates(this.managers, this.#configuredSwitches(), deps.settings.values)
    for (const gate of this.gates.values()) {
      if (gate.ignoredEsValue !== null) this.logger.warn(`${gate.esSetting}="${gate.ignoredEsValue}" in the frontend settings is not a switch value (1/0, true/false, on/off); using the config`)
    }

    this.bus = new EventBus({
      nodeId: this.config.nodeId,
      now: this.now,
      definition: (type) => this.events.definition(type),
      disabledOwner: (type) => {
        const gate = this.events.gateOf(type)
        return gate !== null && !this.isEnabled(gate) ? gate : null
      },
      onListenerError: (error, type) => this.logger.error({ err: error }, `a subscriber failed on ${type}`)
    })
    this.gateway = new StreamGateway({
      pingIntervalMs: this.config.wsPingIntervalMs,
      maxQueuedBytes: this.config.wsMaxQueuedBytes,
      maxBufferedBytes: this.config.wsMaxBufferedBytes,
      retainedSlots: this.events.retainedSlots,
      streamsFor: (type) => this.streams.streamsFor(type),
      latestValuesOf: (stream) => this.streams.latestValuesOf(stream),
      envelopeJson: (type, payload) => JSON.stringify(this.bus.envelope(type, payload)),
      onSlowClient: (stream, bytes) => this.logger.warn(`closed a /ws client of stream ${stream} with 1013: it stopped reading and ${bytes} bytes of frames were waiting`)
    })
    this.readLink = new ReadLink(this.config.dataDir)
    this.storage = new StorageHealth({ dataDir: this.config.dataDir, now: this.now, logger: this.logger })
    this.journal = new EventJournal(this.db, this.config.journalMaxEvents, this.storage)
    this.bus.subscribe(this.gateway.publish)
    this.bus.subscribe(this.journal.record)
    this.startup = new Startup(this.now)
  }

  #configuredSwitches (): Map<ManagerId, ConfiguredSwitch> {
    return new Map(this.managers.map((m) => [m.id, {
      value: this.loaded.config[`managers.${m.id}`] as boolean,
      fromDefault: this.loaded.sources[`managers.${m.id}`] === 'default'
    }]))
  }

  isEnabled (manager: ManagerId): boolean {
    return this.gates.get(manager)?.enabled ?? false
  }

  /** Adds a named section to `GET /api/v1/status`. */
  addStatusSection (name: string, section: StatusSection): void {
    this.#statusSections.set(name, section)
  }

  async statusSections (): Promise<Record<string, Record<string, unknown>>> {
    return Object.fromEntries(await Promise.all([...this.#statusSections].map(async ([name, section]) => [name, await section()] as const)))
  }

  /** Runs every start phase, then announces readiness. */
  async start (): Promise<Date> {
    await this.readLink.keep()
    const readyAt = await this.startup.run((name, error) => this.logger.error({ err: error }, `start phase ${name} failed`))
    this.bus.publish('startup.ready', { ReadyAtUtc: readyAt.toISOString(), Version: serviceVersion })
    return readyAt
  }

  /** Closes sockets (1001), flushes the journal. The database is closed by its owner. */
  stop (): void {
    this.repeatAnswers.close()
    this.gateway.close()
    this.storage.stop()
    try {
      this.journal.flush()
    } catch (error) {
      this.logger.error({ err: error }, 'the event journal could not be written at stop')
    }
  }
}
