/**
 * The playable games of a system: gamelist entries whose rom file (or folder) exists, once per
 * rom. A system of 50,000 games would cost 50,000 stats per request; instead each rom folder is
 * listed once and the answer is kept until the gamelist is read again or a rom folder changes
 * (adding, removing or renaming a file changes its folder's modification time).
 */
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import type { CatalogGame, LibraryCatalog } from '../library/catalog.js'
import { romStem } from './identity.js'

export interface PlayableGames {
  /** In gamelist order. */
  readonly games: readonly CatalogGame[]
  /** By rom stem and by rom file name, lower case. */
  readonly byRom: ReadonlyMap<string, CatalogGame>
}

interface Cached extends PlayableGames {
  readonly gamelist: readonly CatalogGame[]
  readonly folders: ReadonlyMap<string, number>
}

function folderTime (folder: string): number {
  try {
    return statSync(folder).mtimeMs
  } catch {
    return -1
  }
}

function listFolder (folder: string): ReadonlySet<string> {
  try {
    return new Set(readdirSync(folder))
  } catch {
    return new Set()
  }
}

export class PlayableGamesCache {
  readonly #catalog: LibraryCatalog
  readonly #cache = new Map<string, Cached>()

  constructor (catalog: LibraryCatalog) {
    this.#catalog = catalog
  }

  of (systemId: string): PlayableGames {
    const gamelist = this.#catalog.gamesOf(systemId)
    const cached = this.#cache.get(systemId)
    if (cached !== undefined && cached.gamelist === gamelist && [...cached.folders].every(([folder, time]) => folderTime(folder) === time)) return cached
    const fresh = this.#compute(gamelist)
    this.#cache.set(systemId, fresh)
    return fresh
  }

  #compute (gamelist: readonly CatalogGame[]): Cached {
    const folders = new Map<string, number>()
    const listings = new Map<string, ReadonlySet<string>>()
    const games: CatalogGame[] = []
    const byRom = new Map<string, CatalogGame>()
    const stems = new Set<string>()
    for (const game of gamelist) {
      const folder = path.dirname(game.romPath)
      let listing = listings.get(folder)
      if (listing === undefined) {
        // The time is taken before the listing, so a change made in between is seen next time.
        folders.set(folder, folderTime(folder))
        listings.set(folder, listing = listFolder(folder))
      }
      const stem = romStem(game.romPath).toLowerCase()
      if (stems.has(stem) || !listing.has(path.basename(game.romPath))) continue
      stems.add(stem)
      games.push(game)
      for (const key of [stem, path.basename(game.romPath).toLowerCase()]) if (!byRom.has(key)) byRom.set(key, game)
    }
    return { gamelist, folders, games, byRom }
  }
}
