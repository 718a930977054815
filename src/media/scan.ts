/**
 * Walks the media sources and lists every file that holds a known kind for a game or a system.
 * Directory reads and stats go through a `ScanDisk` (see scan-disk.ts), several at once: the
 * folders of the next game folders are read while the walk looks at earlier ones, and the stats
 * of the next candidate files are in flight while it waits for an earlier one; files are listed
 * in the order a sequential walk finds them (see `#add`).
 */
import type { Dirent, Stats } from 'node:fs'
import path from 'node:path'
import type { CatalogGame } from '../library/index.js'
import { mediaSystemId } from '../identity/index.js'
import type { GameAliases } from './identity.js'
import { downloadedMediaKinds, gamelistTagKinds, hasMediaExtension, kindOfStorePath, type Scope } from './kinds.js'
import { isInsideRoots, mediaRoots, type RootFolders } from './roots.js'
import { readAhead, ScanDisk } from './scan-disk.js'
import { storeBases, type StoreFolders } from './store-folders.js'
import { themeSpots } from './themes.js'

/** Where a file came from, best first: the user's overrides, the store, the gamelist, ES-DE's folder, the ES theme. */
export const origins = ['user', 'local', 'emulationstation', 'downloaded', 'emulationstation-theme'] as const
export type Origin = typeof origins[number]

/** One file that holds a kind of a game (slug) or of a system (slug ''). */
export interface MediaFile {
  readonly file: string
  readonly system: string
  readonly slug: string
  readonly kind: string
  readonly role: string | null
  readonly origin: Origin
  readonly rank: number
  readonly size: number
  readonly mtimeMs: number
}

/** Where a scan puts the files it finds (an array will do), in the order of a walk that looks at one file after the other. */
export interface FoundFiles {
  push (file: MediaFile): void
}

export interface MediaSources extends RootFolders {
  /** The themes whose system logos and backgrounds stand in for missing system media, best first. */
  readonly themes: readonly string[]
  /** Games of every gamelist, with the frontend system they belong to. */
  readonly games: () => Iterable<CatalogGame>
  /** Frontend ids of the systems the frontend knows: only these are looked for in the themes. */
  readonly systems: () => Iterable<string>
}

const gamelistTags = Object.entries(gamelistTagKinds)

/** A segment that is empty, `.` or `..`: path.resolve has work to do. */
const unplainSegment = /(?:^|\/)\.{0,2}(?:\/|$)/

/**
 * `path.resolve(dir, value)`, without its cost for the usual `./images/x.png` under an absolute
 * folder: a big library's gamelists name 100,000 files, and path.resolve took a tenth of a second
 * and 20 MB of garbage for them.
 */
function resolveIn (dir: string, value: string): string {
  if (!value.startsWith('./') || !path.isAbsolute(dir) || dir.endsWith(path.sep)) return path.resolve(dir, value)
  const rest = value.slice(2)
  if (unplainSegment.test(rest)) return path.resolve(dir, value)
  return `${dir}${path.sep}${path.sep === '/' ? rest : rest.replaceAll('/', path.sep)}`
}

/** A folder as a first look read it: the names (see nameKey) of its regular files and of its links. */
interface FolderListing {
  readonly files: ReadonlySet<string>
  readonly links: ReadonlySet<string>
  readonly inside: boolean
}

/** The file systems of Windows and macOS ignore case: a gamelist may name a file in another case. */
const nameKey = process.platform === 'win32' || process.platform === 'darwin' ? (name: string): string => name.toLowerCase() : (name: string): string => name

export interface ScanOptions {
  /** The alias tables, as loaded by the scan's caller before it (they are read once per scan). */
  readonly aliases: GameAliases
  /**
   * A first look, for a first start without an index: the store's system folders but not its game
   * folders, and each file a gamelist names found in its folder's listing (one read for thousands
   * of files) rather than looked at one by one, its size and time left at 0. The full scan that
   * follows takes up what it left.
   */
  readonly firstLook?: boolean
  /** Ends the scan (it rejects) at its next turn of the loop: a stop need not wait for a scan of 150,000 files. */
  readonly signal?: AbortSignal
}

/** Stats of candidate files in flight at once: enough to keep the thread pool busy, few enough not to crowd out the stats of served requests. */
const statsInFlight = 64
/** Game folders read ahead of the walk: their listings come back while it looks at the ones before. */
const gamesAhead = 32

type Owner = (relative: string) => { scope: Scope, slug: string } | null

/** A folder's entries, with the listings of the sub-folders a walk goes into. */
interface Listed {
  readonly entries: readonly Dirent[]
  readonly folders: ReadonlyMap<string, Listed>
}

const childOf = (relative: string, name: string): string => relative === '' ? name : `${relative}/${name}`

/** Everything under a game's folder is that game's. */
const gameOwner = (slug: string): Owner => () => ({ scope: 'game', slug })

export class MediaScan {
  readonly #sources: MediaSources
  /** Resolved afresh by every scan and every look: a root created since the last one counts at once. */
  readonly #roots: Promise<string[]>
  readonly #aliases: GameAliases
  #found: FoundFiles = []
  /** Candidate files being looked at, in the order they were met; `#flush` lists them in that order. */
  #pending: Array<Promise<MediaFile | null>> = []
  readonly #disk: ScanDisk
  readonly #foldersInside = new Map<string, Promise<boolean>>()
  readonly #themeFolders = new Map<string, ReadonlyMap<string, string[]>>()
  readonly #firstLook: boolean
  readonly #listings = new Map<string, FolderListing>()

  constructor (sources: MediaSources, options: ScanOptions) {
    this.#sources = sources
    this.#firstLook = options.firstLook === true
    this.#disk = new ScanDisk({ signal: options.signal })
    this.#roots = mediaRoots(sources)
    this.#aliases = options.aliases
  }

  async run (): Promise<MediaFile[]> {
    const files: MediaFile[] = []
    await this.runInto(files)
    return files
  }

  /** The scan, each file handed on as it is found rather than all of them kept: see FirstLook. */
  async runInto (found: FoundFiles): Promise<void> {
    this.#found = found
    for (const [base, origin] of storeBases(this.#sources.mediaRoot)) {
      for (const system of await this.#subFolders(base)) {
        if (this.#firstLook) await this.#storeSystem(path.join(base, system), system.toLowerCase(), origin)
        else await this.#store(path.join(base, system), system.toLowerCase(), origin)
      }
    }
    await this.#gamelists()
    await this.#downloaded()
    await this.#themes()
    await this.#flush()
  }

  /**
   * The store files (user and canonical store) of one system (slug '') or game: a look at a few
   * folders, for the entry on screen between two full scans.
   */
  async storeOf (system: string, slug: string, folders: StoreFolders): Promise<MediaFile[]> {
    const files: MediaFile[] = []
    this.#found = files
    for (const [base, origin] of storeBases(this.#sources.mediaRoot)) {
      // find() follows links; a linked folder counts only where a full scan would take it too.
      const systemDir = await folders.find(base, system)
      if (systemDir === null || !await this.#folderInsideRoots(systemDir)) continue
      if (slug === '') {
        await this.#storeSystem(systemDir, system, origin)
        continue
      }
      const gameDir = await folders.find(path.join(systemDir, 'games'), slug)
      if (gameDir !== null && await this.#folderInsideRoots(gameDir)) await this.#storeGame(gameDir, system, slug, origin)
    }
    await this.#flush()
    return files
  }

  async #store (systemDir: string, system: string, origin: Origin): Promise<void> {
    await this.#storeSystem(systemDir, system, origin)
    const gamesDir = path.join(systemDir, 'games')
    const games = (await this.#subFolders(gamesDir)).map((name) => ({ dir: path.join(gamesDir, name), owner: gameOwner(name.toLowerCase()) }))
    for await (const [game, listed] of readAhead(games, async (game) => this.#read(game.dir, '', game.owner), gamesAhead)) {
      await this.#walk(game.dir, listed, '', game.owner, system, origin)
    }
  }

  /**
   * Names of the system or game folders in `dir`: real folders, and links to folders inside the
   * roots. A link leaving the roots is skipped like a linked file that does: what it holds could
   * be indexed but never served, and would hide a servable file of the same kind.
   */
  async #subFolders (dir: string): Promise<string[]> {
    const names: string[] = []
    for (const d of await this.#disk.list(dir)) {
      const folder = path.join(dir, d.name)
      if (d.isDirectory() || (d.isSymbolicLink() && await this.#folderInsideRoots(folder) && await this.#isFolder(folder))) names.push(d.name)
    }
    return names
  }

  async #storeSystem (systemDir: string, system: string, origin: Origin): Promise<void> {
    await this.#readAndWalk(systemDir, (relative) => relative.startsWith('games/') ? null : { scope: 'system', slug: '' }, system, origin)
  }

  async #storeGame (gameDir: string, system: string, slug: string, origin: Origin): Promise<void> {
    await this.#readAndWalk(gameDir, gameOwner(slug), system, origin)
  }

  async #readAndWalk (dir: string, owner: Owner, system: string, origin: Origin): Promise<void> {
    await this.#walk(dir, await this.#read(dir, '', owner), '', owner, system, origin)
  }

  /** A folder and the sub-folders the owner takes, the listings of each level read at once. */
  async #read (dir: string, relative: string, owner: Owner): Promise<Listed> {
    const entries = await this.#disk.list(dir)
    const folders = entries.filter((entry) => entry.isDirectory() && owner(childOf(relative, entry.name)) !== null)
    const listed = await Promise.all(folders.map(async ({ name }) => [name, await this.#read(path.join(dir, name), childOf(relative, name), owner)] as const))
    return { entries, folders: new Map(listed) }
  }

  /** Files in the order of a walk that lists one folder after the other, sub-folders where their names sort. */
  async #walk (dir: string, listed: Listed, relative: string, owner: Owner, system: string, origin: Origin): Promise<void> {
    await this.#disk.turn()
    for (const entry of listed.entries) {
      const childRelative = childOf(relative, entry.name)
      const file = path.join(dir, entry.name)
      const who = owner(childRelative)
      if (who === null) continue
      const folder = listed.folders.get(entry.name)
      if (folder !== undefined) {
        await this.#walk(file, folder, childRelative, owner, system, origin)
        continue
      }
      const match = kindOfStorePath(childRelative, who.scope)
      if (match === null) continue
      await this.#add(file, { system, slug: who.slug, kind: match.kind, role: match.role, origin, rank: match.rank }, false)
    }
  }

  async #gamelists (): Promise<void> {
    const root = this.#sources.romsRoot
    const systems = new Map<string, string>()
    for (const game of this.#sources.games()) {
      let system = systems.get(game.systemId)
      if (system === undefined) systems.set(game.systemId, system = mediaSystemId(game.systemId))
      const slug = this.#aliases.slug(system, { romPath: game.romPath, name: game.fields.name })
      const systemDir = root === null ? path.dirname(game.romPath) : path.join(root, game.systemId)
      for (const [tag, kind] of gamelistTags) {
        const value = game.fields[tag] ?? game.extras[tag]
        if (value === undefined || value.trim() === '' || /^https?:\/\//i.test(value)) continue
        const turn = this.#disk.turn()
        if (turn !== undefined) await turn
        const file = resolveIn(systemDir, value.trim().replace(/\\/g, '/'))
        const identity = { system, slug, kind, role: null, origin: 'emulationstation' as const, rank: 0 }
        if (!this.#firstLook || await this.#firstLookAt(file, identity) === 'look-closer') await this.#add(file, identity, true)
      }
    }
  }

  async #downloaded (): Promise<void> {
    const root = this.#sources.downloadedMediaDir
    if (root === null) return
    for (const systemDir of (await this.#disk.list(root)).filter((d) => d.isDirectory())) {
      const system = mediaSystemId(systemDir.name)
      for (const [folder, kind] of Object.entries(downloadedMediaKinds)) {
        await this.#disk.turn()
        for (const entry of await this.#disk.list(path.join(root, systemDir.name, folder))) {
          if (!hasMediaExtension(entry.name)) continue
          const slug = this.#aliases.slug(system, { romPath: entry.name })
          await this.#add(path.join(root, systemDir.name, folder, entry.name), { system, slug, kind, role: null, origin: 'downloaded', rank: 0 }, false)
        }
      }
    }
  }

  /** Every file at every spot is listed with its spot's rank, so a file refused here leaves the next spot to win. */
  async #themes (): Promise<void> {
    const { themes, themeRoots } = this.#sources
    const installed: string[] = []
    for (const dir of themes.flatMap((theme) => themeRoots.map((root) => path.join(root, theme)))) {
      if ((await this.#disk.list(dir)).length > 0) installed.push(dir)
    }
    if (installed.length === 0) return
    for (const esSystem of new Set([...this.#sources.systems()].map((id) => id.toLowerCase()))) {
      const system = mediaSystemId(esSystem)
      for (const [rank, spot] of themeSpots(installed, esSystem, system).entries()) {
        await this.#disk.turn()
        for (const name of (await this.#themeFolder(spot.folder)).get(spot.stem) ?? []) {
          await this.#add(path.join(spot.folder, name), { system, slug: '', kind: spot.kind, role: null, origin: 'emulationstation-theme', rank }, true)
        }
      }
    }
  }

  /** File names of a theme folder by lower-case stem, read once a scan: every system looks in the same few folders. */
  async #themeFolder (folder: string): Promise<ReadonlyMap<string, string[]>> {
    let byStem = this.#themeFolders.get(folder)
    if (byStem === undefined) {
      const names = new Map<string, string[]>()
      for (const { name } of await this.#disk.list(folder)) {
        const dot = name.lastIndexOf('.')
        if (dot <= 0) continue
        const stem = name.slice(0, dot).toLowerCase()
        names.set(stem, [...names.get(stem) ?? [], name])
      }
      this.#themeFolders.set(folder, byStem = names)
    }
    return byStem
  }

  /**
   * Queues a look at a candidate file; once `statsInFlight` looks are queued, waits for the oldest
   * and lists what it found, so looks are listed in the order they were queued, which is the order
   * of a walk that looks at one file after the other, and the thread pool always has the next ones.
   */
  async #add (file: string, identity: Omit<MediaFile, 'file' | 'size' | 'mtimeMs'>, folderMayBeOutside: boolean): Promise<void> {
    if (!hasMediaExtension(file)) return
    this.#pending.push(this.#lookAt(file, identity, folderMayBeOutside))
    if (this.#pending.length < statsInFlight) return
    const found = await this.#pending.shift()!
    if (found !== null) this.#found.push(found)
  }

  async #flush (): Promise<void> {
    const looks = this.#pending
    this.#pending = []
    for (const found of await Promise.all(looks)) if (found !== null) this.#found.push(found)
  }

  /**
   * The file when it exists, is a file, and really lies inside the roots: a symbolic link is
   * followed to its target, and a file named by a gamelist, or in a theme folder (its own path
   * may cross a linked folder), may sit in any folder at all.
   */
  async #lookAt (file: string, identity: Omit<MediaFile, 'file' | 'size' | 'mtimeMs'>, folderMayBeOutside: boolean): Promise<MediaFile | null> {
    let stats: Stats
    try {
      stats = await this.#disk.lstat(file)
      if (stats.isSymbolicLink()) {
        if (!await isInsideRoots(file, await this.#roots)) return null
        stats = await this.#disk.stat(file)
      } else if (folderMayBeOutside && !await this.#folderInsideRoots(path.dirname(file))) return null
    } catch {
      return null // gone or unreadable: not media
    }
    if (!stats.isFile()) return null
    // Every field spelled out: a spread leaves 5 of the 9 outside the object, 60 bytes more for each of 150,000 files.
    const { system, slug, kind, role, origin, rank } = identity
    return { file, system, slug, kind, role, origin, rank, size: stats.size, mtimeMs: stats.mtimeMs }
  }

  /**
   * First look: lists a file a gamelist names when it is a regular file in its folder's listing;
   * a file the listing lacks is not there (nor is one in a folder outside the roots), and a link
   * is for a closer look, as a full scan takes it. Thousands of files share a folder: its listing
   * and whether it lies inside the roots are read once.
   */
  async #firstLookAt (file: string, identity: Omit<MediaFile, 'file' | 'size' | 'mtimeMs'>): Promise<'listed' | 'not-media' | 'look-closer'> {
    const folder = path.dirname(file)
    const listing = this.#listings.get(folder) ?? await this.#readListing(folder)
    const name = nameKey(path.basename(file))
    if (listing.links.has(name)) return 'look-closer'
    if (!listing.inside || !listing.files.has(name) || !hasMediaExtension(file)) return 'not-media'
    // Listed after the looks queued before it, as a walk that looks at one file after the other would.
    if (this.#pending.length > 0) await this.#flush()
    const { system, slug, kind, role, origin, rank } = identity
    this.#found.push({ file, system, slug, kind, role, origin, rank, size: 0, mtimeMs: 0 })
    return 'listed'
  }

  async #readListing (folder: string): Promise<FolderListing> {
    const entries = await this.#disk.list(folder)
    const names = (keep: (entry: Dirent) => boolean): Set<string> => new Set(entries.filter(keep).map((e) => nameKey(e.name)))
    const listing = { files: names((e) => e.isFile()), links: names((e) => e.isSymbolicLink()), inside: await this.#folderInsideRoots(folder) }
    this.#listings.set(folder, listing)
    return listing
  }

  async #isFolder (file: string): Promise<boolean> {
    try {
      return (await this.#disk.stat(file)).isDirectory()
    } catch {
      return false
    }
  }

  /** Resolved once per folder: thousands of files named by one gamelist share a handful of folders. */
  async #folderInsideRoots (folder: string): Promise<boolean> {
    let inside = this.#foldersInside.get(folder)
    if (inside === undefined) this.#foldersInside.set(folder, inside = this.#roots.then((roots) => isInsideRoots(folder, roots)))
    return inside
  }
}
