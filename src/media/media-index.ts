/**
 * The canonical media index: for every game and system, the one file that holds each kind, and
 * the canonical URL it is served under.
 *
 * Sized for a 150,000-file library: the index lives in SQLite and is read entry by entry (an entry
 * is a game or a system: a few rows under the table's key, read in microseconds), so at rest it
 * costs no memory, and a warm start serves the persisted index at once, before any scan. The
 * assets of an entry (its best file per kind, with URL strings) are worked out from its few files
 * when asked for. Only the counts are kept in memory.
 */
import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { loopTurns } from '../core/loop-turns.js'
import type { HubDatabase, HubStatement } from '../core/storage/database.js'
import type { FirstLook } from './first-look.js'
import { layoutOf, mediaExtensions } from './kinds.js'
import { origins, type MediaFile, type Origin } from './scan.js'

const mediaUrlPrefix = '/api/v1/media/'

/** A file as the index resolved it for one kind of one entry. */
export interface MediaAsset extends MediaFile {
  /** `/api/v1/media/systems/<system>/games/<slug>/<layout>.<ext>` */
  readonly url: string
  readonly fileName: string
  readonly extension: string
}

export interface IndexChange {
  readonly added: MediaAsset[]
  readonly removed: MediaAsset[]
}

const entryKey = (system: string, slug: string): string => `${system}|${slug}`
const entryKeyOf = (file: MediaFile): string => entryKey(file.system, file.slug)

function extensionOf (file: string): string {
  return path.extname(file).slice(1).toLowerCase()
}

function better (a: MediaFile, b: MediaFile): boolean {
  const order = origins.indexOf(a.origin) - origins.indexOf(b.origin) || a.rank - b.rank ||
    mediaExtensions.indexOf(extensionOf(a.file)) - mediaExtensions.indexOf(extensionOf(b.file))
  return order !== 0 ? order < 0 : a.file.toLowerCase() < b.file.toLowerCase()
}

/** The tail of an asset's URL after its entry: `<layout>.<ext>`. */
const assetTail = (file: MediaFile): string => `${layoutOf(file.kind)}.${extensionOf(file.file)}`

function toAsset (file: MediaFile): MediaAsset {
  const owner = file.slug === '' ? `systems/${file.system}` : `systems/${file.system}/games/${file.slug}`
  return { ...file, url: `${mediaUrlPrefix}${owner}/${assetTail(file)}`, fileName: path.basename(file.file), extension: extensionOf(file.file) }
}

const sameFile = (a: MediaFile, b: MediaFile): boolean => a.file === b.file && a.size === b.size && a.mtimeMs === b.mtimeMs && a.kind === b.kind && a.slug === b.slug && a.system === b.system
/** A row is rewritten when anything it holds changed, even what no asset shows. */
const sameRow = (a: MediaFile, b: MediaFile): boolean => sameFile(a, b) && a.role === b.role && a.origin === b.origin && a.rank === b.rank

const urlKey = (asset: MediaAsset): string => asset.url.toLowerCase()
const byUrlKey = (assets: Iterable<MediaAsset>): Map<string, MediaAsset> => new Map([...assets].map((a) => [urlKey(a), a]))

/** The best file of each kind among an entry's files. */
function bestFiles (files: readonly MediaFile[]): Map<string, MediaFile> {
  const best = new Map<string, MediaFile>()
  for (const file of files) {
    const current = best.get(file.kind)
    if (current === undefined || better(file, current)) best.set(file.kind, file)
  }
  return best
}

/** The asset of each kind an entry's files hold. */
function assetsOf (files: readonly MediaFile[]): Map<string, MediaAsset> {
  return new Map([...bestFiles(files)].map(([kind, file]) => [kind, toAsset(file)]))
}

const kindCount = (files: readonly MediaFile[]): number => new Set(files.map((f) => f.kind)).size

type EntryFiles = readonly [before: readonly MediaFile[], after: readonly MediaFile[]]

/**
 * What came and went between two versions of some entries (a changed file under the same URL
 * counts as added). Worked out when first read: a change nobody reads costs nothing.
 */
class EntryChanges implements IndexChange {
  readonly #entries: readonly EntryFiles[]
  #change: IndexChange | null = null

  constructor (entries: readonly EntryFiles[]) {
    this.#entries = entries
  }

  get added (): MediaAsset[] {
    return this.#worked().added
  }

  get removed (): MediaAsset[] {
    return this.#worked().removed
  }

  #worked (): IndexChange {
    if (this.#change !== null) return this.#change
    const added: MediaAsset[] = []
    const removed: MediaAsset[] = []
    for (const [beforeFiles, afterFiles] of this.#entries) {
      const before = byUrlKey(assetsOf(beforeFiles).values())
      const after = byUrlKey(assetsOf(afterFiles).values())
      for (const asset of after.values()) {
        const old = before.get(urlKey(asset))
        if (old === undefined || !sameFile(old, asset)) added.push(asset)
      }
      for (const [key, asset] of before) if (!after.has(key)) removed.push(asset)
    }
    return (this.#change = { added, removed })
  }
}

/** Rows read, or written, between two loop turns. */
const pageRows = 2000

const columns = 'system, slug, file, kind, role, origin, rank, size, mtime_ms'
type Row = [system: string, slug: string, file: string, kind: string, role: string | null, origin: string, rank: number, size: number, mtimeMs: number]

const fileOf = ([system, slug, file, kind, role, origin, rank, size, mtimeMs]: Row): MediaFile => ({ file, system, slug, kind, role, origin: origin as Origin, rank, size, mtimeMs })

export interface IndexCounts { readonly files: number, readonly assets: number, readonly entries: number }

export class MediaIndex {
  readonly #db: HubDatabase
  readonly #entryRows: HubStatement<[string, string], Row>
  readonly #removeRow: HubStatement<[string, string, string]>
  readonly #upsertRow: HubStatement<Row>
  readonly #savedCounts: HubStatement<[], IndexCounts>
  readonly #saveCounts: HubStatement<[number, number, number]>
  #counts: IndexCounts = { files: 0, assets: 0, entries: 0 }
  /** A first look held in memory until the first full replace (see holdFirstLook). */
  #firstLook: FirstLook | null = null

  constructor (db: HubDatabase) {
    this.#db = db
    this.#entryRows = db.prepare<[string, string], Row>(`SELECT ${columns} FROM media_files WHERE system = ? AND slug = ?`, { rowsAsArrays: true })
    this.#removeRow = db.prepare<[string, string, string]>('DELETE FROM media_files WHERE system = ? AND slug = ? AND file = ?')
    this.#upsertRow = db.prepare<Row>(`INSERT OR REPLACE INTO media_files (${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    this.#savedCounts = db.prepare<[], IndexCounts>('SELECT files, assets, entries FROM media_counts')
    this.#saveCounts = db.prepare<[number, number, number]>('INSERT OR REPLACE INTO media_counts (id, files, assets, entries) VALUES (1, ?, ?, ?)')
  }

  /**
   * Takes over the index the last run persisted (reading only its saved counts); false when there
   * is none. Counts saved by a run that stopped between a write and its count are off until the
   * rescan that follows every start.
   */
  async resume (): Promise<boolean> {
    const saved = this.#savedCounts.get()
    if (saved === undefined) await this.#recount()
    else this.#counts = { files: saved.files, assets: saved.assets, entries: saved.entries }
    return this.#counts.files > 0
  }

  /**
   * Serves a first look (see ScanOptions) from memory until the full scan that follows replaces
   * it: writing its 100,000 rows on a big library would hold a first start up for half a second,
   * and the full scan rewrites them all anyway (their sizes and times were left at 0).
   */
  async holdFirstLook (look: FirstLook): Promise<void> {
    this.#counts = await look.seal()
    this.#firstLook = look
  }

  /**
   * Takes a fresh scan (a path listed twice counts as its last listing), writes the rows that
   * changed and says which assets came and went in the entries `newsOf` asks about (working that
   * out takes two reads per entry). The persisted rows are compared page by page; a change of
   * thousands of rows is written in pages too, and readers may see it half written.
   */
  async replace (scanned: readonly MediaFile[], newsOf: (system: string, slug: string) => boolean = () => true): Promise<IndexChange> {
    const turn = loopTurns()
    const next = new Map<string, MediaFile>()
    for (const file of scanned) {
      next.set(file.file, file)
      await turn()
    }
    const wasEmpty = this.#counts.files === 0
    // Rows are compared with what is saved; a first look held in memory has none saved.
    // What stays as it is leaves `next`; what is left in it is new or changed.
    const gone: MediaFile[] = []
    for await (const rows of this.#allRows()) {
      for (const row of rows) {
        const now = next.get(row[2])
        if (now !== undefined && sameRow(fileOf(row), now)) next.delete(row[2])
        else gone.push(fileOf(row))
      }
    }
    const changed = [...next.values()]
    const touched = [...new Set([...gone, ...changed].filter((f) => newsOf(f.system, f.slug)).map(entryKeyOf))]
    const before = wasEmpty ? new Map<string, readonly MediaFile[]>() : await this.#entriesOf(touched)
    await this.#write(gone, changed)
    this.#firstLook = null
    await this.#recount()
    const after = await this.#entriesOf(touched)
    const entries = touched.map((key) => [before.get(key) ?? [], after.get(key) ?? []] as const)
    return new EntryChanges(entries)
  }

  /** Takes a fresh look at some origins of one entry (the store folders of what is on screen); null when nothing changed. */
  replaceEntry (system: string, slug: string, origins: readonly Origin[], scanned: readonly MediaFile[]): IndexChange | null {
    const files = this.#files(system, slug)
    const known = new Map(files.map((f) => [f.file, f]))
    const next = new Set(scanned.map((f) => f.file))
    const gone = files.filter((f) => origins.includes(f.origin) && !next.has(f.file))
    const changed = scanned.filter((f) => { const before = known.get(f.file); return before === undefined || !sameRow(before, f) })
    if (gone.length === 0 && changed.length === 0) return null
    this.#writePage(gone, changed)
    const changedPaths = new Set(changed.map((f) => f.file))
    const goneFiles = new Set(gone.map((f) => f.file))
    const after = [...files.filter((f) => !goneFiles.has(f.file) && !changedPaths.has(f.file)), ...changed]
    const { files: fileCount, assets, entries } = this.#counts
    this.#saveCountsOfRows({
      files: fileCount + after.length - files.length,
      assets: assets + kindCount(after) - kindCount(files),
      entries: entries + Number(after.length > 0) - Number(files.length > 0)
    })
    return new EntryChanges([[files, after]])
  }

  /**
   * The asset served under a canonical URL path (without the `/api/v1/media/` prefix), without
   * regard to case. A game's path is tried before a system's (no system layout starts with `games/`).
   */
  byPath (urlPath: string): MediaAsset | null {
    const match = /^systems\/([^/]+)\/(?:games\/([^/]+)\/)?(.+)$/i.exec(urlPath)
    if (match === null) return null
    const [, system, slug = '', tail] = match as unknown as [string, string, string | undefined, string]
    const wanted = tail.toLowerCase()
    for (const file of bestFiles(this.#filesAnyCase(system, slug)).values()) if (assetTail(file) === wanted) return toAsset(file)
    return null
  }

  /** Kind -> asset of a game (slug) or of a system (slug ''). */
  entry (system: string, slug: string): ReadonlyMap<string, MediaAsset> {
    return assetsOf(this.#files(system, slug))
  }

  counts (): IndexCounts {
    return this.#counts
  }

  #files (system: string, slug: string): readonly MediaFile[] {
    if (this.#firstLook !== null) return this.#firstLook.files(system, slug)
    return this.#entryRows.all(system, slug).map(fileOf)
  }

  /** The store keeps system and game folders in lower case; a URL may not. */
  #filesAnyCase (system: string, slug: string): readonly MediaFile[] {
    const files = this.#files(system, slug)
    return files.length > 0 ? files : this.#files(system.toLowerCase(), slug.toLowerCase())
  }

  async #entriesOf (keys: readonly string[]): Promise<Map<string, readonly MediaFile[]>> {
    const turn = loopTurns(200)
    const entries = new Map<string, readonly MediaFile[]>()
    for (const key of keys) {
      const bar = key.indexOf('|')
      entries.set(key, this.#files(key.slice(0, bar), key.slice(bar + 1)))
      await turn()
    }
    return entries
  }

  /**
   * Every persisted row, in keyset pages, each one fully read before the loop turn: an open
   * cursor across a turn would make every other statement on this connection (the event
   * journal's) fail with "connection is busy".
   */
  async * #allRows (): AsyncGenerator<Row[]> {
    const first = this.#db.prepare<[number], Row>(`SELECT ${columns} FROM media_files ORDER BY system, slug, file LIMIT ?`, { rowsAsArrays: true })
    const after = this.#db.prepare<[string, string, string, number], Row>(`SELECT ${columns} FROM media_files WHERE (system, slug, file) > (?, ?, ?) ORDER BY system, slug, file LIMIT ?`, { rowsAsArrays: true })
    let rows = first.all(pageRows)
    while (rows.length > 0) {
      yield rows
      const [system, slug, file] = rows[rows.length - 1]!
      await nextTurn()
      rows = after.all(system, slug, file, pageRows)
    }
  }

  /** In pages of a few thousand rows, so a first index of 150,000 files does not hold the loop for a second. */
  async #write (gone: readonly MediaFile[], changed: readonly MediaFile[]): Promise<void> {
    for (let i = 0; i < gone.length; i += pageRows) {
      this.#writePage(gone.slice(i, i + pageRows), [])
      await nextTurn()
    }
    for (let i = 0; i < changed.length; i += pageRows) {
      this.#writePage([], changed.slice(i, i + pageRows))
      await nextTurn()
    }
  }

  #writePage (gone: readonly MediaFile[], changed: readonly MediaFile[]): void {
    this.#db.transaction(() => {
      for (const { system, slug, file } of gone) this.#removeRow.run(system, slug, file)
      for (const { file, system, slug, kind, role, origin, rank, size, mtimeMs } of changed) this.#upsertRow.run(system, slug, file, kind, role, origin, rank, size, mtimeMs)
    })()
  }

  /** Each count reads the whole table (tens of milliseconds at 150,000 rows): the loop gets a turn between them. */
  async #recount (): Promise<void> {
    const count = async (sql: string): Promise<number> => {
      await nextTurn()
      return this.#db.prepare<[], [number]>(sql, { rowsAsArrays: true }).get()![0]
    }
    const files = await count('SELECT COUNT(*) FROM media_files')
    const assets = await count('SELECT COUNT(*) FROM (SELECT DISTINCT system, slug, kind FROM media_files)')
    const entries = await count('SELECT COUNT(*) FROM (SELECT DISTINCT system, slug FROM media_files)')
    this.#saveCountsOfRows({ files, assets, entries })
  }

  #saveCountsOfRows (counts: IndexCounts): void {
    this.#counts = counts
    this.#saveCounts.run(counts.files, counts.assets, counts.entries)
  }
}
