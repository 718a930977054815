/**
 * A UDP server answering the RetroArch network commands the service sends, from a memory buffer
 * the test controls; before each real answer it can send garbage. Its answers are worded as
 * RetroArch 1.14's, line ends included (test/game-events/peers/fake-peers-parity.test.ts holds
 * the fake to the real RetroArch).
 */
import { createSocket, type Socket } from 'node:dgram'
import { once } from 'node:events'

const hexByte = (byte: number): string => byte.toString(16).toUpperCase().padStart(2, '0')

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
    this.socket.send(reply, port, '127.0.0.1')
  }

  /** The answer datagram; null where RetroArch stays silent (unknown or malformed command). */
  #reply (command: string): string | null {
    const [name, ...args] = command.trim().split(' ')
    if (name === 'GET_STATUS') return this.#statusReply()
    // Like RetroArch's strtoul: no hex digits reads as address 0. Nestopia has no memory map.
    if (name === 'READ_CORE_MEMORY') return `READ_CORE_MEMORY ${(Number.parseInt(args[0] ?? '', 16) || 0).toString(16)} -1 no memory map defined\n`
    if (name === 'READ_CORE_RAM') return this.#ramReply(args[0] ?? '', args[1] ?? '')
    return null
  }

  #statusReply (): string | null {
    if (this.status === null) return null
    // RetroArch ends every answer with a newline except this one.
    return this.status === 'CONTENTLESS' ? 'GET_STATUS CONTENTLESS' : `GET_STATUS ${this.status}\n`
  }

  /** `-1` without content or outside the memory; otherwise exactly `length` bytes read from `address` on. */
  #ramReply (addressHex: string, lengthText: string): string | null {
    if (!/^[0-9a-f]+$/i.test(addressHex) || !/^\d+$/.test(lengthText)) return null
    const address = Number.parseInt(addressHex, 16)
    const echo = `READ_CORE_RAM ${address.toString(16)}`
    if (this.status === 'CONTENTLESS' || address >= this.memory.length) return `${echo} -1\n`
    const bytes = Buffer.alloc(Number(lengthText))
    this.memory.copy(bytes, 0, address)
    return `${echo}${[...bytes].map((byte) => ` ${hexByte(byte)}`).join('')}\n`
  }
}
