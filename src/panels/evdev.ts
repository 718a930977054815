/**
 * Linux evdev input: 24-byte `struct input_event` records (64-bit timeval, type, code, value)
 * read from `/dev/input/event*` or a FIFO. Only key events matter: value 1 is a press, 0 a
 * release; autorepeat (2) and other event types are skipped.
 */
import { constants, openSync, statSync, createReadStream } from 'node:fs'
import net from 'node:net'
import type { Readable } from 'node:stream'

const inputEventSize = 24
const evKey = 1

export interface KeyEvent {
  readonly code: number
  readonly pressed: boolean
}

/** A source of key presses; evdev is one, tests and other encoders may bring others. */
export interface InputSource {
  start (onKey: (event: KeyEvent) => void, onError: (message: string) => void): void
  stop (): void
}

/** Splits a byte stream into input_event records, keeping a partial record for the next chunk. */
class InputEventDecoder {
  #pending: Buffer = Buffer.alloc(0)

  push (chunk: Buffer): KeyEvent[] {
    const data = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk])
    const events: KeyEvent[] = []
    let offset = 0
    for (; offset + inputEventSize <= data.length; offset += inputEventSize) {
      const type = data.readUInt16LE(offset + 16)
      const code = data.readUInt16LE(offset + 18)
      const value = data.readInt32LE(offset + 20)
      if (type === evKey && (value === 0 || value === 1)) events.push({ code, pressed: value === 1 })
    }
    this.#pending = data.subarray(offset)
    return events
  }
}

/** One evdev device or FIFO. */
export class EvdevSource implements InputSource {
  readonly path: string
  #stream: Readable | null = null

  constructor (path: string) {
    this.path = path
  }

  start (onKey: (event: KeyEvent) => void, onError: (message: string) => void): void {
    let stream: Readable
    try {
      // A FIFO is opened read-write and non-blocking so opening never waits for a writer and a
      // writer closing is not the end; a device is read as a file.
      stream = statSync(this.path).isFIFO()
        ? new net.Socket({ fd: openSync(this.path, constants.O_RDWR | constants.O_NONBLOCK), readable: true, writable: false })
        : createReadStream(this.path)
    } catch (error) {
      onError(`cannot read panel input ${this.path}: ${(error as Error).message}`)
      return
    }
    const decoder = new InputEventDecoder()
    stream.on('data', (chunk: Buffer) => { for (const event of decoder.push(chunk)) onKey(event) })
    stream.on('error', (error) => onError(`panel input ${this.path} failed: ${error.message}`))
    this.#stream = stream
  }

  stop (): void {
    this.#stream?.destroy()
    this.#stream = null
  }
}
