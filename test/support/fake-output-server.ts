/**
 * A TCP server speaking the MAME network output protocol, for driving cabemu clients in tests.
 * Tests write raw bytes to a connection, or play a machine run the way MAME 0.251 `-output network`
 * does (test/game-events/peers/fake-peers-parity.test.ts holds this to the real MAME).
 */
import { once } from 'node:events'
import { createServer, type Server, type Socket } from 'node:net'

/** One protocol line as MAME writes it: `name = value`, ended by a CR alone. */
const line = (name: string, value: string | number): string => `${name} = ${value}\r`

export class FakeOutputServer {
  readonly sockets: Socket[] = []
  readonly #waiters: Array<() => void> = []
  #machineName: string | null = null

  private constructor (readonly server: Server, readonly port: number) {
    server.on('connection', (socket) => {
      this.sockets.push(socket)
      socket.on('error', () => undefined)
      // MAME greets a client connecting mid-run with the start line only, not the current values.
      if (this.#machineName !== null) socket.write(line('mame_start', this.#machineName))
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

  /** A machine starts: every client, and each one connecting while it runs, is told its name. */
  startMachine (machineName: string): void {
    this.#machineName = machineName
    this.#broadcast(line('mame_start', machineName))
  }

  /** An output of the running machine changed. */
  setOutput (name: string, value: number): void {
    this.#broadcast(line(name, value))
  }

  /** The machine exits: the stop line to every client, then every connection closes. */
  exitMachine (): void {
    this.#machineName = null
    for (const socket of this.#open()) socket.end(line('mame_stop', 1))
  }

  async close (): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    this.server.close()
    await once(this.server, 'close')
  }

  #broadcast (text: string): void {
    for (const socket of this.#open()) socket.write(text)
  }

  #open (): Socket[] {
    return this.sockets.filter((socket) => socket.writable)
  }
}
