/**
 * The stream table (spec §4.3), assembled from the rows the modules declare. Routing,
 * `GET /api/v1/ws/streams` and the AsyncAPI channels are all derived from it, so they cannot disagree.
 */
import type { LatestValuesRule } from './ws/latest-values.js'

export interface StreamDefinition {
  readonly name: string
  readonly description: string
  readonly prefixes: readonly string[]
  /** Exact event types delivered besides the prefixes. */
  readonly extraTypes: readonly string[]
  readonly aliases: readonly string[]
  /** Types of which a client gets the latest values at its rate rather than every change (the venue's outputs). */
  readonly latestValues?: LatestValuesRule
}

/** Events a module declares that ride another row (themes' `theme.` on /ws/panel): declared by the module that owns the events. */
export interface StreamJoin {
  /** The row's name. */
  readonly stream: string
  readonly prefixes?: readonly string[]
  readonly types?: readonly string[]
}

/** The rows with every join added to its row, after the row's own prefixes and types. */
export function joinRows (rows: readonly StreamDefinition[], joins: ReadonlyArray<{ readonly module: string, readonly join: StreamJoin }>): StreamDefinition[] {
  return rows.map((row) => {
    const own = joins.filter(({ join }) => join.stream === row.name).map(({ join }) => join)
    return own.length === 0 ? row : { ...row, prefixes: [...row.prefixes, ...own.flatMap((j) => j.prefixes ?? [])], extraTypes: [...row.extraTypes, ...own.flatMap((j) => j.types ?? [])] }
  })
}

/** Every join names a row of the build. */
export function checkJoins (rows: readonly StreamDefinition[], joins: ReadonlyArray<{ readonly module: string, readonly join: StreamJoin }>): void {
  for (const { module, join } of joins) {
    if (!rows.some((row) => row.name === join.stream)) throw new Error(`module ${module} joins the stream ${join.stream}, which no module declares`)
  }
}

export const FIREHOSE = '(global)'
export const firehosePath = '/ws'
export const firehoseNote = 'Delivers every event except esevent.* (raw EmulationStation hook traffic).'
const firehoseNames = new Set(['', 'ws', 'global', 'firehose', 'all'])

/** The service's own stream; every domain stream is declared by the module that owns it. */
export const systemStream: StreamDefinition = {
  name: 'system',
  description: 'Service-level events: startup, health, version, config, maintenance, notifications.',
  prefixes: ['startup.', 'health.', 'version.', 'hub.', 'config.', 'maintenance.', 'rules.'],
  extraTypes: [],
  aliases: []
}

export interface ResolvedStream {
  /** Canonical stream name, FIREHOSE, or the normalized unknown name. */
  readonly name: string
  readonly known: boolean
}

export function streamIncludes (stream: StreamDefinition, type: string): boolean {
  const lower = type.toLowerCase()
  return stream.extraTypes.includes(lower) || stream.prefixes.some((p) => lower.startsWith(p))
}

export function firehoseIncludes (type: string): boolean {
  return !type.toLowerCase().startsWith('esevent.')
}

/** The streams of a build, gathered from the modules that declare them. */
export class StreamTable {
  readonly definitions: readonly StreamDefinition[]
  readonly #byName = new Map<string, StreamDefinition>()

  constructor (definitions: readonly StreamDefinition[]) {
    this.definitions = definitions
    for (const stream of definitions) {
      for (const name of [stream.name, ...stream.aliases]) {
        if (this.#byName.has(name) || firehoseNames.has(name)) throw new Error(`stream name ${name} is declared twice`)
        this.#byName.set(name, stream)
      }
    }
  }

  /** Maps the `<name>` of `/ws/<name>` to its stream: case and surrounding slashes are ignored, aliases resolve. */
  resolve (requested: string): ResolvedStream {
    const normalized = requested.trim().replace(/^\/+|\/+$/g, '').toLowerCase()
    if (firehoseNames.has(normalized)) return { name: FIREHOSE, known: true }
    const stream = this.#byName.get(normalized)
    return stream === undefined ? { name: normalized, known: false } : { name: stream.name, known: true }
  }

  /** The row's latest-values rule; null for the firehose, an unknown name or a row without one. */
  latestValuesOf (name: string): LatestValuesRule | null {
    return this.#byName.get(name)?.latestValues ?? null
  }

  /** Every stream (firehose first) that delivers an event type. */
  streamsFor (type: string): string[] {
    const names = firehoseIncludes(type) ? [FIREHOSE] : []
    for (const stream of this.definitions) if (streamIncludes(stream, type)) names.push(stream.name)
    return names
  }
}
