/**
 * A UDP server answering the RetroArch network commands the service sends, from a memory buffer
 * the test controls; before each real answer it can send garbage.
 */
import { createSocket, type Socket } from 'node:dgram'
import { once } from 'node:events'

export class FakeMultiemu {
  readonly memory = Buffer.alloc(0x800)
  readonly received: string[] = []
  /** `GET_STATUS` answer after the command name, or null for no answer. */
  status: string | null = 'CONTENTLESS'
  /** Datagrams sent before every real answer. */
  garbage: Array<string | Buffer> = []

  private constructor (readonly socket: Socket, readonly port: number) {
    socket.on('message', (data, from) => this.#answer(data.toString(), from.port))
  }

  static async start (): Promise<FakeMultiemu> {
    const socket = createSocket('udp4')
    socket.bind(0, '127.0.0.1')
    await once(socket, 'listening')
    return new FakeMultiemu(socket, socket.address().port)
  }

  close (): void {
    this.socket.close()
  }

  #answer (command: string, port: number): void {
    this.received.push(command)
    const reply = this.#reply(command)
    if (reply === null) return
    for (const junk of this.garbage) this.socket.send(junk, port, '127.0.0.1')
    this.socket.send(`${reply}\n`, port, '127.0.0.1')
  }

  #reply (command: string): string | null {
    const [name, addressHex, lengthText] = command.split(' ')
    if (name === 'GET_STATUS') return this.status === null ? null : `GET_STATUS ${this.status}`
    if (name === 'READ_CORE_MEMORY') return `READ_CORE_MEMORY ${addressHex} -1 no memory map defined`
    if (name === 'READ_CORE_RAM') {
      const address = Number.parseInt(addressHex!, 16)
      const bytes = [...this.memory.subarray(address, address + Number(lengthText))]
      return `READ_CORE_RAM ${addressHex} ${bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ')}`
    }
    return null
  }
}
