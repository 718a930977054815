/**
 * The library catalog: systems from es_systems.cfg (and the ES web API when it answers) and games
 * from every `roms/<system>/gamelist.xml`, in memory, keyed by system and rom path. A gamelist is
 * re-read when its modification time or size changes.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { fileSignature } from '../core/folder-watch.js'
import { parseEsSystems, type SystemInfo } from './es-systems.js'
import { parseGamelist, type GamelistEntry } from './gamelist.js'

export interface CatalogGame extends GamelistEntry {
  readonly systemId: string
}

export interface LibraryCatalogOptions {
  readonly romsRoot: string | null
  readonly esConfigDir: string | null
  readonly logger: FastifyBaseLogger
}

/** Canonical media URLs (kind -> URL) of a game, as the media module resolves them. */
export type GameMediaProjector = (systemId: string, romPath: string, name: string | undefined) => ReadonlyMap<string, string>

interface LoadedGamelist {
  readonly signature: string
  readonly games: ReadonlyMap<string, CatalogGame>
}

/** Rom paths compare with forward slashes and without case (ES on Windows is case-insensitive). */
export function romKey (romPath: string): string {
  return romPath.trim().replace(/\\/g, '/').toLowerCase()
}

export class LibraryCatalog {
  readonly #options: LibraryCatalogOptions
  #configSystems: SystemInfo[] = []
  #apiSystems: SystemInfo[] = []
  readonly #gamelists = new Map<string, LoadedGamelist>()
  readonly #badGamelists = new Set<string>()
  /** Set while the Local Media Manager runs: details then carry canonical media URLs instead of raw gamelist paths. */
  mediaProjector: GameMediaProjector | null = null

  constructor (options: LibraryCatalogOptions) {
    this.#options = options
  }

  /** Reads es_systems.cfg and every gamelist. */
  load (): void {
    this.#configSystems = this.#readEsSystems()
    this.refreshGamelists()
  }

  /** Systems the ES web API listed; they add to (never replace) what es_systems.cfg says. */
  setApiSystems (systems: readonly SystemInfo[]): void {
    this.#apiSystems = [...systems]
  }

  /** Re-reads the gamelists whose file changed; returns the systems that were re-read. */
  refreshGamelists (): string[] {
    const root = this.#options.romsRoot
    if (root === null) return []
    const changed: string[] = []
    const present = new Set<string>()
    for (const systemId of this.#systemFolders(root)) {
      const file = path.join(root, systemId, 'gamelist.xml')
      const signature = fileSignature(file)
      if (signature === null) continue
      present.add(systemId)
      if (this.#gamelists.get(systemId)?.signature === signature) continue
      this.#gamelists.set(systemId, { signature, games: this.#readGamelist(systemId, file) })
      changed.push(systemId)
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
    const fileName = path.posix.basename(key)
    for (const game of this.#gamelists.get(systemId)?.games.values() ?? []) {
      if (path.posix.basename(romKey(game.romPath)) === fileName) return game
    }
    return null
  }

  /** Systems that have a readable gamelist. */
  gamelistSystems (): string[] {
    return [...this.#gamelists.keys()]
  }

  /** The games of one system's gamelist, in file order. */
  gamesOf (systemId: string): CatalogGame[] {
    return [...this.#gamelists.get(systemId)?.games.values() ?? []]
  }

  /** Every game of every gamelist. */
  * allGames (): Iterable<CatalogGame> {
    for (const list of this.#gamelists.values()) yield * list.games.values()
  }

  counts (): { systems: number, games: number } {
    let games = 0
    for (const list of this.#gamelists.values()) games += list.games.size
    return { systems: this.systemIds().length, games }
  }

  #systemFolders (root: string): string[] {
    try {
      return readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
    } catch {
      return []
    }
  }

  #readEsSystems (): SystemInfo[] {
    const dir = this.#options.esConfigDir
    if (dir === null) return []
    const file = path.join(dir, 'es_systems.cfg')
    try {
      return parseEsSystems(readFileSync(file, 'utf8'))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.#options.logger.warn(`${file} cannot be read (${(error as Error).message.split('\n')[0]}); systems come from the roms folders`)
      return []
    }
  }

  #readGamelist (systemId: string, file: string): Map<string, CatalogGame> {
    const games = new Map<string, CatalogGame>()
    try {
      for (const entry of parseGamelist(readFileSync(file, 'utf8'), path.dirname(file))) games.set(romKey(entry.romPath), { ...entry, systemId })
      this.#badGamelists.delete(file)
    } catch (error) {
      // One line per broken file, not one per poll.
      if (!this.#badGamelists.has(file)) this.#options.logger.warn(`${file} is not readable XML (${(error as Error).message.split('\n')[0]}); its games are unknown until it is fixed`)
      this.#badGamelists.add(file)
    }
    return games
  }
}
