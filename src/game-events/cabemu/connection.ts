/**
 * The TCP client side of an output server (the emulator listens, we connect). While nothing
 * listens it retries with a capped backoff and says nothing: an emulator that is not running is
 * the normal state of a cabinet.
 */
import { createConnection, type Socket } from 'node:net'
import { LineSplitter } from './line-splitter.js'

export interface ConnectionListener {
  connected (): void
  /** A complete line, or null for an over-long one. */
  line (line: string | null): void
  disconnected (): void
}

export interface ConnectionOptions {
  readonly host: string
  readonly port: number
  readonly minRetryMs: number
  readonly maxRetryMs: number
}

export class OutputConnection {
  readonly #options: ConnectionOptions
  readonly #listener: ConnectionListener
  readonly #splitter = new LineSplitter()
  #socket: Socket | null = null
  #retryMs: number
  #retryTimer: NodeJS.Timeout | null = null
  #running = false
  #connected = false

  constructor (options: ConnectionOptions, listener: ConnectionListener) {
    this.#options = options
    this.#listener = listener
    this.#retryMs = options.minRetryMs
  }

  get connected (): boolean { return this.#connected }

  start (): void {
    this.#running = true
    this.#connect()
  }

  stop (): void {
    this.#running = false
    if (this.#retryTimer !== null) clearTimeout(this.#retryTimer)
    this.#retryTimer = null
    this.#socket?.destroy()
    this.#socket = null
  }

  #connect (): void {
    const socket = createConnection({ host: this.#options.host, port: this.#options.port })
    this.#socket = socket
    socket.setEncoding('utf8')
    socket.setNoDelay(true)
    socket.on('connect', () => {
      this.#connected = true
      this.#retryMs = this.#options.minRetryMs
      this.#listener.connected()
    })
    socket.on('data', (chunk: string) => {
      for (const line of this.#splitter.push(chunk)) this.#listener.line(line)
    })
    // 'close' follows every 'error', so the retry is scheduled there only.
    socket.on('error', () => undefined)
    socket.on('close', () => this.#closed(socket))
  }

  #closed (socket: Socket): void {
    if (this.#socket !== socket) return
    this.#socket = null
    this.#splitter.reset()
    if (this.#connected) {
      this.#connected = false
      this.#listener.disconnected()
    }
    if (!this.#running) return
    this.#retryTimer = setTimeout(() => this.#connect(), this.#retryMs)
    this.#retryMs = Math.min(this.#retryMs * 2, this.#options.maxRetryMs)
  }
}
