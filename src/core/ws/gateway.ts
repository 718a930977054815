/**
 * The stream gateway: routes each published event to the clients of every stream that includes
 * it, replays retained events to new clients, and keeps sockets alive.
 */
import type { Duplex } from 'node:stream'
import type { WebSocket } from 'ws'
import type { EventPayload } from '../envelope.js'
import type { PublishedEvent } from '../event-bus.js'
import { ClientConnection, CLOSE_GOING_AWAY, type ClientLimits } from './client-connection.js'
import { LatestWindow, windowMsOf, type LatestValues, type LatestValuesRule } from './latest-values.js'
import { RetainedStore } from './retained-store.js'
import { WriteBatch } from './write-batch.js'
import { jsonWithoutLocalPaths } from '../local-paths.js'

const maxCachedRoutes = 4096

export interface GatewayOptions extends ClientLimits {
  readonly pingIntervalMs: number
  /** Retained slots in replay order. */
  readonly retainedSlots: readonly string[]
  /** The streams (firehose included) that deliver an event type. */
  readonly streamsFor: (type: string) => string[]
  readonly onSlowClient: (stream: string, queuedBytes: number) => void
  /** The stream's latest-values rule, if its row has one. */
  readonly latestValuesOf: (stream: string) => LatestValuesRule | null
  /** The JSON envelope of an event this node makes for one client (a batch of latest values). */
  readonly envelopeJson: (type: string, payload: EventPayload) => string
}

/** A latest-values window and the clients its batches go to. */
interface SharedWindow {
  readonly key: string
  readonly window: LatestWindow
  readonly members: Set<ClientConnection>
  /** The last event added, which the window's other clients must not add again. */
  lastAdded: PublishedEvent | null
}

export interface GatewayCounts {
  readonly connectedClients: number
  readonly clientsByStream: Record<string, number>
}

export class StreamGateway {
  readonly #options: GatewayOptions
  readonly #clients = new Map<string, Set<ClientConnection>>()
  readonly #retained: RetainedStore
  /** Event type -> names of the streams that deliver it (the table never changes at run time). */
  readonly #routes = new Map<string, readonly string[]>()
  readonly #keepalive: NodeJS.Timeout
  /** Clients that are pages of another origin: they get frames without this machine's paths. */
  readonly #foreignPages = new WeakSet<ClientConnection>()
  readonly #foreignFrames = new WeakMap<PublishedEvent, Buffer>()
  /**
   * Clients whose stream batches latest values, with the window they share: one per stream, rate
   * and kind of page, so a batch is gathered and serialized once for every client at that rate
   * (fifty venue pages at 10 Hz are one window, not fifty).
   */
  readonly #windows = new Map<ClientConnection, SharedWindow>()
  readonly #sharedWindows = new Map<string, SharedWindow>()
  readonly #writes = new WriteBatch()

  constructor (options: GatewayOptions) {
    this.#options = options
    this.#retained = new RetainedStore(options.retainedSlots)
    this.#keepalive = setInterval(() => this.#checkAlive(), options.pingIntervalMs)
    this.#keepalive.unref()
  }

  /**
   * Takes a freshly opened socket (and the TCP connection under it) for a resolved stream name;
   * unknown names are accepted and stay silent. `query` is the upgrade request's (a latest-values rate).
   */
  attach (socket: WebSocket, connection: Duplex, stream: string, foreignPage = false, query: Readonly<Record<string, unknown>> = {}): void {
    const client = new ClientConnection(socket, connection, this.#writes, stream, this.#options, (slow) => {
      this.#remove(slow)
      this.#options.onSlowClient(slow.stream, slow.queuedBytes)
    })
    if (foreignPage) this.#foreignPages.add(client)
    this.#openWindow(client, query)
    let set = this.#clients.get(stream)
    if (set === undefined) {
      set = new Set()
      this.#clients.set(stream, set)
    }
    set.add(client)
    socket.on('close', () => this.#remove(client))
    for (const event of this.#retained.inReplayOrder()) {
      if (this.#delivers(stream, event.envelope.Type)) client.send(foreignPage ? this.#foreignFrame(event) : Buffer.from(event.json), event.coalesceKey)
    }
    // The replay leaves at once: a client that just connected reads the state before anything new.
    client.flush()
  }

  /** Bus listener. */
  readonly publish = (event: PublishedEvent): void => {
    this.#retained.record(event)
    let frame: Buffer | null = null
    for (const stream of this.#routesOf(event.envelope.Type)) {
      const clients = this.#clients.get(stream)
      if (clients === undefined || clients.size === 0) continue
      frame ??= Buffer.from(event.json)
      // Every window of a stream has the stream's rule: the event's values are worked out once for
      // all of them (every venue page), not once a client.
      let values: LatestValues | null = null
      for (const client of clients) {
        const shared = this.#windows.get(client)
        if (shared?.window.takes(event.envelope.Type) === true) {
          if (shared.lastAdded !== event) shared.window.add(values ??= shared.window.rule.valuesOf(event.envelope))
          shared.lastAdded = event
        } else {
          client.send(this.#foreignPages.has(client) ? this.#foreignFrame(event) : frame, event.coalesceKey)
        }
      }
    }
  }

  #openWindow (client: ClientConnection, query: Readonly<Record<string, unknown>>): void {
    const rule = this.#options.latestValuesOf(client.stream)
    if (rule === null) return
    const periodMs = windowMsOf(rule, query[rule.parameter])
    if (periodMs === null) return
    const foreignPage = this.#foreignPages.has(client)
    const key = `${client.stream}\n${periodMs}\n${String(foreignPage)}`
    let shared = this.#sharedWindows.get(key)
    if (shared === undefined) {
      const members = new Set<ClientConnection>()
      const window = new LatestWindow(rule, periodMs, (payload) => {
        const json = this.#options.envelopeJson(rule.batchType, payload)
        const frame = Buffer.from(foreignPage ? jsonWithoutLocalPaths(json) : json)
        for (const member of members) member.send(frame, null)
      })
      shared = { key, window, members, lastAdded: null }
      this.#sharedWindows.set(key, shared)
    }
    shared.members.add(client)
    this.#windows.set(client, shared)
  }

  /** Made once per event, and only when a page of another origin listens. */
  #foreignFrame (event: PublishedEvent): Buffer {
    let frame = this.#foreignFrames.get(event)
    if (frame === undefined) {
      frame = Buffer.from(jsonWithoutLocalPaths(event.json))
      this.#foreignFrames.set(event, frame)
    }
    return frame
  }

  counts (): GatewayCounts {
    const clientsByStream: Record<string, number> = {}
    let connectedClients = 0
    for (const [stream, clients] of this.#clients) {
      if (clients.size === 0) continue
      clientsByStream[stream] = clients.size
      connectedClients += clients.size
    }
    return { connectedClients, clientsByStream }
  }

  /** Closes every client with 1001 (server going away) and stops the keepalive. */
  close (): void {
    clearInterval(this.#keepalive)
    for (const shared of this.#sharedWindows.values()) shared.window.stop()
    this.#sharedWindows.clear()
    this.#windows.clear()
    for (const clients of this.#clients.values()) {
      for (const client of clients) client.close(CLOSE_GOING_AWAY, 'server shutting down')
    }
  }

  #remove (client: ClientConnection): void {
    const shared = this.#windows.get(client)
    this.#windows.delete(client)
    shared?.members.delete(client)
    if (shared?.members.size === 0) {
      shared.window.stop()
      this.#sharedWindows.delete(shared.key)
    }
    const set = this.#clients.get(client.stream)
    set?.delete(client)
    if (set?.size === 0) this.#clients.delete(client.stream)
  }

  #delivers (stream: string, type: string): boolean {
    return this.#routesOf(type).includes(stream)
  }

  #routesOf (type: string): readonly string[] {
    let routes = this.#routes.get(type)
    if (routes === undefined) {
      // Injected types are arbitrary: keep the cache bounded.
      if (this.#routes.size >= maxCachedRoutes) this.#routes.clear()
      routes = this.#options.streamsFor(type)
      this.#routes.set(type, routes)
    }
    return routes
  }

  #checkAlive (): void {
    for (const clients of this.#clients.values()) {
      for (const client of clients) {
        // Two pings without a pong: a half-open TCP connection (cabinet slept, cable pulled).
        if (client.missedPongs >= 2) {
          client.terminate()
          this.#remove(client)
          continue
        }
        client.missedPongs += 1
        client.ping()
      }
    }
  }
}
