/**
 * A WebSocket upgrade is judged like any request: one the ws library would refuse (its answer is
 * an HTML page without CORS), or one aimed at a REST route (it would be accepted, then closed), is
 * answered with the contract's `{ message, code }` instead.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { HubError } from '../errors.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes WebSocket upgrades (the streams). */
    readonly webSocket?: boolean
  }
}

/** RFC 6455 §4.1: the key is 16 random bytes in base64; ws speaks versions 8 and 13. */
const handshakeKey = /^[+/0-9A-Za-z]{22}==$/
const handshakeVersions = new Set(['8', '13'])

/** A callback hook (see securityHook); Fastify catches what it throws. */
export function checkWebSocketHandshake (request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  if (request.ws) checkUpgrade(request)
  done()
}

function checkUpgrade (request: FastifyRequest): void {
  const { url, config } = request.routeOptions
  if (config?.webSocket !== true) {
    throw new HubError(400, 'NOT_A_WEBSOCKET_ENDPOINT', `${url ?? request.url} is not a WebSocket endpoint; the streams are /ws and /ws/<stream> (see GET /api/v1/ws/streams)`)
  }
  const key = request.headers['sec-websocket-key']
  if (typeof key !== 'string' || !handshakeKey.test(key.trim())) {
    throw new HubError(400, 'INVALID_WEBSOCKET_HANDSHAKE', 'The WebSocket handshake needs a Sec-WebSocket-Key of 16 bytes in base64')
  }
  const version = request.headers['sec-websocket-version']
  if (typeof version !== 'string' || !handshakeVersions.has(version.trim())) {
    throw new HubError(400, 'INVALID_WEBSOCKET_HANDSHAKE', `Sec-WebSocket-Version must be 13 (or 8); got ${JSON.stringify(version ?? null)}`)
  }
}
