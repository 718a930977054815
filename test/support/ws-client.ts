/** A WebSocket client that records every frame, for asserting what a consumer receives. */
import { once } from 'node:events'
import WebSocket from 'ws'

export interface Frame {
  readonly Type: string
  readonly Ts: string
  readonly NodeId?: string
  readonly CorrelationId?: string
  readonly Payload: Record<string, unknown>
}

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

  types (): string[] {
    return this.frames.map((f) => f.Type)
  }

  /** Resolves once `predicate` holds; rejects after `timeoutMs` with what was received. */
  async until (predicate: (client: RecordingClient) => boolean, timeoutMs = 5000): Promise<void> {
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

  async closed (timeoutMs = 5000): Promise<number> {
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
