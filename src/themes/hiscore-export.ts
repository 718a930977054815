/**
 * Keeps `<themes>/.hiscore/<system>/<rom>.xml` in step with each hiscore table: rewritten whenever
 * `hiscore.updated` brings a table with scores, removed when it brings one without. A table the
 * decoder failed on (`error`) leaves the last file in place.
 */
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { PublishedEvent, Publisher } from '../core/event-bus.js'
import { removeFile, writeFileAtomic } from './atomic-file.js'
import type { ThemesEvents } from './events.js'
import { hiscoreThemeXml, type HiscoreLine } from './hiscore-xml.js'

interface HiscoreTable {
  readonly System: string
  readonly Rom: string
  readonly Status: string
  readonly Scores: readonly HiscoreLine[]
}

export interface HiscoreExportDeps {
  /** The themes folder; null when the frontend has none configured (nothing is exported then). */
  readonly themesDir: string | null
  readonly publisher: Publisher<ThemesEvents>
  readonly logger: FastifyBaseLogger
}

/** A system id or rom stem usable as one path segment. */
function isSegment (name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !/[/\\\0]/.test(name)
}

export class HiscoreThemeExport {
  readonly #deps: HiscoreExportDeps
  /** Writes one after another, so a quick second table cannot be overtaken by the first. */
  #queue: Promise<void> = Promise.resolve()

  constructor (deps: HiscoreExportDeps) {
    this.#deps = deps
  }

  /** The bus listener: queues the export of every hiscore table. */
  readonly onEvent = ({ envelope }: PublishedEvent): void => {
    if (envelope.Type !== 'hiscore.updated') return
    const table = envelope.Payload as unknown as HiscoreTable
    this.#queue = this.#queue.then(() => this.export(table)).catch((error: unknown) => {
      this.#deps.logger.warn({ err: error, system: table.System, rom: table.Rom }, 'hiscore theme export failed')
    })
  }

  /** Resolves once every export queued so far is on disk. */
  async settled (): Promise<void> {
    await this.#queue
  }

  async export (table: HiscoreTable): Promise<void> {
    const { themesDir, publisher, logger } = this.#deps
    if (themesDir === null || table.Status === 'error') return
    if (!isSegment(table.System) || !isSegment(table.Rom)) {
      logger.warn({ system: table.System, rom: table.Rom }, 'hiscore table not exported: its system or rom is not a file name')
      return
    }
    const file = path.join(themesDir, '.hiscore', table.System, `${table.Rom}.xml`)
    const base = { Kind: 'hiscore', System: table.System, Rom: table.Rom, Path: file }
    if (table.Scores.length === 0) {
      if (await removeFile(file)) publisher.publish('theme.exported', { ...base, Removed: true, Lines: 0 })
      return
    }
    await writeFileAtomic(file, hiscoreThemeXml(table.Scores))
    publisher.publish('theme.exported', { ...base, Removed: false, Lines: table.Scores.length })
  }
}
