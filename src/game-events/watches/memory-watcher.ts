/**
 * The watches of the running game: decodes the bytes a source reads, publishes
 * `<source>.memory.changed` (`multiemu.memory.changed`) and `ingame.memory.changed` when a watched
 * value changes, then feeds the score and timer parts to the live board.
 */
import type { RunningContent } from '../game-source.js'
import type { GameIdentity, Reporting, ScorePart } from '../live/live-board.js'
import type { WatchType } from '../schemas.js'
import { decodeValue, rawHex } from './decoding.js'
import type { StoredDefinition } from './definition-store.js'
import { readPlan, type ReadRange } from './read-plan.js'

/** Source name of scores and timers read from emulator memory. */
const memorySource = 'ingame.memory'

export interface WatchReading {
  readonly watch: WatchType
  readonly rawValueHex: string
  readonly value: number | null
  readonly ts: string
}

export class MemoryWatcher {
  readonly #options: Reporting
  readonly #readings = new Map<string, WatchReading>()
  #definition: StoredDefinition | null = null
  #game: GameIdentity | null = null
  #content: RunningContent | null = null
  /** The ranges of the current plan: a reply to a read of an older plan (in flight when the game changed) is not this game's. */
  #plan: ReadRange[] = []

  constructor (options: Reporting) {
    this.#options = options
  }

  get definition (): StoredDefinition | null { return this.#definition }

  /** Switches to a definition (or none) for a game; readings start over. */
  use (definition: StoredDefinition | null, game: GameIdentity | null, content: RunningContent | null): ReadRange[] {
    this.#definition = definition
    this.#game = game
    this.#content = content
    this.#readings.clear()
    this.#options.board.reset(memorySource)
    this.#plan = definition === null ? [] : readPlan(definition.watches)
    return this.#plan
  }

  lastValues (): WatchReading[] {
    return [...this.#readings.values()]
  }

  /** Bytes of one range of the plan were read by the source `sourceId`. */
  read (sourceId: string, range: ReadRange, bytes: Uint8Array): void {
    const game = this.#game
    if (game === null || !this.#plan.includes(range)) return
    const changed: WatchType[] = []
    for (const slice of range.slices) {
      const raw = bytes.subarray(slice.offset, slice.offset + slice.watch.size)
      const rawValueHex = rawHex(raw)
      if (this.#readings.get(slice.watch.key)?.rawValueHex === rawValueHex) continue
      const reading = { watch: slice.watch, rawValueHex, value: decodeValue(raw, slice.watch.encoding), ts: this.#options.now().toISOString() }
      this.#readings.set(slice.watch.key, reading)
      this.#publishChange(sourceId, game, reading)
      changed.push(slice.watch)
    }
    for (const player of new Set(changed.filter((w) => w.role === 'score').map((w) => w.player ?? 1))) this.#publishScore(game, player)
    for (const watch of changed.filter((w) => w.role === 'timer')) this.#publishTimer(game, watch)
  }

  #publishChange (sourceId: string, game: GameIdentity, reading: WatchReading): void {
    const { watch } = reading
    const content = this.#content
    this.#options.publish(`${sourceId}.memory.changed`, {
      ...game,
      ContentName: content?.contentName ?? game.Rom,
      Crc32: content?.crc32 ?? '',
      Key: watch.key,
      Address: watch.address,
      Size: watch.size,
      Encoding: watch.encoding,
      RawValueHex: reading.rawValueHex,
      Value: reading.value,
      Ts: reading.ts
    })
    this.#options.publish('ingame.memory.changed', {
      Source: sourceId,
      ...game,
      Signal: { Key: watch.key, Address: watch.address, RawValueHex: reading.rawValueHex, Value: reading.value, Role: watch.role, Player: watch.player ?? 1, Description: watch.description ?? '', Ts: reading.ts }
    })
  }

  #part (reading: WatchReading): Omit<ScorePart, 'Weight' | 'Contribution'> | null {
    const { watch, value } = reading
    return value === null ? null : { Key: watch.key, Address: watch.address, RawValueHex: reading.rawValueHex, Encoding: watch.encoding, Value: value, Description: watch.description ?? '' }
  }

  #publishScore (game: GameIdentity, player: number): void {
    const readings = [...this.#readings.values()].filter((r) => r.watch.role === 'score' && (r.watch.player ?? 1) === player)
    const parts: ScorePart[] = []
    for (const reading of readings) {
      const part = this.#part(reading)
      // One undecodable part (a blank digit while the game redraws) would make the sum wrong: wait for the next read.
      if (part === null) return
      const weight = reading.watch.weight ?? 1
      parts.push({ ...part, Weight: weight, Contribution: part.Value * weight })
    }
    this.#options.board.score(memorySource, game, player, parts)
  }

  #publishTimer (game: GameIdentity, watch: WatchType): void {
    const reading = this.#readings.get(watch.key)
    const part = reading === undefined ? null : this.#part(reading)
    if (part === null) return
    this.#options.board.timer(memorySource, game, {
      SourceKey: watch.key,
      Player: watch.player ?? 1,
      Value: part.Value,
      MaxValue: watch.max ?? null,
      Direction: watch.direction ?? 'down',
      Unit: watch.unit ?? 'seconds',
      Part: part
    })
  }
}
