/**
 * The canonical media index: for every game and system, the one file that holds each kind, and
 * the canonical URL it is served under. Persisted in SQLite so a warm start is ready at once.
 */
import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { loopTurns } from '../core/loop-turns.js'
import type { HubDatabase } from '../core/storage/database.js'
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

function extensionOf (file: string): string {
  return path.extname(file).slice(1).toLowerCase()
}

function better (a: MediaFile, b: MediaFile): boolean {
  const order = origins.indexOf(a.origin) - origins.indexOf(b.origin) || a.rank - b.rank ||
    mediaExtensions.indexOf(extensionOf(a.file)) - mediaExtensions.indexOf(extensionOf(b.file))
  return order !== 0 ? order < 0 : a.file.toLowerCase() < b.file.toLowerCase()
}

function toAsset (file: MediaFile): MediaAsset {
  const extension = extensionOf(file.file)
  const owner = file.slug === '' ? `systems/${file.system}` : `systems/${file.system}/games/${file.slug}`
  return { ...file, url: `${mediaUrlPrefix}${owner}/${layoutOf(file.kind)}.${extension}`, fileName: path.basename(file.file), extension }
}

const sameFile = (a: MediaFile, b: MediaFile): boolean => a.file === b.file && a.size === b.size && a.mtimeMs === b.mtimeMs && a.kind === b.kind && a.slug === b.slug && a.system === b.system

const urlKey = (asset: MediaAsset): string => asset.url.toLowerCase()
const byUrlKey = (assets: Iterable<MediaAsset>): Map<string, MediaAsset> => new Map([...assets].map((a) => [urlKey(a), a]))

/** What came and went between two sets of served assets (a changed file under the same URL counts as added). */
function changesBetween (before: ReadonlyMap<string, MediaAsset>, after: ReadonlyMap<string, MediaAsset>): IndexChange {
  const added = [...after.values()].filter((a) => { const old = before.get(urlKey(a)); return old === undefined || !sameFile(old, a) })
  const removed = [...before.values()].filter((a) => !after.has(urlKey(a)))
  return { added, removed }
}

/** The asset of each kind an entry's files hold: the best file per kind. */
function assetsOf (files: Iterable<MediaFile>): Map<string, MediaAsset> {
  const best = new Map<string, MediaFile>()
  for (const file of files) {
    const current = best.get(file.kind)
    if (current === undefined || better(file, current)) best.set(file.kind, file)
  }
  return new Map([...best].map(([kind, file]) => [kind, toAsset(file)]))
}

/** Rows read between two loop turns when loading the persisted index. */
const loadPageRows = 2000

interface Row { file: string, system: string, slug: string, kind: string, role: string | null, origin: string, rank: number, size: number, mtime_ms: number }

export class MediaIndex {
  readonly #db: HubDatabase
  #files = new Map<string, MediaFile>()
  #byUrl = new Map<string, MediaAsset>()
  #byEntry = new Map<string, Map<string, MediaAsset>>()
  /** Entry -> its files by path, every origin. */
  #filesByEntry = new Map<string, Map<string, MediaFile>>()

  constructor (db: HubDatabase) {
    this.#db = db
  }

  /**
   * Loads what the last run persisted; false when nothing was. Read in keyset pages, each one
   * fully materialized before the loop turn: an open cursor across a turn would make every other
   * statement on this connection (the event journal's) fail with "connection is busy".
   */
  async loadPersisted (): Promise<boolean> {
    const files = new Map<string, MediaFile>()
    const page = this.#db.prepare('SELECT file, system, slug, kind, role, origin, rank, size, mtime_ms FROM media_files WHERE file > ? ORDER BY file LIMIT ?')
    let rows = page.all('', loadPageRows) as Row[]
    while (rows.length > 0) {
      for (const r of rows) files.set(r.file, { file: r.file, system: r.system, slug: r.slug, kind: r.kind, role: r.role, origin: r.origin as MediaFile['origin'], rank: r.rank, size: r.size, mtimeMs: r.mtime_ms })
      await nextTurn()
      rows = page.all(rows[rows.length - 1]!.file, loadPageRows) as Row[]
    }
    if (files.size === 0) return false
    this.#files = files
    await this.#resolve()
    return true
  }

  /**
   * Takes a fresh scan; persists only the rows that changed and says which assets came and went.
   * Readers see the previous index until the new one is complete.
   */
  async replace (scanned: readonly MediaFile[]): Promise<IndexChange> {
    const next = new Map(scanned.map((f) => [f.file, f]))
    const gone = [...this.#files.keys()].filter((file) => !next.has(file))
    const changed = scanned.filter((f) => { const before = this.#files.get(f.file); return before === undefined || !sameFile(before, f) })
    await this.#persist(gone, changed)
    const before = this.#byUrl
    this.#files = next
    await this.#resolve()
    return changesBetween(before, this.#byUrl)
  }

  /**
   * Takes a fresh look at some origins of one entry (the store folders of what is on screen);
   * null when nothing changed. Must not run during `replace`.
   */
  async replaceEntry (system: string, slug: string, origins: readonly Origin[], scanned: readonly MediaFile[]): Promise<IndexChange | null> {
    const key = entryKey(system, slug)
    const files = this.#filesByEntry.get(key) ?? new Map<string, MediaFile>()
    const next = new Set(scanned.map((f) => f.file))
    const gone = [...files.values()].filter((f) => origins.includes(f.origin) && !next.has(f.file)).map((f) => f.file)
    const changed = scanned.filter((f) => { const before = this.#files.get(f.file); return before === undefined || !sameFile(before, f) })
    if (gone.length === 0 && changed.length === 0) return null
    await this.#persist(gone, changed)
    for (const file of gone) {
      this.#files.delete(file)
      files.delete(file)
    }
    for (const file of changed) {
      this.#files.set(file.file, file)
      files.set(file.file, file)
    }
    this.#filesByEntry.set(key, files)
    const before = byUrlKey(this.#byEntry.get(key)?.values() ?? [])
    const after = assetsOf(files.values())
    for (const url of before.keys()) this.#byUrl.delete(url)
    for (const asset of after.values()) this.#byUrl.set(urlKey(asset), asset)
    if (after.size === 0) this.#byEntry.delete(key)
    else this.#byEntry.set(key, after)
    return changesBetween(before, byUrlKey(after.values()))
  }

  /** The asset served under a canonical URL path (without the `/api/v1/media/` prefix). */
  byPath (urlPath: string): MediaAsset | null {
    return this.#byUrl.get(mediaUrlPrefix + urlPath.toLowerCase()) ?? null
  }

  /** Kind -> asset of a game (slug) or of a system (slug ''). */
  entry (system: string, slug: string): ReadonlyMap<string, MediaAsset> {
    return this.#byEntry.get(entryKey(system, slug)) ?? new Map()
  }

  counts (): { files: number, assets: number, entries: number } {
    return { files: this.#files.size, assets: this.#byUrl.size, entries: this.#byEntry.size }
  }

  async #resolve (): Promise<void> {
    const turn = loopTurns()
    const filesByEntry = new Map<string, Map<string, MediaFile>>()
    for (const file of this.#files.values()) {
      const key = entryKey(file.system, file.slug)
      let files = filesByEntry.get(key)
      if (files === undefined) filesByEntry.set(key, files = new Map())
      files.set(file.file, file)
      await turn()
    }
    const byUrl = new Map<string, MediaAsset>()
    const byEntry = new Map<string, Map<string, MediaAsset>>()
    for (const [key, files] of filesByEntry) {
      const assets = assetsOf(files.values())
      byEntry.set(key, assets)
      for (const asset of assets.values()) byUrl.set(urlKey(asset), asset)
      await turn()
    }
    this.#filesByEntry = filesByEntry
    this.#byUrl = byUrl
    this.#byEntry = byEntry
  }

  /** In transactions of a few thousand rows, so a first index of 150,000 files does not hold the loop for seconds. */
  async #persist (gone: readonly string[], changed: readonly MediaFile[]): Promise<void> {
    const remove = this.#db.prepare('DELETE FROM media_files WHERE file = ?')
    const upsert = this.#db.prepare(`INSERT OR REPLACE INTO media_files (file, system, slug, kind, role, origin, rank, size, mtime_ms)
      VALUES (@file, @system, @slug, @kind, @role, @origin, @rank, @size, @mtimeMs)`)
    const batch = 5000
    for (let i = 0; i < gone.length; i += batch) {
      this.#db.transaction(() => { for (const file of gone.slice(i, i + batch)) remove.run(file) })()
      await nextTurn()
    }
    for (let i = 0; i < changed.length; i += batch) {
      this.#db.transaction(() => { for (const file of changed.slice(i, i + batch)) upsert.run(file) })()
      await nextTurn()
    }
  }
}
