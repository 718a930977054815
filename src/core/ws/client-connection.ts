import type { Duplex } from 'node:stream'
import type { WebSocket } from 'ws'
import type { WriteBatch } from './write-batch.js'

export interface ClientLimits {
  /** Bytes of frames that may wait in this client's own queue before it is closed with 1013. */
  readonly maxQueuedBytes: number
  /** While the socket holds this many unsent bytes, new frames wait in the queue instead. */
  readonly maxBufferedBytes: number
}

interface PendingFrame {
  readonly frame: Buffer
  readonly coalesceKey: string | null
}

/** WebSocket close code "Try Again Later": the client could not keep up. */
const CLOSE_TRY_AGAIN_LATER = 1013
export const CLOSE_GOING_AWAY = 1001

/** A tick's batch is flushed early at this size, so `bufferedAmount` keeps measuring what the client has not read. */
const batchFlushBytes = 64 * 1024

/**
 * One connected client and its bounded queue. Frames go straight to the socket while it drains;
 * when it does not, they wait here, snapshots replacing their older pending versions, so one client
 * that stops reading costs bounded memory and never delays the others.
 */
export class ClientConnection {
  readonly #socket: WebSocket
  /** The TCP connection under the WebSocket: corked for a turn of the event loop so a burst of frames is one write. */
  readonly #connection: Duplex
  readonly #batch: WriteBatch
  readonly #limits: ClientLimits
  readonly #onOverflow: (client: ClientConnection) => void
  #queue: PendingFrame[] = []
  #queuedBytes = 0
  #closed = false
  missedPongs = 0

  constructor (socket: WebSocket, connection: Duplex, batch: WriteBatch, readonly stream: string, limits: ClientLimits, onOverflow: (client: ClientConnection) => void) {
    this.#socket = socket
    this.#connection = connection
    this.#batch = batch
    this.#limits = limits
    this.#onOverflow = onOverflow
    socket.on('pong', () => { this.missedPongs = 0 })
    connection.on('drain', this.#drain)
  }

  get queuedBytes (): number {
    return this.#queuedBytes
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
      if (older >= 0) this.#queuedBytes -= this.#queue.splice(older, 1)[0]!.frame.length
    }
    if (this.#queuedBytes + frame.length > this.#limits.maxQueuedBytes) {
      this.#onOverflow(this)
      this.close(CLOSE_TRY_AGAIN_LATER, 'client too slow: send queue full')
      return
    }
    this.#queue.push({ frame, coalesceKey })
    this.#queuedBytes += frame.length
  }

  /** Sends the frames held for this turn now. */
  flush (): void {
    this.#batch.flushNow(this.#connection)
  }

  ping (): void {
    if (!this.#closed) this.#socket.ping()
  }

  close (code: number, reason: string): void {
    if (this.#closed) return
    this.#closed = true
    this.#queue = []
    this.#queuedBytes = 0
    this.#socket.close(code, reason)
  }

  terminate (): void {
    this.#closed = true
    this.#queue = []
    this.#queuedBytes = 0
    this.#socket.terminate()
  }

  #write (frame: Buffer): void {
    this.#batch.hold(this.#connection)
    this.#socket.send(frame, { binary: false })
    if (this.#connection.writableLength >= batchFlushBytes) this.flush()
  }

  /** The socket flushed what it held: let waiting frames follow. */
  readonly #drain = (): void => {
    while (!this.#closed && this.#queue.length > 0 && this.#socket.bufferedAmount < this.#limits.maxBufferedBytes) {
      const { frame } = this.#queue.shift()!
      this.#queuedBytes -= frame.length
      this.#write(frame)
    }
  }
}
