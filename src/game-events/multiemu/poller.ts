/**
 * Follows the multi-system emulator: GET_STATUS tells when content starts and stops, and while
 * content runs with a read plan, the watched memory is read at the poll rate. With no content
 * (or no emulator) only a status poll a second goes out: no busy loop.
 */
import { sameContent, type ContentEndReason, type RunningContent } from '../game-source.js'
import type { ReadRange } from '../watches/read-plan.js'
import type { CommandChannel } from './command-channel.js'
import type { MemoryCommand, Reply } from './replies.js'

export interface PollerListener {
  contentStarted (content: RunningContent): void
  contentStopped (content: RunningContent, reason: ContentEndReason): void
  memoryRead (range: ReadRange, bytes: Uint8Array): void
  readRefused (range: ReadRange, error: string): void
}

export interface PollerOptions {
  readonly pollHz: number
  readonly statusIntervalMs: number
  readonly idleStatusIntervalMs: number
  /** Unanswered status polls in a row before running content counts as gone (one lost datagram is not a stop). */
  readonly missesBeforeGone: number
}

export const defaultPollerTiming = { statusIntervalMs: 500, idleStatusIntervalMs: 1000, missesBeforeGone: 3 } as const

export class MultiemuPoller {
  readonly #channel: CommandChannel
  readonly #options: PollerOptions
  readonly #listener: PollerListener
  #plan: readonly ReadRange[] = []
  #content: RunningContent | null = null
  #misses = 0
  #reachable = false
  #memoryCommand: MemoryCommand = 'READ_CORE_MEMORY'
  #nextStatusAt = 0
  #timer: NodeJS.Timeout | null = null
  #running = false

  constructor (channel: CommandChannel, options: PollerOptions, listener: PollerListener) {
    this.#channel = channel
    this.#options = options
    this.#listener = listener
  }

  get content (): RunningContent | null { return this.#content }
  get reachable (): boolean { return this.#reachable }
  get memoryCommand (): MemoryCommand { return this.#memoryCommand }

  setPlan (plan: readonly ReadRange[]): void {
    this.#plan = plan
  }

  start (): void {
    this.#running = true
    this.#schedule(0)
  }

  stop (): void {
    this.#running = false
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
  }

  #schedule (delayMs: number): void {
    if (this.#running) this.#timer = setTimeout(() => void this.#tick(), Math.max(0, delayMs))
  }

  async #tick (): Promise<void> {
    const startedAt = Date.now()
    if (startedAt >= this.#nextStatusAt) {
      await this.#pollStatus()
      this.#nextStatusAt = Date.now() + (this.#content === null ? this.#options.idleStatusIntervalMs : this.#options.statusIntervalMs)
    }
    const reading = this.#content !== null && this.#plan.length > 0
    if (reading) for (const range of this.#plan) await this.#read(range)
    this.#schedule(reading ? 1000 / this.#options.pollHz - (Date.now() - startedAt) : this.#nextStatusAt - Date.now())
  }

  async #pollStatus (): Promise<void> {
    const reply = await this.#channel.request('GET_STATUS', (r) => r.kind === 'status')
    if (reply === null || reply.kind !== 'status') {
      if (++this.#misses >= this.#options.missesBeforeGone) {
        this.#reachable = false
        this.#setContent(null, 'unreachable')
      }
      return
    }
    this.#misses = 0
    this.#reachable = true
    this.#setContent(reply.content, 'stopped')
  }

  #setContent (content: RunningContent | null, reason: ContentEndReason): void {
    if (sameContent(this.#content, content)) return
    const previous = this.#content
    this.#content = content
    if (previous !== null) this.#listener.contentStopped(previous, reason)
    if (content !== null) {
      // A different core may have a memory map, so every content starts with the preferred command.
      this.#memoryCommand = 'READ_CORE_MEMORY'
      this.#listener.contentStarted(content)
    }
  }

  async #read (range: ReadRange): Promise<void> {
    const command = this.#memoryCommand
    const accepts = (r: Reply): boolean => r.kind === 'memory' && r.command === command && r.address === range.address
    const reply = await this.#channel.request(`${command} ${range.address.toString(16)} ${range.length}`, accepts)
    if (reply === null || reply.kind !== 'memory') return
    if (reply.bytes === null) {
      if (command === 'READ_CORE_MEMORY') {
        this.#memoryCommand = 'READ_CORE_RAM'
        await this.#read(range)
      } else {
        this.#listener.readRefused(range, reply.error ?? 'refused')
      }
      return
    }
    if (reply.bytes.length >= range.length) this.#listener.memoryRead(range, reply.bytes)
  }
}
