/**
 * The module contract. A domain module declares, in its own folder, everything the core needs to
 * know of it: the manager that gates it, the managers, stream rows, options, tables and events it
 * owns, the services it provides and needs, and its routes and start/stop phases. The core derives
 * routing, gating, the stream list, both API documents and the option table from these
 * declarations, and knows no domain.
 */
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Envelope } from './envelope.js'
import type { EventListener, Publisher } from './event-bus.js'
import type { EventDefinition, EventMap } from './events/definition.js'
import type { FactChannel } from './facts.js'
import type { Files } from './files.js'
import type { ManagerDefinition, ManagerId } from './gates.js'
import type { ConfigOf, ConfigSource, LoadedConfig, OptionTable } from './options.js'
import type { CoreConfig } from './core-options.js'
import type { ServiceKey, ServiceOf, ServicesOf } from './services.js'
import type { FrontendSettings } from './settings.js'
import type { HubDatabase } from './storage/database.js'
import type { PhaseOutcome } from './startup.js'
import type { StreamDefinition, StreamJoin } from './stream-table.js'

export type HubApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>

/** A section of `GET /api/v1/status`; one that reads files does so asynchronously, the route awaits every section together. */
export type StatusSection = () => Record<string, unknown> | Promise<Record<string, unknown>>

/** Service keys a module declares it provides or needs. */
export type ServiceKeys = readonly ServiceKey[]

/** What the core hands a module when it registers; nothing else of the service is reachable. */
export interface ModuleContext<O extends OptionTable = OptionTable, E extends readonly EventDefinition[] = readonly EventDefinition[], N extends ServiceKeys = ServiceKeys, P extends ServiceKeys = ServiceKeys> {
  /** The module's own options, typed by its declaration. */
  readonly options: ConfigOf<O>
  /** The service-wide options (data dir, node id, port ...). */
  readonly core: Readonly<CoreConfig>
  /** A child logger naming the module. */
  readonly logger: FastifyBaseLogger
  /** Publishes the module's own events, typed by its declarations; any other type throws. */
  readonly publisher: Publisher<EventMap<E>>
  /**
   * Every event published by any module, in order; returns the unsubscribe. Only for a module
   * declared a `transport` (it carries the wire elsewhere): the others read the facts of the
   * modules they need, never their wire payloads.
   */
  subscribe (listener: EventListener): () => void
  /** A channel for the module's internal facts, told in the bus's order (see core/facts.ts). */
  factChannel<M> (): FactChannel<M>
  /**
   * The read-only link's query (`token=...`, see core/read-link.ts), for a transport that tells
   * other machines where this service's media are (a venue's tiles, Home Assistant's image), or
   * for the module that hands it out (`readLinkOwner`); any other module throws.
   */
  readLinkQuery (): string
  /** Makes a new read-only link: every link handed out so far answers 401 from now on. Only for the `readLinkOwner`. */
  rotateReadLink (): Promise<void>
  /**
   * Passes an envelope another node published to every transport, unchanged (see EventBus.relay);
   * like `publisher`, only of a type the module declared in `events`: any other throws.
   */
  relay (envelope: Envelope, json?: string): void
  /** The streams (the firehose first) that deliver an event type. */
  streamsFor (type: string): string[]
  /** The service's database, for a module that declared migrations; its SQL names only its own tables. */
  readonly db: HubDatabase
  readonly now: () => Date
  /** The machine's files, read through the files port (core/files.ts). */
  readonly files: Files
  /** The frontend's settings (es_settings.cfg on EmulationStation), read at start. */
  readonly settings: FrontendSettings
  /** False while the module's gate is switched off: it then answers 404 MANAGER_DISABLED and publishes nothing. */
  readonly enabled: boolean
  isEnabled (manager: ManagerId): boolean
  /** The services the module declared in `needs`, each under its key's name; no other is reachable. */
  readonly deps: ServicesOf<N>
  /** Provides a service the module declared in `provides`; any other does not compile, and throws. */
  provide<K extends P[number]> (key: K, service: ServiceOf<K>): void
  /**
   * A start phase; phases run in module order, after every module registered, before
   * `startup.ready`. Returning `{ degraded }` marks it degraded with that reason.
   */
  onStart (name: string, run: () => Promise<PhaseOutcome | undefined | void>): void
  /** Runs once every start phase has run: work that follows the start without holding it up. */
  onReady (run: () => void): void
  /** Runs when the service closes. */
  onStop (stop: () => Promise<void> | void): void
  /** Where an option's effective value came from (`demo`: the embedded demo set it). */
  optionSource (key: string): ConfigSource
  /** The service options given on the command line, as flags again with absolute paths: what a service started at boot passes to `serve`. */
  serviceArgs (): string[]
  /** Adds a named section to `GET /api/v1/status`. */
  addStatusSection (name: string, section: StatusSection): void
}

/** A usage mistake on a module command: the CLI prints the message as one line and exits 2. */
export class CommandUsageError extends Error {}

export type CommandFlags = Readonly<Record<string, { type: 'string' | 'boolean', multiple?: boolean }>>

/** A file a doctor problem is about. */
export interface DoctorFile {
  readonly file: string
  /** Why it is concerned. */
  readonly reason: string
  /** The name (in the same folder) renaming it to fixes it; absent when no rename does. */
  readonly rename?: string
}

/** Something `cabinet-hub doctor` lists: what stands in the way, and the command or step that fixes it. */
export interface DoctorProblem {
  readonly kind: string
  readonly message: string
  readonly fix: string
  /** The files concerned, each with why. */
  readonly files?: readonly DoctorFile[]
}

/**
 * A module's part of `cabinet-hub doctor` (the frontend module runs the command): its own flags,
 * added to doctor's, and the problems it finds from them without starting the service.
 */
export interface DoctorCheck {
  readonly flags: CommandFlags
  run (flags: Readonly<Record<string, unknown>>, core: Readonly<CoreConfig>): Promise<readonly DoctorProblem[]>
}

/** What a service is built from: its domain modules and the dependencies the CLI (or a test) makes. */
export interface HubDeps {
  readonly loaded: LoadedConfig
  readonly logger: FastifyBaseLogger
  readonly db: HubDatabase
  readonly settings: FrontendSettings
  readonly now: () => Date
  /** The files modules read (the disk unless a test gives its own). */
  readonly files?: Files
  /** The domain modules of this build, already in registration order. */
  readonly modules: readonly HubModule[]
}

/** A service a command built of its own: it listens through `app`, then `hub.start()` runs the start phases. */
interface BuiltService {
  readonly app: HubApp
  readonly hub: { start (): Promise<unknown> }
}

/** Builds a service as `serve` does (the app's buildApp, which the CLI supplies: no module imports the composition). */
export type BuildService = (deps: HubDeps) => Promise<BuiltService>

/** What a module command gets besides its arguments. */
export interface CommandContext<O extends OptionTable = OptionTable> {
  /**
   * Parses the arguments as the command's own flags mixed with every service option (so
   * `--data-dir`, `--config` and the module's own options work as for `serve`); unknown flags
   * throw CommandUsageError.
   */
  parse<F extends CommandFlags> (args: readonly string[], flags: F): {
    /** Every option of the build with where its value came from, for a command that builds a service of its own. */
    readonly loaded: LoadedConfig
    readonly core: Readonly<CoreConfig>
    readonly options: ConfigOf<O>
    readonly flags: { [K in keyof F]?: F[K] extends { multiple: true } ? (F[K]['type'] extends 'string' ? string[] : boolean[]) : (F[K]['type'] extends 'string' ? string : boolean) }
    readonly positionals: string[]
    /** Every effective option by key, as `serve` would see it (another module's options included). */
    readonly config: Readonly<Record<string, unknown>>
    /** The service options given on the command line, as flags again with absolute paths: what a service definition passes to `serve`. */
    readonly serviceArgs: string[]
  }
  /** Every module's doctor checks, for the doctor command. */
  readonly doctorChecks: readonly DoctorCheck[]
  /** Every module of this build, for a command that serves what they publish (the venue). */
  readonly modules: readonly HubModule[]
  /** For a command that serves a service of its own, built from the modules it passes (the venue passes its own). */
  readonly buildService: BuildService
  /** Standard output and error, so tests can drive a command in process. */
  readonly stdout: NodeJS.WritableStream
  readonly stderr: NodeJS.WritableStream
}

/** A command line verb a module adds: `cabinet-hub <name> ...`. Returns the exit code. */
export interface ModuleCommand<O extends OptionTable = OptionTable> {
  readonly name: string
  /** Lines for `--help`, already indented as the usage block shows them. */
  readonly usage: string
  run (args: readonly string[], context: CommandContext<O>): Promise<number>
}

export interface HubModule<O extends OptionTable = OptionTable, E extends readonly EventDefinition[] = readonly EventDefinition[], N extends ServiceKeys = ServiceKeys, P extends ServiceKeys = ServiceKeys> {
  readonly name: string
  /** The manager whose switch gates this module's routes and events; null when it is always on. */
  readonly gate: ManagerId | null
  /** Managers this module declares (their switches become options `managers.<id>`). */
  readonly managers?: readonly ManagerDefinition[]
  /** Stream rows this module owns. */
  readonly streams?: readonly StreamDefinition[]
  /** Its events that ride another module's row (or the service's `system` row). */
  readonly joins?: readonly StreamJoin[]
  readonly options?: O
  /** Forward-only schema steps of this module's tables; never edit a shipped step, add one. */
  readonly migrations?: readonly string[]
  /** The event types the module publishes. */
  readonly events?: E
  readonly provides?: P
  /** The services `register` gets as `context.deps`. */
  readonly needs?: N
  /** true for a module that carries every event elsewhere (the MQTT bridge): only it may subscribe to the bus. */
  readonly transport?: true
  /** true for the module that shows the read-only link to the owner and revokes it (the setup page). */
  readonly readLinkOwner?: true
  /** Command line verbs of this module; they run without starting the service. */
  readonly commands?: readonly ModuleCommand<O>[]
  /** What `cabinet-hub doctor` checks of this module. */
  readonly doctorChecks?: readonly DoctorCheck[]
  register (scope: HubApp, context: ModuleContext<O, E, N, P>): Promise<void>
}

/** Keeps the module's option, event and service types flowing into its `register`. */
export function defineModule<O extends OptionTable = Record<never, never>, const E extends readonly EventDefinition[] = readonly [], const N extends ServiceKeys = readonly [], const P extends ServiceKeys = readonly []> (module: HubModule<O, E, N, P>): HubModule<O, E, N, P> {
  return module
}
