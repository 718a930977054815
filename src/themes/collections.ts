/**
 * Custom collections as EmulationStation reads them: `<config>/collections/custom-<name>.cfg`, one
 * rom path per line, replaced whole so the frontend never reads half a list.
 */
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Publisher } from '../core/event-bus.js'
import { HubError } from '../core/errors.js'
import type { LibraryCatalog } from '../library/index.js'
import { writeFileAtomic } from './atomic-file.js'
import type { ThemesEvents } from './events.js'

export type CollectionSource = 'favorites'

export interface CustomCollectionsDeps {
  /** The frontend's config folder; null when none is configured. */
  readonly esConfigDir: string | null
  readonly catalog: LibraryCatalog
  readonly publisher: Publisher<ThemesEvents>
  readonly logger: FastifyBaseLogger
}

export interface WrittenCollection {
  readonly name: string
  readonly from: CollectionSource
  readonly file: string
  readonly games: number
}

export class CustomCollections {
  readonly #deps: CustomCollectionsDeps

  constructor (deps: CustomCollectionsDeps) {
    this.#deps = deps
  }

  async write (name: string, from: CollectionSource): Promise<WrittenCollection> {
    const { esConfigDir, publisher } = this.#deps
    if (esConfigDir === null) throw new HubError(409, 'NO_FRONTEND_CONFIG', 'No frontend config folder is configured; set --frontend-root or --es-config-dir')
    const romPaths = this.#favorites()
    const file = path.join(esConfigDir, 'collections', `custom-${name}.cfg`)
    await writeFileAtomic(file, romPaths.map((romPath) => `${romPath}\n`).join(''))
    publisher.publish('collections.updated', { Name: name, From: from, Path: file, Games: romPaths.length })
    return { name, from, file, games: romPaths.length }
  }

  /** Games marked favorite in the gamelists, system by system in file order. */
  #favorites (): string[] {
    const { catalog, logger } = this.#deps
    const favorites = catalog.gamelistSystems().flatMap((systemId) => catalog.gamesOf(systemId)).filter((game) => game.fields.favorite === 'true')
    // A line break would split the path into two entries of the list.
    const unlisted = favorites.filter((game) => /[\r\n]/.test(game.romPath))
    if (unlisted.length > 0) logger.warn(`${unlisted.length} favorite rom path(s) contain a line break and cannot be listed in a collection`)
    return favorites.filter((game) => !unlisted.includes(game)).map((game) => game.romPath)
  }
}
