/**
 * The emulator source seam. Anything that tells the hub what a running game does (an emulator's
 * network outputs, its running content, its memory) is a GameSource: the service starts, stops
 * and reports the sources it is given and hands each one a sink, so it never knows which sources
 * exist. A new kind of source (a MAME plugin bridge, an achievements host) is a folder with its
 * GameSource and its `defineSourceKind`, plus one line in `source-kinds.ts`.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { EventDefinition } from '../core/events/definition.js'
import type { ConfigOf, OptionTable } from '../core/options.js'
import type { ReadRange } from './watches/read-plan.js'

/** A machine running on an arcade emulator, as its outputs name it. */
export interface OutputSession {
  /** `''` for outputs received before the emulator named its machine. */
  readonly machineName: string
  /** Where the source reads the outputs (the output server port); events carry it. */
  readonly port: number
}

/** `stopped`: the emulator said so; `disconnected`: the connection dropped mid-session. */
export type SessionEndReason = 'stopped' | 'disconnected'

/** Content (a game) running on a multi-system emulator, as the emulator names it. */
export interface RunningContent {
  readonly systemId: string
  readonly contentName: string
  readonly crc32: string
}

/** `stopped`: the emulator closed the content; `unreachable`: it stopped answering. */
export type ContentEndReason = 'stopped' | 'unreachable'

/**
 * What a source reports; the service turns reports into events and live score and timer. Each
 * source gets its own sink, so the events name the source (`<id>.output.changed` ...). Reports
 * are synchronous and taken in order: the order of calls is the order of the events.
 */
export interface GameSourceSink {
  sessionStarted (session: OutputSession): void
  sessionStopped (session: OutputSession, reason: SessionEndReason): void
  /** One output changed. Every change is reported, in order: outputs are never deduplicated. */
  outputChanged (session: OutputSession, key: string, value: number): void
  contentStarted (content: RunningContent): void
  contentStopped (content: RunningContent, reason: ContentEndReason): void
  /** The bytes of one range of the read plan (see GameSource.setReadPlan). */
  memoryRead (range: ReadRange, bytes: Uint8Array): void
  /** The emulator refused to read a range of the plan (logged once per definition and address). */
  memoryRefused (range: ReadRange, error: string): void
}

/**
 * Where a source's status sits under `sources` in the in-game status: alone under `key`, or as
 * one entry of the list under `key` (the cabemu instances share `sources.cabemu`).
 */
export interface StatusSlot {
  readonly key: string
  readonly list: boolean
}

export interface GameSource {
  /** Stable name: the prefix of the source's own events and their `Source` field (`cabemu2`). */
  readonly id: string
  readonly statusSlot: StatusSlot
  /** Starts following the emulator; a source its options switch off stays idle and says so in its status. */
  start (sink: GameSourceSink): Promise<void>
  /** Stops at once; nothing is reported after it returns. */
  stop (): void
  /** A plain JSON object, shown in `GET /api/v1/ingame/status` and `GET /api/v1/status`. */
  status (): Readonly<Record<string, unknown>>
  /**
   * Only for sources that can read emulator memory: the ranges to read for the watch definition
   * in use, replaced whenever the running game or its definition changes (empty: read nothing).
   */
  setReadPlan? (plan: readonly ReadRange[]): void
}

/**
 * A kind of game source, in a folder of its own: the options it reads, the events its sources'
 * ids name, and the sources the config asks for. Registered with one line in `source-kinds.ts`.
 */
export interface GameSourceKind<O extends OptionTable> {
  readonly options: O
  readonly events: readonly EventDefinition[]
  /** `dataDir`, `servicePort`: the service's data dir (where a source's emulator plugin should read from) and port (which plugins are its own). */
  sources (context: { readonly config: ConfigOf<O>, readonly dataDir: string, readonly servicePort: number, readonly logger: FastifyBaseLogger }): GameSource[]
}

export function defineSourceKind<const O extends OptionTable> (kind: GameSourceKind<O>): GameSourceKind<O> {
  return kind
}

export function sameContent (a: RunningContent | null, b: RunningContent | null): boolean {
  return a?.systemId === b?.systemId && a?.contentName === b?.contentName && a?.crc32 === b?.crc32
}

/** The `sources` object of the in-game status, each source's status in its slot, in source order. */
export function statusOfSources (sources: readonly GameSource[]): Record<string, unknown> {
  const slots: Record<string, unknown> = {}
  const lists = new Map<string, unknown[]>()
  for (const source of sources) {
    const { key, list } = source.statusSlot
    if (!list) {
      slots[key] = source.status()
      continue
    }
    const entries = lists.get(key) ?? []
    entries.push(source.status())
    lists.set(key, entries)
    slots[key] = entries
  }
  return slots
}
