/**
 * One cabemu instance (an emulator's network outputs): turns protocol messages into
 * `<instance>.session.*` (told to /ws/ingame too, as `ingame.cabemu.session.*`),
 * `<instance>.output.changed` and `arcade.output.changed`, one event per received change, in
 * order, never deduplicated. Score-like outputs feed the live score.
 */
import type { SourceSinks } from '../live/live-board.js'
import { digitScoreParts, isScoreOutput, playerOfOutput } from '../live/output-digits.js'
import type { OutputMessage } from './output-line.js'

/** Source name of scores composed from outputs. */
export const outputScoreSource = 'mame.output'

export interface CabemuSourceOptions extends SourceSinks {
  readonly instance: string
  readonly port: number
}

export class CabemuSource {
  readonly #options: CabemuSourceOptions
  readonly #outputs = new Map<string, number>()
  #machineName: string | null = null
  linesReceived = 0
  ignoredLines = 0

  constructor (options: CabemuSourceOptions) {
    this.#options = options
  }

  get machineName (): string | null { return this.#machineName }

  /** A line was received; `message` is null for garbage. */
  receive (message: OutputMessage | null): void {
    this.linesReceived++
    if (message === null) {
      this.ignoredLines++
      return
    }
    switch (message.kind) {
      case 'start': return this.#start(message.machineName)
      case 'stop': return this.end('stopped')
      case 'signal': return this.#signal(message.key, message.value)
    }
  }

  /** The session ended (`mame_stop`, or the connection dropped mid-session). */
  end (reason: 'stopped' | 'disconnected'): void {
    if (this.#machineName === null) return
    const { instance, port, publish, board } = this.#options
    const session = { Source: instance, MachineName: this.#machineName, Port: port, Reason: reason }
    publish(`${instance}.session.stopped`, session)
    publish('ingame.cabemu.session.stopped', { ...session, SystemId: 'arcade', Rom: this.#machineName })
    this.#machineName = null
    this.#outputs.clear()
    board.reset(outputScoreSource)
  }

  #start (machineName: string): void {
    this.end('stopped')
    const { instance, port, publish, board } = this.#options
    this.#machineName = machineName
    board.reset(outputScoreSource)
    const session = { Source: instance, MachineName: machineName, Port: port }
    publish(`${instance}.session.started`, session)
    publish('ingame.cabemu.session.started', { ...session, SystemId: 'arcade', Rom: machineName })
  }

  #signal (key: string, value: number): void {
    const { instance, port, publish, board, now } = this.#options
    const machineName = this.#machineName ?? ''
    const ts = now().toISOString()
    this.#outputs.set(key, value)
    publish(`${instance}.output.changed`, { Source: instance, Port: port, MachineName: machineName, Signals: [{ Key: key, Value: value, Ts: ts }] })
    publish('arcade.output.changed', { Source: instance, MachineName: machineName, Key: key, Value: value, Ts: ts })
    if (isScoreOutput(key)) {
      const player = playerOfOutput(key)
      board.score(outputScoreSource, { SystemId: 'arcade', Rom: machineName }, player, digitScoreParts(this.#outputs, player))
    }
  }
}
