/**
 * Linux evdev input: 24-byte `struct input_event` records (64-bit timeval, type, code, value)
 * read from `/dev/input/event*` or a FIFO. Only key events matter: value 1 is a press, 0 a
 * release; autorepeat (2) and other event types are skipped.
 */
import { constants, createReadStream, open } from 'node:fs'
import { stat } from 'node:fs/promises'
import net from 'node:net'
import type { Readable } from 'node:stream'
import { promisify } from 'node:util'

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
  /** Bumped by every start and stop: an opening that finishes after a newer one, or after a stop, is closed again. */
  #generation = 0

  constructor (path: string) {
    this.path = path
  }

  /** Opens the device off the loop (it is opened when a panel is chosen, on a request or an event); reading starts once it is open. */
  start (onKey: (event: KeyEvent) => void, onError: (message: string) => void): void {
    const generation = ++this.#generation
    this.#open().then((stream) => {
      if (generation !== this.#generation) {
        stream.destroy()
        return
      }
      const decoder = new InputEventDecoder()
      stream.on('data', (chunk: Buffer) => { for (const event of decoder.push(chunk)) onKey(event) })
      stream.on('error', (error) => onError(`panel input ${this.path} failed: ${error.message}`))
      this.#stream = stream
    }, (error: Error) => { onError(`cannot read panel input ${this.path}: ${error.message}`) })
  }

  /**
   * A FIFO is opened read-write and non-blocking so opening never waits for a writer and a
   * writer closing is not the end; a device is read as a file.
   */
  async #open (): Promise<Readable> {
    if (!(await stat(this.path)).isFIFO()) return createReadStream(this.path)
    const fd = await promisify(open)(this.path, constants.O_RDWR | constants.O_NONBLOCK)
    return new net.Socket({ fd, readable: true, writable: false })
  }

  stop (): void {
    this.#generation++
    this.#stream?.destroy()
    this.#stream = null
  }
}
