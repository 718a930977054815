/**
 * The sink the service hands one source: its reports become events named after the source,
 * live score and timer, and the running content the service follows to pick a watch definition.
 * Every source reports through the same code, so a new source publishes exactly what cabemu and
 * multiemu publish for the same reports.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { ContentEndReason, GameSourceSink, OutputSession, RunningContent, SessionEndReason } from '../game-source.js'
import type { Reporting } from '../live/live-board.js'
import type { MemoryWatcher } from '../watches/memory-watcher.js'
import type { ReadRange } from '../watches/read-plan.js'
import { OutputEvents } from './output-events.js'

/** The service's side of content reports: it follows the running content. */
interface ContentFollower {
  started (content: RunningContent): void
  stopped (content: RunningContent, reason: ContentEndReason): void
}

export interface SourceSinkDeps extends Reporting {
  readonly logger: FastifyBaseLogger
  readonly watcher: MemoryWatcher
  readonly content: ContentFollower
}

export class SourceSink implements GameSourceSink {
  readonly #sourceId: string
  readonly #deps: SourceSinkDeps
  readonly #outputs: OutputEvents
  /** `<definition file>@<address>` already warned about: a refused read repeats at the poll rate. */
  readonly #refusedReads = new Set<string>()

  constructor (sourceId: string, deps: SourceSinkDeps) {
    this.#sourceId = sourceId
    this.#deps = deps
    this.#outputs = new OutputEvents(sourceId, deps)
  }

  sessionStarted (session: OutputSession): void {
    this.#outputs.sessionStarted(session)
  }

  sessionStopped (session: OutputSession, reason: SessionEndReason): void {
    this.#outputs.sessionStopped(session, reason)
  }

  outputChanged (session: OutputSession, key: string, value: number): void {
    this.#outputs.outputChanged(session, key, value)
  }

  contentStarted (content: RunningContent): void {
    this.#deps.logger.info(`${this.#sourceId}: content ${content.contentName} (${content.systemId}) started`)
    this.#deps.publish(`${this.#sourceId}.content.started`, { SystemId: content.systemId, ContentName: content.contentName, Crc32: content.crc32 })
    this.#deps.content.started(content)
  }

  contentStopped (content: RunningContent, reason: ContentEndReason): void {
    this.#deps.logger.info(`${this.#sourceId}: content ${content.contentName} stopped (${reason === 'stopped' ? 'closed by the emulator' : 'the emulator stopped answering'})`)
    this.#deps.publish(`${this.#sourceId}.content.stopped`, { SystemId: content.systemId, ContentName: content.contentName, Crc32: content.crc32, Reason: reason })
    this.#deps.content.stopped(content, reason)
  }

  memoryRead (range: ReadRange, bytes: Uint8Array): void {
    this.#deps.watcher.read(this.#sourceId, range, bytes)
  }

  memoryRefused (range: ReadRange, error: string): void {
    const key = `${this.#deps.watcher.definition?.file ?? ''}@${range.address}`
    if (!this.#refusedReads.has(key)) this.#deps.logger.warn(`the emulator refused to read ${range.length} bytes at 0x${range.address.toString(16)}: ${error}`)
    this.#refusedReads.add(key)
  }
}
