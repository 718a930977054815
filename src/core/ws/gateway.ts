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

/**
 * A latest-values window and the clients its batches go to: one per stream, rate and kind of page,
 * so a batch is gathered and serialized once for every client at that rate (fifty venue pages at
 * 10 Hz are one window, not fifty), and an event it takes is met once, not once a client.
 */
interface SharedWindow {
  readonly key: string
  readonly window: LatestWindow
  readonly members: Set<ClientConnection>
}

/** A stream's clients: all of them, those sent every event, and the windows of the others. */
interface StreamMembers {
  readonly all: Set<ClientConnection>
  readonly direct: Set<ClientConnection>
  readonly windows: Set<SharedWindow>
}

export interface GatewayCounts {
  readonly connectedClients: number
  readonly clientsByStream: Record<string, number>
}

export class StreamGateway {
  readonly #options: GatewayOptions
  readonly #streams = new Map<string, StreamMembers>()
  readonly #retained: RetainedStore
  /** Event type -> names of the streams that deliver it (the table never changes at run time). */
  readonly #routes = new Map<string, readonly string[]>()
  readonly #keepalive: NodeJS.Timeout
  /** Clients that are pages of another origin: they get frames without this machine's paths. */
  readonly #foreignPages = new WeakSet<ClientConnection>()
  readonly #foreignFrames = new WeakMap<PublishedEvent, Buffer>()
  /** Clients whose stream batches latest values, with the window they share (see SharedWindow). */
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
    let members = this.#streams.get(stream)
    if (members === undefined) {
      members = { all: new Set(), direct: new Set(), windows: new Set() }
      this.#streams.set(stream, members)
    }
    members.all.add(client)
    const shared = this.#openWindow(client, query)
    if (shared === null) members.direct.add(client)
    else members.windows.add(shared)
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
    const type = event.envelope.Type
    let frame: Buffer | null = null
    for (const stream of this.#routesOf(type)) {
      const members = this.#streams.get(stream)
      if (members === undefined) continue
      // Made on the first send: a lamp event that only windows take needs no frame.
      const send = (client: ClientConnection): void => { client.send(this.#foreignPages.has(client) ? this.#foreignFrame(event) : frame ??= Buffer.from(event.json), event.coalesceKey) }
      members.direct.forEach(send)
      // Every window of a stream has the stream's rule: the event's values are worked out once for
      // all of them (every venue page), not once a client.
      let values: LatestValues | null = null
      for (const { window, members: windowed } of members.windows) {
        if (window.takes(type)) window.add(values ??= window.rule.valuesOf(event.envelope))
        else windowed.forEach(send)
      }
    }
    if (event.leaveNow) this.#writes.flushAll()
  }

  /** The window the client's stream and query ask for, shared with the clients that asked the same; null for none. */
  #openWindow (client: ClientConnection, query: Readonly<Record<string, unknown>>): SharedWindow | null {
    const rule = this.#options.latestValuesOf(client.stream)
    if (rule === null) return null
    const periodMs = windowMsOf(rule, query[rule.parameter])
    if (periodMs === null) return null
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
      shared = { key, window, members }
      this.#sharedWindows.set(key, shared)
    }
    shared.members.add(client)
    this.#windows.set(client, shared)
    return shared
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
    for (const [stream, { all }] of this.#streams) {
      clientsByStream[stream] = all.size
      connectedClients += all.size
    }
    return { connectedClients, clientsByStream }
  }

  /** Closes every client with 1001 (server going away) and stops the keepalive. */
  close (): void {
    clearInterval(this.#keepalive)
    for (const shared of this.#sharedWindows.values()) shared.window.stop()
    this.#sharedWindows.clear()
    this.#windows.clear()
    for (const { all } of this.#streams.values()) {
      for (const client of all) client.close(CLOSE_GOING_AWAY, 'server shutting down')
    }
  }

  #remove (client: ClientConnection): void {
    const members = this.#streams.get(client.stream)
    const shared = this.#windows.get(client)
    this.#windows.delete(client)
    shared?.members.delete(client)
    if (shared?.members.size === 0) {
      shared.window.stop()
      this.#sharedWindows.delete(shared.key)
      members?.windows.delete(shared)
    }
    members?.direct.delete(client)
    members?.all.delete(client)
    if (members?.all.size === 0) this.#streams.delete(client.stream)
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
    for (const { all } of this.#streams.values()) {
      for (const client of all) {
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
