/** A WebSocket client that records every frame, for asserting what a consumer receives. */
import { once, type EventEmitter } from 'node:events'
import type { Duplex } from 'node:stream'
import WebSocket from 'ws'

export interface Frame {
  readonly Type: string
  readonly Ts: string
  readonly NodeId?: string
  readonly CorrelationId?: string
  readonly Payload: Record<string, unknown>
}

/** What `RecordingClient.inject` needs of a fastify app with @fastify/websocket. */
interface InjectableApp {
  readonly server: EventEmitter
  injectWS (path: string, upgradeContext: object, options: { onInit (socket: WebSocket): void }): Promise<WebSocket>
}

/** What an injected client sends besides the upgrade itself. */
export interface InjectOptions {
  readonly headers?: Record<string, string>
}

/** Marks the upgrade requests `RecordingClient.inject` makes. */
const injected = Symbol('injected upgrade')

interface InjectedUpgrade {
  readonly [injected]?: boolean
  readonly headers: Record<string, unknown>
  socket: Duplex
}

/**
 * An in-memory stream of injectWS never closes by itself once both directions have ended, as a TCP
 * socket does: ws would then wait its 30 s close timeout on each side after every closing handshake.
 */
function closeOnceDone (stream: Duplex): void {
  let ended = false
  let finished = false
  const closeIfDone = (): void => { if (ended && finished) stream.destroy() }
  stream.once('end', () => { ended = true; closeIfDone() })
  stream.once('finish', () => { finished = true; closeIfDone() })
}

const wired = new WeakSet<InjectableApp>()

export class RecordingClient {
  readonly frames: Frame[] = []
  readonly raw: string[] = []
  closeCode: number | null = null
  pings = 0
  readonly #waiters: Array<() => void> = []

  constructor (readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = data.toString()
      this.raw.push(text)
      this.frames.push(JSON.parse(text) as Frame)
      this.#wake()
    })
    socket.on('ping', () => {
      this.pings++
      this.#wake()
    })
    socket.on('close', (code) => {
      this.closeCode = code
      this.#wake()
    })
  }

  static async connect (url: string, options: WebSocket.ClientOptions = {}): Promise<RecordingClient> {
    const socket = new WebSocket(url, options)
    const client = new RecordingClient(socket)
    await once(socket, 'open')
    return client
  }

  /**
   * Connects in process through the app's `injectWS` (@fastify/websocket): the same routes, hooks and
   * gateway, no port. The upgrade request is made to look like a local client's on the wire.
   */
  static async inject (app: InjectableApp, path: string, options: InjectOptions = {}): Promise<RecordingClient> {
    if (!wired.has(app)) {
      wired.add(app)
      app.server.prependListener('upgrade', (request: InjectedUpgrade, connection: Duplex & { remoteAddress?: string }) => {
        if (request[injected] !== true) return
        // injectWS writes Sec-WebSocket-Version as the number 13 where a real request has the string,
        // and gives the request no socket: the gateway writes to (and the rules read the peer address of)
        // the in-memory stream the WebSocket runs on, as they would a TCP connection from loopback.
        request.headers['sec-websocket-version'] = String(request.headers['sec-websocket-version'])
        connection.remoteAddress = '127.0.0.1'
        request.socket = connection
        closeOnceDone(connection)
      })
    }
    // Recording from the socket's creation: the frames a stream replays on connect can arrive before injectWS resolves.
    let client: RecordingClient | null = null
    const socket = await app.injectWS(path, { [injected]: true, headers: options.headers ?? {} }, { onInit: (created: WebSocket) => { client = new RecordingClient(created) } })
    closeOnceDone((socket as unknown as { _socket: Duplex })._socket)
    return client ?? new RecordingClient(socket)
  }

  /** The status an injected upgrade of `path` is answered with: 101 when it opens (then closed again), else the refusal's. */
  static async upgradeStatus (app: InjectableApp, path: string, options: InjectOptions = {}): Promise<number> {
    try {
      (await RecordingClient.inject(app, path, options)).close()
      return 101
    } catch (error) {
      const refused = /^Unexpected server response: (\d+)$/.exec((error as Error).message)
      if (refused === null) throw error
      return Number(refused[1])
    }
  }

  types (): string[] {
    return this.frames.map((f) => f.Type)
  }

  /** Resolves once `predicate` holds; rejects after `timeoutMs` with what was received. */
  async until (predicate: (client: RecordingClient) => boolean, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (!predicate(this)) {
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`timed out; received ${this.frames.length} frames: ${this.types().slice(-10).join(', ')}; close ${String(this.closeCode)}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.#waiters.push(() => { clearTimeout(timer); resolve() })
      })
    }
  }

  async closed (timeoutMs = 15_000): Promise<number> {
    await this.until((c) => c.closeCode !== null, timeoutMs)
    return this.closeCode!
  }

  close (): void {
    this.socket.close()
  }

  #wake (): void {
    for (const wake of this.#waiters.splice(0)) wake()
  }
}
