import type { FastifyReply } from 'fastify'
import { Type } from 'typebox'
import type { Hub } from '../hub.js'
import type { HubApp } from '../module.js'
import type { CoreModule } from '../registration.js'
import { isForeignPage } from '../security.js'
import { FIREHOSE } from '../stream-table.js'

function upgradeRequired (_request: unknown, reply: FastifyReply): void {
  void reply.code(426).header('upgrade', 'websocket').send({ message: 'This is a WebSocket endpoint: connect with ws:// (see GET /api/v1/ws/streams)', code: 'UPGRADE_REQUIRED' })
}

async function wsRoutes (app: HubApp, hub: Hub): Promise<void> {
  app.route({
    method: 'GET',
    url: '/ws',
    config: { webSocket: true },
    schema: { hide: true },
    handler: upgradeRequired,
    wsHandler: (socket, request) => hub.gateway.attach(socket, request.socket, FIREHOSE, isForeignPage(request), request.query as Record<string, unknown>)
  })
  app.route({
    method: 'GET',
    url: '/ws/:stream',
    config: { webSocket: true },
    schema: { hide: true, params: Type.Object({ stream: Type.String() }) },
    handler: upgradeRequired,
    wsHandler: (socket, request) => hub.gateway.attach(socket, request.socket, hub.streams.resolve((request.params as { stream: string }).stream).name, isForeignPage(request), request.query as Record<string, unknown>)
  })
}

/** `/ws` (firehose) and `/ws/<stream>`; the stream is chosen by path only, clients never need to send. */
export const webSocketModule: CoreModule = { name: 'websocket', gate: 'webSocket', register: wsRoutes }
