/**
 * buildApp: the whole service as a Fastify instance, from dependencies it is given. No listening
 * and no process handling here (that is the CLI's job), so tests build it with an in-memory
 * database and `inject`.
 */
import cors from '@fastify/cors'
import swagger from '@fastify/swagger'
import websocket from '@fastify/websocket'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { LogController } from 'fastify'
import { openApiTags } from './core/api-groups.js'
import { apiReferenceModule } from './core/docs/routes.js'
import { handleError, handleNotFound } from './core/errors.js'
import { EventCatalog } from './core/events/catalog.js'
import { contractOnlyEvents, coreEvents } from './core/events/core-events.js'
import { Hub, type HubDeps } from './core/hub.js'
import { maxJsonDepth, useDepthLimitedJson } from './core/json-body.js'
import { registerModule, type HubApp, type HubModule } from './core/module.js'
import { securityHook } from './core/security.js'
import { bodiesNotCoerced, describeSchemaErrors } from './core/validation.js'
import { webSocketModule } from './core/ws/routes.js'
import { eventsModule } from './events/index.js'
import { systemModule } from './system/index.js'
import { serviceVersion } from './version.js'

/** Core modules, always present; domain modules come after them. */
export const coreModules: readonly HubModule[] = [systemModule, eventsModule, webSocketModule, apiReferenceModule]

export interface BuildOptions extends Omit<HubDeps, 'events'> {
  /** Domain modules registered after the core ones. */
  readonly modules: readonly HubModule[]
}

export interface BuiltApp {
  readonly app: HubApp
  readonly hub: Hub
}

const maxBodyBytes = 1 << 20

/** Every event type of a build: the modules' own, then the contract's without a producer yet, then the core's. */
export function eventCatalogOf (modules: readonly HubModule[]): EventCatalog {
  return new EventCatalog([...[...coreModules, ...modules].flatMap((module) => module.events ?? []), ...contractOnlyEvents, ...coreEvents])
}

export async function buildApp (options: BuildOptions): Promise<BuiltApp> {
  const hub = new Hub({ ...options, events: eventCatalogOf(options.modules) })
  const app: HubApp = Fastify({
    loggerInstance: options.logger,
    // Per-request lines would flood a cabinet's log at overlay poll rates; errors are logged by handleError.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: maxBodyBytes,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // coerceTypes applies to query strings and path parameters only: bodiesNotCoerced checks JSON bodies as sent.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
    schemaController: bodiesNotCoerced,
    schemaErrorFormatter: describeSchemaErrors
  }).withTypeProvider<TypeBoxTypeProvider>()
  useDepthLimitedJson(app)

  await app.register(cors, { origin: '*', methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], maxAge: 600 })
  app.setErrorHandler(handleError)
  app.setNotFoundHandler(handleNotFound)
  // Before the websocket plugin's own preClose, so clients get 1001 from us rather than a bare close.
  app.addHook('preClose', async () => hub.stop())
  // The websocket plugin's hooks come before the security hook: when an upgrade is refused, the
  // plugin needs to have marked the request so it closes the raw socket after the error reply.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } })
  app.addHook('onRequest', securityHook({ apiKey: hub.config.apiKey, boundHost: hub.config.host, allowedHosts: hub.config.allowedHosts }))

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'cabinet-hub REST API',
        version: serviceVersion,
        description: 'Local companion service for EmulationStation-family cabinets. REST bodies are camelCase; errors are { message, code }. '
          + `Request bodies are JSON (application/json; the hook intake also takes text/plain), at most ${maxBodyBytes} bytes (413 BODY_TOO_LARGE) and ${maxJsonDepth} levels of nested arrays and objects (400 JSON_TOO_DEEP); other content types answer 415 UNSUPPORTED_MEDIA_TYPE. `
          + 'Unknown query parameters answer 400. A method a path does not support answers 405 METHOD_NOT_ALLOWED with an Allow header. '
          + 'Every response carries Access-Control-Allow-Origin: *. Real-time events: see /asyncapi.json and GET /api/v1/ws/streams.'
      },
      servers: [{ url: 'http://127.0.0.1:12345' }],
      tags: openApiTags
    }
  })

  for (const module of [...coreModules, ...options.modules]) await registerModule(app, hub, module)
  return { app, hub }
}
