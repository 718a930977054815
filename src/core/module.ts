import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { envName } from '../config.js'
import { HubError } from './errors.js'
import type { EventDefinition } from './events/definition.js'
import { managerDefinitions, type GateState, type ManagerId } from './gates.js'
import type { Hub } from './hub.js'

export type HubApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>

/**
 * A domain module: its routes are registered in their own scope under its manager, so switching
 * the manager off answers 404 MANAGER_DISABLED on the whole branch.
 */
export interface HubModule {
  readonly name: string
  readonly manager: ManagerId | null
  /** The event types the module publishes. */
  readonly events?: readonly EventDefinition[]
  readonly register: (scope: HubApp, hub: Hub) => Promise<void>
}

export function disabledMessage (gate: GateState): string {
  const parent = gate.disabledByParent === null ? null : managerDefinitions.find((m) => m.id === gate.disabledByParent)
  const how = parent === null || parent === undefined
    ? `switch it on with managers.${gate.id}: true in the config file, ${envName(`managers.${gate.id}`)}=true, or ${gate.esSetting}=1 in es_settings.cfg`
    : `its parent, the ${parent.title}, is off; switch that on first`
  return `The ${gate.title} is switched off: ${how}`
}

/** onRequest hook answering 404 MANAGER_DISABLED while the manager is off. */
export function gateHook (hub: Hub, manager: ManagerId) {
  return async function requireManager (): Promise<void> {
    const gate = hub.gates.get(manager)
    if (gate !== undefined && !gate.enabled) throw new HubError(404, 'MANAGER_DISABLED', disabledMessage(gate))
  }
}

export async function registerModule (app: HubApp, hub: Hub, module: HubModule): Promise<void> {
  await app.register(async (scope) => {
    if (module.manager !== null) scope.addHook('onRequest', gateHook(hub, module.manager))
    await module.register(scope, hub)
  })
}
