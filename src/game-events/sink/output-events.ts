/**
 * Arcade output reports of one source as events: `<source>.session.*` (told to /ws/ingame too, as
 * `ingame.cabemu.session.*`), `<source>.output.changed` and `arcade.output.changed`, one event per
 * reported change, in order, never deduplicated. Score-like outputs feed the live score.
 */
import type { OutputSession, SessionEndReason } from '../game-source.js'
import type { Reporting } from '../live/live-board.js'
import { digitScoreParts, isScoreOutput, playerOfOutput } from '../live/output-digits.js'

/** Source name of scores composed from outputs. */
const outputScoreSource = 'mame.output'

export class OutputEvents {
  readonly #sourceId: string
  readonly #reporting: Reporting
  /** The values of the session so far: a digit score is composed from all of them. */
  readonly #outputs = new Map<string, number>()

  constructor (sourceId: string, reporting: Reporting) {
    this.#sourceId = sourceId
    this.#reporting = reporting
  }

  sessionStarted (session: OutputSession): void {
    const { publish, board } = this.#reporting
    board.reset(outputScoreSource)
    const payload = { Source: this.#sourceId, MachineName: session.machineName, Port: session.port }
    publish(`${this.#sourceId}.session.started`, payload)
    publish('ingame.cabemu.session.started', { ...payload, SystemId: 'arcade', Rom: session.machineName })
  }

  sessionStopped (session: OutputSession, reason: SessionEndReason): void {
    const { publish, board } = this.#reporting
    const payload = { Source: this.#sourceId, MachineName: session.machineName, Port: session.port, Reason: reason }
    publish(`${this.#sourceId}.session.stopped`, payload)
    publish('ingame.cabemu.session.stopped', { ...payload, SystemId: 'arcade', Rom: session.machineName })
    this.#outputs.clear()
    board.reset(outputScoreSource)
  }

  outputChanged (session: OutputSession, key: string, value: number): void {
    const { publish, board, now } = this.#reporting
    const { machineName, port } = session
    const ts = now().toISOString()
    this.#outputs.set(key, value)
    publish(`${this.#sourceId}.output.changed`, { Source: this.#sourceId, Port: port, MachineName: machineName, Signals: [{ Key: key, Value: value, Ts: ts }] })
    publish('arcade.output.changed', { Source: this.#sourceId, MachineName: machineName, Key: key, Value: value, Ts: ts })
    if (isScoreOutput(key)) {
      const player = playerOfOutput(key)
      board.score(outputScoreSource, { SystemId: 'arcade', Rom: machineName }, player, digitScoreParts(this.#outputs, player))
    }
  }
}
