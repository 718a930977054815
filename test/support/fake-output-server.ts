/** A TCP server speaking the MAME network output protocol, for driving cabemu clients in tests. */
import { once } from 'node:events'
import { createServer, type Server, type Socket } from 'node:net'

export class FakeOutputServer {
  readonly sockets: Socket[] = []
  readonly #waiters: Array<() => void> = []

  private constructor (readonly server: Server, readonly port: number) {
    server.on('connection', (socket) => {
      this.sockets.push(socket)
      socket.on('error', () => undefined)
      for (const wake of this.#waiters.splice(0)) wake()
    })
  }

  static async start (port = 0): Promise<FakeOutputServer> {
    const server = createServer()
    server.listen(port, '127.0.0.1')
    await once(server, 'listening')
    return new FakeOutputServer(server, (server.address() as { port: number }).port)
  }

  /** The n-th accepted connection (1-based), once it exists. */
  async connection (n = 1): Promise<Socket> {
    while (this.sockets.length < n) await new Promise<void>((resolve) => this.#waiters.push(resolve))
    return this.sockets[n - 1]!
  }

  async close (): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    this.server.close()
    await once(this.server, 'close')
  }
}
