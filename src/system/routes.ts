import { apiGroups } from '../core/api-groups.js'
import { errorResponses } from '../core/errors.js'
import type { Hub } from '../core/hub.js'
import type { HubApp } from '../core/module.js'
import { redactedConfig } from '../core/options.js'
import { lanOrigins } from '../core/read-link.js'
import { loopbackOnly } from '../core/security.js'
import { serviceName, serviceVersion, eventsContractVersion } from '../version.js'
import { EffectiveConfigResponse, ReadLinkResponse, HealthResponse, ReadyResponse, StatusResponse, StreamsResponse, VersionResponse } from './schemas.js'
import { streamCatalog, serviceStatus } from './service.js'

const tags = [apiGroups.system.name]

export async function systemRoutes (app: HubApp, hub: Hub): Promise<void> {
  const streamCatalogs = new StreamCatalogCache(hub)
  // Constant for a given Host: monitors poll them, every client reads the stream list as it connects.
  const { remember } = hub.repeatAnswers
  app.get('/api/v1/health', {
    onSend: remember,
    schema: { tags, summary: 'Liveness: answers while the service runs', response: { 200: HealthResponse, ...errorResponses() } }
  }, async () => ({ status: 'healthy' as const, version: serviceVersion }))

  app.get('/api/v1/version', {
    onSend: remember,
    schema: { tags, summary: 'Service, API and event-contract versions', response: { 200: VersionResponse, ...errorResponses() } }
  }, async () => ({ name: serviceName, version: serviceVersion, apiVersion: 'v1', eventsContractVersion, node: process.version }))

  app.get('/api/v1/startup/ready', {
    schema: {
      tags,
      summary: 'Readiness: 503 with progress until every module has started, then 200 with "ready":true',
      response: { 200: ReadyResponse, 503: ReadyResponse, ...errorResponses() }
    }
  }, async (_request, reply) => {
    const readyAt = hub.startup.readyAt
    const body = { status: readyAt === null ? 'starting' as const : 'ready' as const, ready: readyAt !== null, readyAtUtc: readyAt?.toISOString() ?? null, steps: hub.startup.steps() }
    return reply.code(readyAt === null ? 503 : 200).send(body)
  })

  app.get('/api/v1/read-link', {
    // The token is the owner's to hand out: never to a page of another origin, never to another machine.
    config: { localPagesOnly: true },
    preHandler: loopbackOnly,
    schema: { tags, summary: 'The read-only link (this machine only): append it to a page\'s URL to open overlays, the live page, media and streams from another machine without the API key header; state changes still need the key', response: { 200: ReadLinkResponse, ...errorResponses(403) } }
  }, async (request) => ({
    query: `token=${hub.readLink.token}`,
    lanOrigins: lanOrigins(hub.config.host, request.socket.localPort ?? hub.config.port),
    note: 'Add ?token=... to the URL of a page of this service (an overlay, the live page); reads only. Delete read-link-token in the data dir to revoke every link.'
  }))

  app.get('/api/v1/status', {
    config: { localPagesOnly: true },
    schema: { tags, summary: 'Status of the API, WebSocket, frontend link and every manager gate', response: { 200: StatusResponse, ...errorResponses() } }
  }, async () => serviceStatus(hub))

  app.get('/api/v1/config/effective', {
    config: { localPagesOnly: true },
    schema: { tags, summary: 'Effective options and where each came from (secrets redacted)', response: { 200: EffectiveConfigResponse, ...errorResponses() } }
  }, async () => ({ configFile: hub.config.config, options: redactedConfig(hub.options, hub.loaded), sources: hub.loaded.sources }))

  app.get('/api/v1/ws/streams', {
    onSend: remember,
    schema: {
      tags: [apiGroups.realtime.name],
      summary: 'Live discovery list of the WebSocket streams of this build',
      response: { 200: StreamsResponse, ...errorResponses() }
    }
  }, async (request, reply) => {
    const cached = streamCatalogs.of(`ws://${request.headers.host ?? `${hub.config.host}:${hub.config.port}`}`)
    // A custom serializer skips Fastify's content type; say it, as every other JSON answer does.
    return reply.type('application/json; charset=utf-8').serializer(() => cached.json).send(cached.body)
  })
}

type StreamCatalog = ReturnType<typeof streamCatalog>

/** The stream table and event catalog never change at run time: the catalog is built and serialized once per Host name consumers use. */
class StreamCatalogCache {
  static readonly maxBases = 16
  readonly #hub: Hub
  readonly #byBase = new Map<string, { body: StreamCatalog, json: string }>()

  constructor (hub: Hub) {
    this.#hub = hub
  }

  of (wsBase: string): { body: StreamCatalog, json: string } {
    let cached = this.#byBase.get(wsBase)
    if (cached === undefined) {
      if (this.#byBase.size >= StreamCatalogCache.maxBases) this.#byBase.clear()
      const body = streamCatalog(wsBase, this.#hub.events, this.#hub.streams)
      cached = { body, json: JSON.stringify(body) }
      this.#byBase.set(wsBase, cached)
    }
    return cached
  }
}
