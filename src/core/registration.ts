/**
 * Registers modules: each in its own Fastify scope under its manager's gate, so switching the
 * manager off answers 404 MANAGER_DISABLED on the whole branch. Domain modules get a
 * ModuleContext; the core's own modules (status, documents, streams) get the Hub.
 */
import type { EventPayload } from './envelope.js'
import { HubError } from './errors.js'
import { coreEvents } from './events/core-events.js'
import type { EventDefinition } from './events/definition.js'
import type { Publisher } from './event-bus.js'
import type { GateState, ManagerId } from './gates.js'
import type { Hub } from './hub.js'
import type { HubApp, HubModule, ModuleContext } from './module.js'
import { FactChannel } from './facts.js'
import { configOf, envName, givenServiceArgs } from './options.js'
import type { ServiceKey } from './services.js'

/** A module of the service itself, which reads the core's state directly. */
export interface CoreModule {
  readonly name: string
  readonly gate: ManagerId | null
  register (scope: HubApp, hub: Hub): Promise<void>
}

export function disabledMessage (hub: Hub, gate: GateState): string {
  const parent = gate.disabledByParent === null ? undefined : hub.managers.find((m) => m.id === gate.disabledByParent)
  const how = parent === undefined
    ? `switch it on with managers.${gate.id}: true in the config file, ${envName(`managers.${gate.id}`)}=true, or ${gate.esSetting}=1 in es_settings.cfg`
    : `its parent, the ${parent.title}, is off; switch that on first`
  return `The ${gate.title} is switched off: ${how}`
}

/** onRequest hook answering 404 MANAGER_DISABLED while the manager is off. */
function gateHook (hub: Hub, manager: ManagerId) {
  return async function requireManager (): Promise<void> {
    const gate = hub.gates.get(manager)
    if (gate !== undefined && !gate.enabled) throw new HubError(404, 'MANAGER_DISABLED', disabledMessage(hub, gate))
  }
}

async function inScope (app: HubApp, hub: Hub, gate: ManagerId | null, register: (scope: HubApp) => Promise<void>): Promise<void> {
  await app.register(async (scope) => {
    if (gate !== null) scope.addHook('onRequest', gateHook(hub, gate))
    await register(scope)
  })
}

export async function registerCoreModule (app: HubApp, hub: Hub, module: CoreModule): Promise<void> {
  await inScope(app, hub, module.gate, async (scope) => module.register(scope, hub))
}

/** The key, when the module declared it in `provides`: the compiler refuses any other, this refuses a cast. */
function declaredProvided<K extends ServiceKey> (module: HubModule, key: K): K {
  if ((module.provides ?? []).some((k) => k.name === key.name)) return key
  throw new Error(`module ${module.name} provides the service ${key.name} without declaring it in provides`)
}

/** The services the module declared in `needs`, by name: every provider registered before it (orderByNeeds). */
function depsOf (hub: Hub, module: HubModule): ModuleContext['deps'] {
  return Object.fromEntries((module.needs ?? []).map((key) => [key.name, hub.services.use(key)]))
}

/** Throws unless the module declared the event type (or it is one of `also`): another module's event is that module's to publish, or relay. */
function declaredEvents (module: HubModule, also: readonly EventDefinition[] = []): (type: string, verb: string) => void {
  const own = new Set([...module.events ?? [], ...also].map((definition) => definition.type))
  return (type, verb) => {
    if (!own.has(type)) throw new Error(`module ${module.name} ${verb} ${type} without declaring it in events`)
  }
}

/** The bus, for the events the module declared. */
function ownPublisher (hub: Hub, module: HubModule): Publisher<Record<string, EventPayload>> {
  const declared = declaredEvents(module)
  return {
    publish: (type, payload, options) => {
      declared(type, 'publishes')
      return hub.bus.publish(type, payload, options)
    }
  }
}

/**
 * Relays envelopes of the types the module declared, as the publisher publishes only those; and
 * the core's own (`startup.ready`), which every node publishes and no module can declare.
 */
function ownRelay (hub: Hub, module: HubModule): ModuleContext['relay'] {
  const declared = declaredEvents(module, coreEvents)
  return (envelope, json) => {
    declared(envelope.Type, 'relays')
    hub.bus.relay(envelope, json)
  }
}

function contextFor (scope: HubApp, hub: Hub, module: HubModule): ModuleContext {
  return {
    options: configOf(module.options ?? {}, hub.loaded),
    core: hub.config,
    logger: hub.logger.child({ module: module.name }),
    publisher: ownPublisher(hub, module),
    subscribe: (listener) => {
      if (module.transport !== true) throw new Error(`module ${module.name} subscribes to every event without being declared a transport; listen to the facts of the modules it needs`)
      return hub.bus.subscribe(listener)
    },
    factChannel: () => new FactChannel((tell, name) => { hub.bus.inOrder(tell, name) }),
    readLinkQuery: () => {
      if (module.transport !== true && module.readLinkOwner !== true) throw new Error(`module ${module.name} asks for the read-only link without being declared a transport or its owner`)
      return `token=${hub.readLink.token}`
    },
    rotateReadLink: async () => {
      if (module.readLinkOwner !== true) throw new Error(`module ${module.name} revokes the read-only link without being declared its owner`)
      await hub.readLink.rotate()
    },
    relay: ownRelay(hub, module),
    streamsFor: (type) => hub.streams.streamsFor(type),
    // Its SQL names its own tables only (test/core/module-boundaries.test.ts); without migrations it has none.
    get db () {
      if (module.migrations === undefined) throw new Error(`module ${module.name} opens the database without declaring migrations of its own tables`)
      return hub.db
    },
    now: hub.now,
    files: hub.files,
    settings: hub.settings,
    enabled: module.gate === null || hub.isEnabled(module.gate),
    isEnabled: (manager) => hub.isEnabled(manager),
    deps: depsOf(hub, module),
    provide: (key, service) => { hub.services.provide(declaredProvided(module, key), service) },
    onStart: (name, run) => { hub.startup.register(name, run) },
    onReady: (run) => { hub.startup.afterReady(run) },
    onStop: (stop) => { scope.addHook('onClose', async () => stop()) },
    optionSource: (key) => hub.loaded.sources[key] ?? 'default',
    serviceArgs: () => givenServiceArgs(hub.options, hub.loaded),
    addStatusSection: (name, section) => { hub.addStatusSection(name, section) }
  }
}

export async function registerModule (app: HubApp, hub: Hub, module: HubModule): Promise<void> {
  await inScope(app, hub, module.gate, async (scope) => module.register(scope, contextFor(scope, hub, module)))
}
