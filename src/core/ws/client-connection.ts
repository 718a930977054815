import type { WebSocket } from 'ws'

export interface ClientLimits {
  /** Frames that may wait in this client's own queue before it is closed with 1013. */
  readonly maxQueuedFrames: number
  /** While the socket holds this many unsent bytes, new frames wait in the queue instead. */
  readonly maxBufferedBytes: number
}

interface PendingFrame {
  readonly frame: Buffer
  readonly coalesceKey: string | null
}

/** WebSocket close code "Try Again Later": the client could not keep up. */
export const CLOSE_TRY_AGAIN_LATER = 1013
export const CLOSE_GOING_AWAY = 1001

/**
 * One connected client and its bounded queue. Frames go straight to the socket while it drains;
 * when it does not, they wait here, snapshots replacing their older pending versions, so one client
 * that stops reading costs bounded memory and never delays the others.
 */
export class ClientConnection {
  readonly #socket: WebSocket
  readonly #limits: ClientLimits
  readonly #onOverflow: (client: ClientConnection) => void
  #queue: PendingFrame[] = []
  #closed = false
  missedPongs = 0

  constructor (socket: WebSocket, readonly stream: string, limits: ClientLimits, onOverflow: (client: ClientConnection) => void) {
    this.#socket = socket
    this.#limits = limits
    this.#onOverflow = onOverflow
    socket.on('pong', () => { this.missedPongs = 0 })
  }

  get queuedFrames (): number {
    return this.#queue.length
  }

  send (frame: Buffer, coalesceKey: string | null): void {
    if (this.#closed) return
    if (this.#queue.length === 0 && this.#socket.bufferedAmount < this.#limits.maxBufferedBytes) {
      this.#write(frame)
      return
    }
    if (coalesceKey !== null) {
      // Latest wins: the older pending snapshot is dropped and the newer one takes its turn at the end.
      const older = this.#queue.findIndex((p) => p.coalesceKey === coalesceKey)
      if (older >= 0) this.#queue.splice(older, 1)
    }
    if (this.#queue.length >= this.#limits.maxQueuedFrames) {
      this.close(CLOSE_TRY_AGAIN_LATER, 'client too slow: send queue full')
      this.#onOverflow(this)
      return
    }
    this.#queue.push({ frame, coalesceKey })
  }

  ping (): void {
    if (!this.#closed) this.#socket.ping()
  }

  close (code: number, reason: string): void {
    if (this.#closed) return
    this.#closed = true
    this.#queue = []
    this.#socket.close(code, reason)
  }

  terminate (): void {
    this.#closed = true
    this.#queue = []
    this.#socket.terminate()
  }

  #write (frame: Buffer): void {
    this.#socket.send(frame, { binary: false }, this.#drain)
  }

  readonly #drain = (error?: Error): void => {
    if (error !== undefined || this.#closed) return
    while (this.#queue.length > 0 && this.#socket.bufferedAmount < this.#limits.maxBufferedBytes) {
      this.#write(this.#queue.shift()!.frame)
    }
  }
}
