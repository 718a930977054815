/**
 * The library catalog: systems from es_systems.cfg (and the ES web API when it answers) and games
 * from every `roms/<system>/gamelist.xml`, in memory, keyed by system and rom path. A gamelist is
 * re-read (streamed, see gamelist.ts) when its file changes; until the new read is complete, and
 * when the new text is broken (say, half written), readers keep seeing the games read before.
 */
import { readFileSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { fileSignature } from '../core/folder-watch/watch-changes.js'
import { loopTurns } from '../core/loop-turns.js'
import { romFileName } from '../identity/index.js'
import { parseEsSystems, type SystemInfo } from './es-systems.js'
import { readGamelist, type GamelistEntry } from './gamelist.js'

export interface CatalogGame extends GamelistEntry {
  readonly systemId: string
}

export interface LibraryCatalogOptions {
  /** Holds one folder per system. */
  readonly romsRoot: string | null
  /** The frontend's list of systems (es_systems.cfg), null when it has none. */
  readonly systemsFile: string | null
  /** Where the frontend keeps a system's gamelist. */
  readonly gamelistFile: (systemId: string) => string | null
  readonly logger: FastifyBaseLogger
}

interface LoadedGamelist {
  readonly signature: string
  /** By rom key. */
  readonly games: ReadonlyMap<string, CatalogGame>
  /** In file order; the same array until the gamelist is read again. */
  readonly ordered: readonly CatalogGame[]
  /** By the rom's file name, lower case: the frontend sometimes names a rom by another path. */
  readonly byFileName: ReadonlyMap<string, CatalogGame>
}

/** Rom paths compare with forward slashes and without case (ES on Windows is case-insensitive). */
export function romKey (romPath: string): string {
  return romPath.trim().replace(/\\/g, '/').toLowerCase()
}

/** The system folders under the roms folder; none when it cannot be read. */
async function systemFolders (root: string): Promise<string[]> {
  return readdir(root, { withFileTypes: true }).then((entries) => entries.filter((d) => d.isDirectory()).map((d) => d.name), () => [])
}

export class LibraryCatalog {
  readonly #options: LibraryCatalogOptions
  #configSystems: SystemInfo[] = []
  #apiSystems: SystemInfo[] = []
  readonly #gamelists = new Map<string, LoadedGamelist>()
  /** Gamelist file -> why it cannot be read, until it can. */
  readonly #badGamelists = new Map<string, string>()
  #refreshing: Promise<string[]> | null = null
  #refreshAgain: Promise<string[]> | null = null

  constructor (options: LibraryCatalogOptions) {
    this.#options = options
  }

  /** Reads es_systems.cfg and every gamelist. */
  async load (): Promise<void> {
    this.#configSystems = this.#readEsSystems()
    await this.refreshGamelists()
  }

  /** Systems the ES web API listed; they add to (never replace) what es_systems.cfg says. */
  setApiSystems (systems: readonly SystemInfo[]): void {
    this.#apiSystems = [...systems]
  }

  /**
   * Re-reads the gamelists whose file changed; resolves to the systems that were re-read. A call
   * during a refresh gets one more refresh after it (files may have changed since it looked), and
   * every call made meanwhile shares that one.
   */
  refreshGamelists (): Promise<string[]> {
    if (this.#refreshing === null) {
      this.#refreshing = this.#refresh().finally(() => { this.#refreshing = null })
      return this.#refreshing
    }
    const again = async (): Promise<string[]> => {
      this.#refreshAgain = null
      return this.refreshGamelists()
    }
    this.#refreshAgain ??= this.#refreshing.then(again, again)
    return this.#refreshAgain
  }

  async #refresh (): Promise<string[]> {
    const root = this.#options.romsRoot
    if (root === null) return []
    const changed: string[] = []
    const present = new Set<string>()
    for (const systemId of await systemFolders(root)) {
      const file = this.#options.gamelistFile(systemId)
      const signature = file === null ? null : await fileSignature(file)
      if (file === null || signature === null) continue
      present.add(systemId)
      if (this.#gamelists.get(systemId)?.signature === signature) continue
      const entries = await this.#readGamelist(file, path.join(root, systemId))
      // A broken file keeps the games read before, and is tried again once it changes.
      const games = entries === null ? this.#gamelists.get(systemId) ?? await indexed(systemId, []) : await indexed(systemId, entries)
      this.#gamelists.set(systemId, { ...games, signature })
      if (entries !== null) changed.push(systemId)
    }
    for (const systemId of [...this.#gamelists.keys()]) {
      if (!present.has(systemId)) {
        this.#gamelists.delete(systemId)
        changed.push(systemId)
      }
    }
    return changed
  }

  /** The system with the fields of es_systems.cfg over those of the ES web API. */
  system (systemId: string): SystemInfo | null {
    const wanted = systemId.toLowerCase()
    const fromApi = this.#apiSystems.find((s) => s.name.toLowerCase() === wanted)
    const fromConfig = this.#configSystems.find((s) => s.name.toLowerCase() === wanted)
    if (fromApi === undefined && fromConfig === undefined) return this.#gamelists.has(systemId) ? { name: systemId } : null
    return { ...fromApi, ...fromConfig } as SystemInfo
  }

  systemIds (): string[] {
    return [...new Set([...this.#configSystems, ...this.#apiSystems].map((s) => s.name).concat([...this.#gamelists.keys()]))]
  }

  /** The game by its rom path, in the given system first, then anywhere; falls back to the file name within the system. */
  game (systemId: string | null, romPath: string): CatalogGame | null {
    const key = romKey(romPath)
    const lists = systemId === null ? [...this.#gamelists.values()] : [this.#gamelists.get(systemId), ...this.#gamelists.values()]
    for (const list of lists) {
      const hit = list?.games.get(key)
      if (hit !== undefined) return hit
    }
    if (systemId === null) return null
    return this.#gamelists.get(systemId)?.byFileName.get(romFileName(key)) ?? null
  }

  /** Systems that have a readable gamelist. */
  gamelistSystems (): string[] {
    return [...this.#gamelists.keys()]
  }

  /** The games of one system's gamelist, in file order: the same array until the gamelist is read again. */
  gamesOf (systemId: string): readonly CatalogGame[] {
    return this.#gamelists.get(systemId)?.ordered ?? []
  }

  /** Every game of every gamelist. */
  * allGames (): Iterable<CatalogGame> {
    for (const list of this.#gamelists.values()) yield * list.games.values()
  }

  /** Gamelists that could not be read the last time they changed, and why. */
  unreadableGamelists (): Array<{ file: string, error: string }> {
    return [...this.#badGamelists].map(([file, error]) => ({ file, error }))
  }

  counts (): { systems: number, games: number } {
    let games = 0
    for (const list of this.#gamelists.values()) games += list.games.size
    return { systems: this.systemIds().length, games }
  }

  #readEsSystems (): SystemInfo[] {
    const file = this.#options.systemsFile
    if (file === null) return []
    try {
      return parseEsSystems(readFileSync(file, 'utf8'))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.#options.logger.warn(`${file} cannot be read (${(error as Error).message.split('\n')[0]}); systems come from the roms folders`)
      return []
    }
  }

  async #readGamelist (file: string, romFolder: string): Promise<GamelistEntry[] | null> {
    try {
      const entries = await readGamelist(file, romFolder)
      this.#badGamelists.delete(file)
      return entries
    } catch (error) {
      const reason = (error as Error).message.split('\n')[0]!
      // One line per broken file, not one per poll.
      if (!this.#badGamelists.has(file)) this.#options.logger.warn(`${file} is not readable XML (${reason}); the games read from it before stay until it is fixed`)
      this.#badGamelists.set(file, reason)
      return null
    }
  }
}

/** Indexes a gamelist's games (50,000 of them take a while: the loop gets turns); a rom listed twice takes the later entry, as in the frontend. */
async function indexed (systemId: string, entries: readonly GamelistEntry[]): Promise<Omit<LoadedGamelist, 'signature'>> {
  const turn = loopTurns(2000)
  const byKey = new Map<string, CatalogGame>()
  const byFileName = new Map<string, CatalogGame>()
  for (const { romPath, fields, extras } of entries) {
    // Spelled out: `{ ...entry, systemId }` gave every one of 50,000 games a hidden class of its own (200 bytes each).
    const game: CatalogGame = { romPath, fields, extras, systemId }
    const key = romKey(game.romPath)
    byKey.set(key, game)
    byFileName.set(romFileName(key), game)
    await turn()
  }
  return { games: byKey, byFileName, ordered: [...byKey.values()] }
}
