/**
 * The UDP side of the RetroArch network command interface: send one command, wait for the reply
 * that answers it. Datagrams from elsewhere, garbage, and late replies of a timed-out command are
 * counted and dropped.
 */
import { createSocket, type Socket } from 'node:dgram'
import { once } from 'node:events'
import { parseReply, type Reply } from './replies.js'

export interface CommandChannelOptions {
  readonly host: string
  readonly port: number
  readonly timeoutMs: number
}

interface Pending {
  readonly accepts: (reply: Reply) => boolean
  readonly resolve: (reply: Reply | null) => void
  readonly timer: NodeJS.Timeout
}

export class CommandChannel {
  readonly #options: CommandChannelOptions
  #socket: Socket | null = null
  #pending: Pending | null = null
  ignoredReplies = 0

  constructor (options: CommandChannelOptions) {
    this.#options = options
  }

  async open (): Promise<void> {
    const socket = createSocket('udp4')
    socket.on('message', (data, from) => this.#receive(data, from.port))
    // ICMP "port unreachable" while the emulator is down surfaces here on some systems; the poll timeout covers it.
    socket.on('error', () => undefined)
    socket.bind(0, '127.0.0.1')
    await once(socket, 'listening')
    this.#socket = socket
  }

  close (): void {
    this.#settle(null)
    this.#socket?.close()
    this.#socket = null
  }

  /** Sends `command`; resolves with the first reply `accepts` takes, or null on timeout. One command at a time. */
  async request (command: string, accepts: (reply: Reply) => boolean): Promise<Reply | null> {
    const socket = this.#socket
    if (socket === null || this.#pending !== null) return null
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#settle(null), this.#options.timeoutMs)
      this.#pending = { accepts, resolve, timer }
      socket.send(command, this.#options.port, this.#options.host, (error) => {
        if (error !== null) this.#settle(null)
      })
    })
  }

  #receive (data: Buffer, fromPort: number): void {
    const reply = fromPort === this.#options.port ? parseReply(data.toString('latin1')) : null
    if (reply === null || this.#pending === null || !this.#pending.accepts(reply)) {
      this.ignoredReplies++
      return
    }
    this.#settle(reply)
  }

  #settle (reply: Reply | null): void {
    const pending = this.#pending
    if (pending === null) return
    this.#pending = null
    clearTimeout(pending.timer)
    pending.resolve(reply)
  }
}
