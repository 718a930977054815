/**
 * Custom collections as EmulationStation reads them: `<config>/collections/custom-<name>.cfg`, one
 * rom path per line, replaced whole so the frontend never reads half a list. Sources: the
 * gamelists' favorites, the hiscore tables the player stands on, or a romset filter.
 */
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Publisher } from '../core/event-bus.js'
import { HubError } from '../core/errors.js'
import type { HiscoreGames } from '../hiscores/index.js'
import type { CatalogGame, LibraryCatalog } from '../library/index.js'
import { writeFileAtomic } from '../core/storage/atomic-file.js'
import type { ThemesEvents } from './events.js'
import { filterGames } from './romset-filter.js'
import type { CollectionRequest, CollectionSource } from './schemas.js'

export interface CustomCollectionsDeps {
  /** The frontend's config folder; null when none is configured. */
  readonly esConfigDir: string | null
  readonly catalog: LibraryCatalog
  readonly hiscores: HiscoreGames
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

  async write (request: CollectionRequest): Promise<WrittenCollection> {
    const { esConfigDir, publisher } = this.#deps
    const { name, from } = request
    if (esConfigDir === null) throw new HubError(409, 'NO_FRONTEND_CONFIG', 'No frontend config folder is configured; set --frontend-root or --es-config-dir')
    const romPaths = listable(this.#games(request), this.#deps.logger)
    const file = path.join(esConfigDir, 'collections', `custom-${name}.cfg`)
    await writeFileAtomic(file, romPaths.map((romPath) => `${romPath}\n`).join(''), { durable: true })
    publisher.publish('collections.updated', { Name: name, From: from, Path: file, Games: romPaths.length })
    return { name, from, file, games: romPaths.length }
  }

  #games (request: CollectionRequest): CatalogGame[] {
    switch (request.from) {
      case 'favorites': return this.#favorites()
      case 'hiscores-me': return this.#hiscoresOfMe()
      case 'romset-filter': return filterGames(this.#deps.catalog, request)
    }
  }

  /** Games marked favorite in the gamelists, system by system in file order. */
  #favorites (): CatalogGame[] {
    const { catalog } = this.#deps
    return catalog.gamelistSystems().flatMap((systemId) => catalog.gamesOf(systemId)).filter((game) => game.fields.favorite === 'true')
  }

  /** Games of the gamelists on whose hiscore table the player at the cabinet stands (tables name games by rom stem). */
  #hiscoresOfMe (): CatalogGame[] {
    const { catalog, hiscores } = this.#deps
    return hiscores.gamesOfMe().flatMap(({ system, rom }) => catalog.gamesOf(system).filter((game) => path.parse(game.romPath).name === rom))
  }
}

/** The rom paths a collection file can hold: a line break would split a path into two entries. */
function listable (games: readonly CatalogGame[], logger: FastifyBaseLogger): string[] {
  const romPaths = games.map((game) => game.romPath)
  const unlisted = romPaths.filter((romPath) => /[\r\n]/.test(romPath))
  if (unlisted.length > 0) logger.warn(`${unlisted.length} rom path(s) contain a line break and cannot be listed in a collection`)
  return romPaths.filter((romPath) => !unlisted.includes(romPath))
}
