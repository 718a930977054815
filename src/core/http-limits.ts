/**
 * Limits of the HTTP server against clients that hold connections open: a request must arrive
 * whole in bounded time (a half-sent one is closed, key or not), idle keep-alive connections go,
 * and one machine of the LAN cannot take every descriptor of the service.
 */
import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http'
import type { Socket } from 'node:net'
import { isLoopbackAddress } from './security.js'

/** Headers within 10 s, the whole request (body included) within 30 s, checked every second. */
const requestTimeouts = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 10_000
} as const

const httpServerOptions: ServerOptions = {
  headersTimeout: requestTimeouts.headersTimeoutMs,
  requestTimeout: requestTimeouts.requestTimeoutMs,
  keepAliveTimeout: requestTimeouts.keepAliveTimeoutMs,
  connectionsCheckingInterval: 1_000
}

/** The service's HTTP server, with these limits, handing each request to `handler`. */
export function httpServer (handler: RequestListener): Server {
  return createServer(httpServerOptions, handler)
}

/** Open connections one address of another machine may hold (loopback clients are this machine's programs). */
export const maxConnectionsPerRemoteAddress = 64

/** Closes a connection from another machine that already holds `max` open ones. */
export function capConnectionsPerAddress (server: Server, max: number): void {
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress
    if (address === undefined || isLoopbackAddress(address)) return
    const count = (open.get(address) ?? 0) + 1
    if (count > max) {
      socket.destroy()
      return
    }
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left === 0) open.delete(address)
      else open.set(address, left)
    })
  })
}
