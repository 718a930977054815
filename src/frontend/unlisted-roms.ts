/**
 * Rom files the frontend shows without a gamelist entry: ES and ES-DE list every file with one of
 * its system's extensions, named by its stem, gamelist or not. Counted once the service is ready
 * and after each gamelist change: the frontend itself finds new files only when it starts or
 * reloads its games, which rewrites a gamelist.
 */
import path from 'node:path'
import { listRomFiles, type FrontendInstall } from '../frontends/index.js'
import type { LibraryCatalog } from '../library/index.js'

export class UnlistedRoms {
  #count = 0

  constructor (private readonly install: FrontendInstall, private readonly catalog: LibraryCatalog) {}

  get count (): number {
    return this.#count
  }

  async recount (): Promise<void> {
    const files = await listRomFiles(this.install)
    this.#count = files.filter((file) => this.catalog.game(path.basename(path.dirname(file)), file) === null).length
  }
}

/** The status' catalog: `games` counts what the frontend shows, `listedGames` those of them with a gamelist entry. */
export function catalogStatus<Unreadable> (listed: { readonly systems: number, readonly games: number }, unlisted: number, unreadableGamelists: Unreadable) {
  return { systems: listed.systems, games: listed.games + unlisted, listedGames: listed.games, unreadableGamelists }
}
