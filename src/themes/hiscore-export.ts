/**
 * Keeps each game's hiscore lines in step with its table, in every target (the themes'
 * `.hiscore/<system>/<rom>.xml`, the archive copy, the `.gameinfos` block): rewritten whenever
 * the hiscores module tells of a table with scores, removed when it tells of one without. A table
 * the decoder failed on (`error`) leaves the last files in place, and a game without a table
 * (`not_found`) has none to remove.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Publisher } from '../core/event-bus.js'
import type { HiscoreFacts } from '../hiscores/index.js'
import type { ThemesEvents } from './events.js'
import { restoreMissing, type HiscoreTarget } from './hiscore-targets.js'
import { hiscoreLineCount, type HiscoreLine } from './hiscore-xml.js'
import { isPlainName } from '../identity/index.js'

type HiscoreTable = HiscoreFacts['TableChanged']

export interface HiscoreExportDeps {
  /** The themes' `.hiscore` files; null when the frontend has no themes folder configured. */
  readonly themeFiles: HiscoreTarget & { readonly kind: string } | null
  /** The service's own copy, kept whether or not there is a themes folder. */
  readonly archive: { readonly root: string, readonly target: HiscoreTarget }
  readonly gameinfos: HiscoreTarget | null
  readonly publisher: Publisher<ThemesEvents>
  readonly logger: FastifyBaseLogger
}

export class HiscoreThemeExport {
  readonly #deps: HiscoreExportDeps
  readonly #targets: readonly HiscoreTarget[]
  /** Writes one after another, so a quick second table cannot be overtaken by the first. */
  #queue: Promise<void> = Promise.resolve()

  constructor (deps: HiscoreExportDeps) {
    this.#deps = deps
    this.#targets = [deps.themeFiles, deps.archive.target, deps.gameinfos].filter((target) => target !== null)
  }

  /** Queues the export of a table the hiscores module told of. */
  readonly tableChanged = (table: HiscoreTable): void => {
    this.#enqueue(() => this.export(table))
  }

  /** Puts back the `.hiscore` files a reinstalled themes folder lost, from the archive. */
  restore (): void {
    const { themeFiles, archive, publisher } = this.#deps
    if (themeFiles === null) return
    this.#enqueue(async () => {
      for (const { system, rom, file, xml } of await restoreMissing(archive.root, themeFiles)) {
        publisher.publish('theme.exported', { Kind: themeFiles.kind, System: system, Rom: rom, Path: file, Removed: false, Lines: hiscoreLineCount(xml) })
      }
    })
  }

  /** Resolves once every export queued so far is on disk. */
  async settled (): Promise<void> {
    await this.#queue
  }

  async export (table: HiscoreTable): Promise<void> {
    const { publisher, logger } = this.#deps
    // A failed decode leaves the last files. A game with no table (`not_found`) never had one in
    // this data dir (tables are never deleted), so none of its files were written: the players
    // scrolling through such games cost no file calls here.
    if (table.status === 'error' || table.status === 'not_found') return
    if (!isPlainName(table.system) || !isPlainName(table.rom)) {
      logger.warn({ system: table.system, rom: table.rom }, 'hiscore table not exported: its system or rom is not a file name')
      return
    }
    const lines: HiscoreLine[] = table.scores.map(({ rank, name, score }) => ({ Rank: rank, Name: name, Score: score }))
    const removed = lines.length === 0
    const changed: Array<{ kind: string, file: string }> = []
    for (const target of this.#targets) {
      const file = target.fileOf(table.system, table.rom)
      // One target failing (a read-only theme folder) does not keep the others behind.
      const done = await (removed ? target.remove(file) : target.write(file, lines)).catch((error: unknown) => {
        logger.warn({ err: error, file }, 'hiscore export failed')
        return false
      })
      if (done && target.kind !== null) changed.push({ kind: target.kind, file })
    }
    // Announced once every target is done: a listener reading any of the files finds them all current.
    for (const { kind, file } of changed) {
      publisher.publish('theme.exported', { Kind: kind, System: table.system, Rom: table.rom, Path: file, Removed: removed, Lines: lines.length })
    }
  }

  #enqueue (work: () => Promise<void>): void {
    this.#queue = this.#queue.then(work).catch((error: unknown) => {
      this.#deps.logger.warn({ err: error }, 'hiscore theme export failed')
    })
  }
}
