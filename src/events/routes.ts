import { apiGroups } from '../core/api-groups.js'
import { errorResponses, HubError, jsonBodyErrors } from '../core/errors.js'
import type { Hub } from '../core/hub.js'
import type { HubApp } from '../core/module.js'
import { disabledMessage } from '../core/registration.js'
import { loopbackOnly } from '../core/security.js'
import { IngestBody, IngestResponse, RecentQuery, RecentResponse } from './schemas.js'

const tags = [apiGroups.internal.name]

export async function eventRoutes (app: HubApp, hub: Hub): Promise<void> {
  app.post('/api/v1/events', {
    preHandler: loopbackOnly,
    schema: {
      tags,
      summary: 'Inject an event onto the bus (loopback only; needs --dev-events-ingest)',
      body: IngestBody,
      response: { 202: IngestResponse, ...errorResponses(...jsonBodyErrors, 403, 404) }
    }
  }, async (request, reply) => {
    if (!hub.config.devEventsIngest) {
      throw new HubError(404, 'DEV_INGEST_DISABLED', 'Event injection is off; start the service with --dev-events-ingest')
    }
    const { Type: type, Payload: payload, CorrelationId: correlationId } = request.body
    if (hub.events.definition(type) === undefined) {
      throw new HubError(400, 'UNKNOWN_EVENT_TYPE', `No module declares the event type ${type}; GET /asyncapi.json lists every type of this build`)
    }
    const result = hub.bus.publish(type, payload, correlationId === undefined ? {} : { correlationId })
    if (!result.published && result.reason === 'manager-disabled') {
      throw new HubError(404, 'MANAGER_DISABLED', disabledMessage(hub, hub.gates.get(result.manager)!))
    }
    return reply.code(202).send({ accepted: true as const, published: result.published, dropReason: result.published ? null : 'stale' as const })
  })

  app.get('/api/v1/events/recent', {
    schema: {
      tags,
      summary: 'Recent events from the diagnostics journal, newest first (output changes, at lamp rate, are not kept)',
      querystring: RecentQuery,
      response: { 200: RecentResponse, ...errorResponses(400) }
    }
  }, async (request) => ({ events: hub.journal.recent(request.query.limit, request.query.prefix ?? null) }))
}
