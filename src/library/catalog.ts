/**
 * The library catalog: systems from the frontend's systems file (es_systems.cfg on EmulationStation,
 * and its web API when it answers) and games from every system's gamelist, in memory, keyed by
 * system and rom path; the frontend family says where they are and how they read (its adapter's
 * formats). A gamelist is re-read when its file changes; until the new read is complete, and
 * when the new text is broken (say, half written), readers keep seeing the games read before. A
 * restart takes unchanged gamelists back from their snapshots (snapshots.ts) instead of their XML.
 */
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { fileSignature } from '../core/folder-watch/file-signature.js'
import { loopTurns } from '../core/loop-turns.js'
import { romFileName } from '../identity/index.js'
import { readFirstSystemsFile, type FrontendFormats, type GamelistEntry, type SystemInfo } from '../frontends/index.js'
import type { GamelistSnapshots, SavedGamelist } from './snapshots.js'

export interface CatalogGame extends GamelistEntry {
  readonly systemId: string
}

export interface LibraryCatalogOptions {
  /** Holds one folder per system. */
  readonly romsRoot: string | null
  /** Where the frontend keeps its list of systems (es_systems.cfg), the first one found read; empty when it has none. */
  readonly systemsFiles: readonly string[]
  /** Where the frontend keeps a system's gamelist. */
  readonly gamelistFile: (systemId: string) => string | null
  /** How the frontend's gamelists and systems file read, and how it names a game. */
  readonly formats: FrontendFormats
  readonly logger: FastifyBaseLogger
  /** Where gamelists just read are saved, and taken back from at the next start; none in tests that need no restart. */
  readonly snapshots?: GamelistSnapshots
}

interface IndexedGamelist {
  /** By rom key. */
  readonly games: ReadonlyMap<string, CatalogGame>
  /** In file order; the same array until the gamelist is read again. */
  readonly ordered: readonly CatalogGame[]
  /** By the rom's file name, lower case: the frontend sometimes names a rom by another path. */
  readonly byFileName: ReadonlyMap<string, CatalogGame>
}

interface LoadedGamelist {
  readonly signature: string
  readonly count: number
  /** Null while the games are still in their snapshot. */
  indexed: IndexedGamelist | null
  /** Its snapshot's bytes, held until its games are indexed. */
  saved: SavedGamelist | null
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
  readonly #saving = new Set<Promise<void>>()
  /** Snapshots of gamelists read during the start, written once it is over (they would hold it up); null after. */
  #heldSaves: Array<() => void> | null = []

  constructor (options: LibraryCatalogOptions) {
    this.#options = options
  }

  /** Reads the systems file and every gamelist. */
  async load (): Promise<void> {
    this.#configSystems = await this.#readSystemsFile()
    await this.refreshGamelists()
  }

  /** Systems the frontend's web API listed; they add to (never replace) what the systems file says. */
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
      const known = this.#gamelists.get(systemId)
      if (known?.signature === signature) continue
      const saved = known === undefined ? await this.#options.snapshots?.find(file, signature) ?? null : null
      if (saved !== null) {
        this.#gamelists.set(systemId, { signature, count: saved.count, indexed: null, saved })
        changed.push(systemId)
        continue
      }
      const entries = await this.#readGamelist(file, path.join(root, systemId))
      // A broken file keeps the games read before, and is tried again once it changes.
      const games = entries === null ? (known === undefined ? await indexed(systemId, []) : this.#indexOf(systemId, known)) : await indexed(systemId, entries)
      this.#gamelists.set(systemId, { signature, count: games.games.size, indexed: games, saved: null })
      if (entries !== null) {
        changed.push(systemId)
        this.#save(file, signature, entries)
      }
    }
    for (const systemId of [...this.#gamelists.keys()]) {
      if (!present.has(systemId)) {
        this.#gamelists.delete(systemId)
        const file = this.#options.gamelistFile(systemId)
        if (file !== null) this.#track(this.#options.snapshots?.forget(file))
        changed.push(systemId)
      }
    }
    return changed
  }

  /**
   * Once the service is ready: writes the snapshots of the gamelists the start read, then takes
   * back, a system at a time with turns of the loop between, the games still held in snapshots,
   * so that no reader has to wait for them later.
   */
  async settle (): Promise<void> {
    this.#writeHeldSaves()
    for (const [systemId, list] of this.#gamelists) {
      if (list.indexed !== null || list.saved === null) continue
      const entries = await list.saved.entries().catch((error: unknown) => this.#lost(systemId, list, error))
      const games = await indexed(systemId, entries)
      // A reader may have needed them meanwhile, or the gamelist may have been read again.
      if (this.#gamelists.get(systemId) === list) list.indexed ??= games
      list.saved = null
    }
  }

  /** Resolves once the snapshots still to write are on disk. */
  async close (): Promise<void> {
    this.#writeHeldSaves()
    await Promise.all([...this.#saving])
  }

  #save (file: string, signature: string, entries: readonly GamelistEntry[]): void {
    const save = (): void => { this.#track(this.#options.snapshots?.save(file, signature, entries)) }
    if (this.#heldSaves === null) save()
    else this.#heldSaves.push(save)
  }

  #writeHeldSaves (): void {
    const held = this.#heldSaves ?? []
    this.#heldSaves = null
    for (const save of held) save()
  }

  #track (work: Promise<void> | undefined): void {
    if (work === undefined) return
    this.#saving.add(work)
    void work.finally(() => this.#saving.delete(work))
  }

  /** A gamelist's games; those still in their snapshot are decoded now (from memory), for a reader that cannot wait. */
  #indexOf (systemId: string, list: LoadedGamelist): IndexedGamelist {
    if (list.indexed !== null) return list.indexed
    let entries: readonly GamelistEntry[]
    try {
      entries = list.saved?.entriesNow() ?? []
    } catch (error) {
      entries = this.#lost(systemId, list, error)
    }
    list.indexed = indexNow(systemId, entries)
    list.saved = null
    return list.indexed
  }

  /** A snapshot that could not be taken back: its system has no games until its XML is read again, at once. */
  #lost (systemId: string, list: LoadedGamelist, error: unknown): GamelistEntry[] {
    this.#options.logger.warn(`${systemId}: ${(error as Error).message}; its gamelist is read again`)
    if (this.#gamelists.get(systemId) === list) this.#gamelists.set(systemId, { signature: '', count: 0, indexed: indexNow(systemId, []), saved: null })
    void this.refreshGamelists()
    return []
  }

  #list (systemId: string): IndexedGamelist | undefined {
    const list = this.#gamelists.get(systemId)
    return list === undefined ? undefined : this.#indexOf(systemId, list)
  }

  * #lists (): Iterable<IndexedGamelist> {
    for (const [systemId, list] of this.#gamelists) yield this.#indexOf(systemId, list)
  }

  /** The system with the fields of the systems file over those of the web API. */
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
    const own = systemId === null ? undefined : this.#list(systemId)
    const hit = own?.games.get(key)
    if (hit !== undefined) return hit
    for (const list of this.#lists()) {
      const elsewhere = list.games.get(key)
      if (elsewhere !== undefined) return elsewhere
    }
    return own?.byFileName.get(romFileName(key)) ?? null
  }

  /** The frontend's id of the game at this path (`GameId`), from its gamelist entry (`game`), or without one when no gamelist lists it. */
  gameId (gamePath: string, game: CatalogGame | null): string {
    return this.#options.formats.gameId(gamePath, game?.fields ?? {})
  }

  /** Systems that have a readable gamelist. */
  gamelistSystems (): string[] {
    return [...this.#gamelists.keys()]
  }

  /** The games of one system's gamelist, in file order: the same array until the gamelist is read again. */
  gamesOf (systemId: string): readonly CatalogGame[] {
    return this.#list(systemId)?.ordered ?? []
  }

  /** Every game of every gamelist. */
  * allGames (): Iterable<CatalogGame> {
    for (const list of this.#lists()) yield * list.games.values()
  }

  /** Gamelists that could not be read the last time they changed, and why. */
  unreadableGamelists (): Array<{ file: string, error: string }> {
    return [...this.#badGamelists].map(([file, error]) => ({ file, error }))
  }

  counts (): { systems: number, games: number } {
    let games = 0
    for (const list of this.#gamelists.values()) games += list.count
    return { systems: this.systemIds().length, games }
  }

  async #readSystemsFile (): Promise<SystemInfo[]> {
    try {
      return (await readFirstSystemsFile(this.#options.systemsFiles, this.#options.formats))?.systems ?? []
    } catch (error) {
      this.#options.logger.warn(`${(error as Error).message}; systems come from the roms folders`)
      return []
    }
  }

  async #readGamelist (file: string, romFolder: string): Promise<GamelistEntry[] | null> {
    try {
      const entries = await this.#options.formats.readGamelist(file, romFolder)
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

/** A gamelist's games by key; a rom listed twice takes the later entry, as in the frontend. */
class GamelistIndexer {
  readonly #byKey = new Map<string, CatalogGame>()
  readonly #byFileName = new Map<string, CatalogGame>()
  readonly #systemId: string

  constructor (systemId: string) {
    this.#systemId = systemId
  }

  add ({ romPath, fields, extras }: GamelistEntry): void {
    // Spelled out: `{ ...entry, systemId }` gave every one of 50,000 games a hidden class of its own (200 bytes each).
    const game: CatalogGame = { romPath, fields, extras, systemId: this.#systemId }
    const key = romKey(romPath)
    this.#byKey.set(key, game)
    this.#byFileName.set(romFileName(key), game)
  }

  indexed (): IndexedGamelist {
    return { games: this.#byKey, byFileName: this.#byFileName, ordered: [...this.#byKey.values()] }
  }
}

/** Indexes a gamelist's games; 50,000 of them take a while, so the loop gets turns. */
async function indexed (systemId: string, entries: readonly GamelistEntry[]): Promise<IndexedGamelist> {
  const turn = loopTurns(2000)
  const indexer = new GamelistIndexer(systemId)
  for (const entry of entries) {
    indexer.add(entry)
    await turn()
  }
  return indexer.indexed()
}

function indexNow (systemId: string, entries: readonly GamelistEntry[]): IndexedGamelist {
  const indexer = new GamelistIndexer(systemId)
  for (const entry of entries) indexer.add(entry)
  return indexer.indexed()
}
