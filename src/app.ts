/**
 * buildApp: the whole service as a Fastify instance, from the modules and dependencies it is
 * given. No listening and no process handling here (that is the CLI's job).
 */
import cors from '@fastify/cors'
import swagger from '@fastify/swagger'
import websocket from '@fastify/websocket'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { LogController, type FastifyRequest, type RouteOptions } from 'fastify'
import { openApiTags } from './core/api-groups.js'
import { documentedHost } from './core/docs/asyncapi.js'
import { apiReferenceModule } from './core/docs/routes.js'
import { errorBodyFor, handleError, handleNotFound } from './core/errors.js'
import { Hub } from './core/hub.js'
import { maxJsonDepth, useDepthLimitedJson } from './core/json-body.js'
import type { HubApp, HubDeps } from './core/module.js'
import { registerCoreModule, registerModule, type CoreModule } from './core/registration.js'
import { orderByNeeds } from './core/services.js'
import { clientErrorHandler, frameworkErrorHandler, maxParamLength } from './core/framework-errors.js'
import { securityCheck, securityHook } from './core/security.js'
import { browserScriptRoutes } from './core/browser-scripts.js'
import { bodiesNotCoerced, describeSchemaErrors } from './core/validation.js'
import { webSocketModule } from './core/ws/routes.js'
import { eventsModule } from './events/index.js'
import { systemModule } from './system/index.js'
import { serviceVersion } from './version.js'
import { documentedRoute } from './core/docs/documented-route.js'
import { localPathsForLocalPages } from './core/local-paths.js'
import { checkWebSocketHandshake } from './core/ws/handshake.js'
import { capConnectionsPerAddress, httpServer, maxConnectionsPerRemoteAddress } from './core/http-limits.js'

/** Core modules, always present; domain modules come after them. */
const coreModules: readonly CoreModule[] = [systemModule, eventsModule, webSocketModule, apiReferenceModule]

export type BuildOptions = HubDeps

export interface BuiltApp {
  readonly app: HubApp
  readonly hub: Hub
}

const maxBodyBytes = 1 << 20

/** A route with path parameters can answer 414 (a parameter over `maxParamLength`) before its handler runs. */
function documentParameterLength (route: RouteOptions): void {
  const response = route.schema?.response as Record<number, unknown> | undefined
  if (route.url.includes(':') && response !== undefined) response[414] ??= errorBodyFor(414)
}

export async function buildApp (options: BuildOptions): Promise<BuiltApp> {
  const modules = orderByNeeds(options.modules)
  const hub = new Hub({ ...options, modules })
  await hub.readLink.load()
  const { apiKey, host, port, allowedHosts, allowedOrigins } = hub.config
  const securityOptions = { apiKey, boundHost: host, port, allowedHosts, allowedOrigins, readLinkGrants: (request: FastifyRequest) => hub.readLink.grants(request) }
  const app: HubApp = Fastify({
    loggerInstance: options.logger,
    // Per-request lines would flood a cabinet's log at overlay poll rates; errors are logged by handleError.
    logController: new LogController({ disableRequestLogging: true }),
    // The request's logger is the service's own: a child per request costs every request, and only
    // failed ones log (handleError names the request).
    childLoggerFactory: (logger) => logger,
    bodyLimit: maxBodyBytes,
    serverFactory: (handler) => httpServer((request, response) => { if (!hub.repeatAnswers.answer(request, response)) handler(request, response) }),
    frameworkErrors: frameworkErrorHandler(securityCheck(securityOptions)),
    clientErrorHandler,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength },
    // coerceTypes applies to query strings and path parameters only: bodiesNotCoerced checks JSON bodies as sent.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
    schemaController: bodiesNotCoerced,
    schemaErrorFormatter: describeSchemaErrors
  }).withTypeProvider<TypeBoxTypeProvider>()
  useDepthLimitedJson(app)
  capConnectionsPerAddress(app.server, maxConnectionsPerRemoteAddress)

  // Not strict: an OPTIONS without preflight headers gets the same 204 and headers, not a text/plain 400.
  await app.register(cors, { origin: '*', methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], maxAge: 600, strictPreflight: false })
  app.setErrorHandler(handleError)
  app.addHook('onError', async (request, _reply, error) => { hub.storage.noteFailure(error, `${request.method} ${request.routeOptions.url ?? request.url}`) })
  app.addHook('onRoute', documentParameterLength)
  app.setNotFoundHandler(handleNotFound)
  // Before the websocket plugin's own preClose, so clients get 1001 from us rather than a bare close.
  app.addHook('preClose', async () => hub.stop())
  // The websocket plugin's hooks come before the security hook: when an upgrade is refused, the
  // plugin needs to have marked the request so it closes the raw socket after the error reply.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } })
  app.addHook('onRequest', securityHook(securityOptions))
  app.addHook('onRequest', checkWebSocketHandshake)
  app.addHook('onSend', localPathsForLocalPages)
  app.addHook('onSend', hub.readLink.remember)

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
      servers: [{ url: `http://${documentedHost}` }],
      tags: openApiTags
    },
    transform: documentedRoute(maxParamLength)
  })

  browserScriptRoutes(app)
  for (const module of coreModules) await registerCoreModule(app, hub, module)
  for (const module of modules) await registerModule(app, hub, module)
  return { app, hub }
}
