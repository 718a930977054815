/**
 * The playable games of a system: gamelist entries whose rom file (or folder) exists, once per
 * rom. A system of 50,000 games would cost 50,000 stats per request; instead each rom folder is
 * listed once and the answer is kept until the gamelist is read again or a rom folder changes
 * (adding, removing or renaming a file changes its folder's modification time).
 */
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { loopTurns } from '../core/loop-turns.js'
import type { CatalogGame, LibraryCatalog } from '../library/index.js'
import { romFileName, romStem } from '../identity/index.js'

export interface PlayableGame {
  readonly game: CatalogGame
  readonly rom: string
  /** Name and rom stem in lower case, what a search looks in. */
  readonly searchText: string
}

export interface PlayableGames {
  /** In gamelist order. */
  readonly games: readonly PlayableGame[]
  /** By rom stem and by rom file name, lower case. */
  readonly byRom: ReadonlyMap<string, PlayableGame>
}

interface Cached extends PlayableGames {
  readonly gamelist: readonly CatalogGame[]
  readonly folders: ReadonlyMap<string, number>
}

async function folderTime (folder: string): Promise<number> {
  try {
    return (await stat(folder)).mtimeMs
  } catch {
    return -1
  }
}

async function listFolder (folder: string): Promise<ReadonlySet<string>> {
  try {
    return new Set(await readdir(folder))
  } catch {
    return new Set()
  }
}

/** true when every folder still has the modification time it had when it was listed. */
async function unchanged (folders: ReadonlyMap<string, number>): Promise<boolean> {
  const times = await Promise.all([...folders.keys()].map(folderTime))
  return [...folders.values()].every((time, i) => times[i] === time)
}

export class PlayableGamesCache {
  readonly #catalog: LibraryCatalog
  readonly #cache = new Map<string, Cached>()
  /** Requests that arrive while a system is being worked out share that work. */
  readonly #computing = new Map<string, Promise<Cached>>()

  constructor (catalog: LibraryCatalog) {
    this.#catalog = catalog
  }

  async of (systemId: string): Promise<PlayableGames> {
    const gamelist = this.#catalog.gamesOf(systemId)
    const cached = this.#cache.get(systemId)
    if (cached !== undefined && cached.gamelist === gamelist && await unchanged(cached.folders)) return cached
    let computing = this.#computing.get(systemId)
    if (computing === undefined) {
      computing = this.#compute(gamelist).finally(() => this.#computing.delete(systemId))
      this.#computing.set(systemId, computing)
    }
    const fresh = await computing
    this.#cache.set(systemId, fresh)
    return fresh
  }

  async #compute (gamelist: readonly CatalogGame[]): Promise<Cached> {
    const turn = loopTurns(2000)
    const folders = new Map<string, number>()
    const listings = new Map<string, ReadonlySet<string>>()
    const games: PlayableGame[] = []
    const byRom = new Map<string, PlayableGame>()
    // Once per rom stem; kept apart from byRom, whose file-name keys could match another rom's stem.
    const stems = new Set<string>()
    for (const game of gamelist) {
      await turn()
      const folder = path.dirname(game.romPath)
      let listing = listings.get(folder)
      if (listing === undefined) {
        // The time is taken before the listing, so a change made in between is seen next time.
        folders.set(folder, await folderTime(folder))
        listings.set(folder, listing = await listFolder(folder))
      }
      const fileName = romFileName(game.romPath)
      const rom = romStem(game.romPath)
      const stem = rom.toLowerCase()
      if (stems.has(stem) || !listing.has(fileName)) continue
      stems.add(stem)
      const playable = { game, rom, searchText: `${(game.fields.name ?? '').toLowerCase()}\n${stem}` }
      games.push(playable)
      for (const key of [stem, fileName.toLowerCase()]) if (!byRom.has(key)) byRom.set(key, playable)
    }
    return { gamelist, folders, games, byRom }
  }
}
