/**
 * Parses replies of the RetroArch network command interface. Anything that is not a well-formed
 * reply is null: the port may be shared with other programs, and a datagram can be garbage.
 */
import type { RunningContent } from '../game-source.js'

type StatusReply =
  | { readonly kind: 'status', readonly state: 'PLAYING' | 'PAUSED', readonly content: RunningContent }
  | { readonly kind: 'status', readonly state: 'CONTENTLESS', readonly content: null }

export type MemoryCommand = 'READ_CORE_MEMORY' | 'READ_CORE_RAM'

interface MemoryReply {
  readonly kind: 'memory'
  readonly command: MemoryCommand
  readonly address: number
  /** null when the emulator refused the read (`-1 <reason>`). */
  readonly bytes: Uint8Array | null
  readonly error: string | null
}

export type Reply = StatusReply | MemoryReply

const statusPattern = /^GET_STATUS (PLAYING|PAUSED) ([^,]*),(.*),crc32=([0-9a-fA-F]{1,8})$/
const memoryPattern = /^(READ_CORE_MEMORY|READ_CORE_RAM) ([0-9a-fA-F]{1,8}) (.+)$/
const bytesPattern = /^[0-9a-fA-F]{2}( [0-9a-fA-F]{2})*$/

function parseMemory (command: MemoryCommand, addressHex: string, rest: string): MemoryReply | null {
  const address = Number.parseInt(addressHex, 16)
  if (rest.startsWith('-1')) return { kind: 'memory', command, address, bytes: null, error: rest.slice(2).trim() || 'refused' }
  if (!bytesPattern.test(rest)) return null
  return { kind: 'memory', command, address, bytes: Uint8Array.from(rest.split(' ').map((b) => Number.parseInt(b, 16))), error: null }
}

export function parseReply (datagram: string): Reply | null {
  const text = datagram.replace(/\r?\n$/, '')
  if (text === 'GET_STATUS CONTENTLESS') return { kind: 'status', state: 'CONTENTLESS', content: null }
  const status = statusPattern.exec(text)
  if (status !== null) {
    return { kind: 'status', state: status[1] as 'PLAYING' | 'PAUSED', content: { systemId: status[2]!, contentName: status[3]!, crc32: status[4]!.toLowerCase() } }
  }
  const memory = memoryPattern.exec(text)
  return memory === null ? null : parseMemory(memory[1] as MemoryCommand, memory[2]!, memory[3]!)
}
