/**
 * A console game whose live score a test sets: the service reads it from the emulator's memory
 * through RetroArch's network commands (a FakeMultiemu) and a watch definition, as on a cabinet.
 */
import assert from 'node:assert/strict'
import { FakeMultiemu } from './fake-multiemu.js'
import { putDefinition } from './game-events.js'
import type { TestHub } from './hub.js'
import type { RecordingClient } from './ws-client.js'

const scoreAddress = 0x10

export class LiveScoreEmulator {
  #score: RecordingClient | null = null

  private constructor (readonly emulator: FakeMultiemu) {}

  static async start (): Promise<LiveScoreEmulator> {
    return new LiveScoreEmulator(await FakeMultiemu.start())
  }

  /** The service options that point its multiemu source here. */
  get options (): Record<string, string | boolean> {
    return { multiemuEnabled: true, multiemuPort: String(this.emulator.port) }
  }

  /** Watches a 3-byte little-endian score of `system`/`rom` and runs that content. */
  async watch (hub: Pick<TestHub, 'fetch' | 'connect'>, system: string, rom: string): Promise<void> {
    const put = await putDefinition(hub, system, rom, { watches: [{ key: 'P1', address: `0x${scoreAddress.toString(16).padStart(4, '0')}`, size: 3, encoding: 'uint-le', role: 'score' }] })
    assert.equal(put.status, 200)
    this.emulator.status = `PLAYING Snes9x,${rom},crc32=b19ed489`
    this.#score = await hub.connect('/ws/score')
  }

  /** Writes `value` to the score's memory; resolves once the service published it (0 is never published). */
  async setScore (value: number): Promise<void> {
    this.emulator.memory.set([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff], scoreAddress)
    if (value !== 0) await this.#score!.until((c) => c.frames.at(-1)?.Payload.Score === value)
  }

  close (): void {
    this.#score?.socket.close()
    this.emulator.close()
  }
}
