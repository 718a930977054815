/**
 * The canonical media index: for every game and system, the one file that holds each kind, and
 * the canonical URL it is served under. Persisted in SQLite so a warm start is ready at once.
 */
import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { loopTurns } from '../core/loop-turns.js'
import type { HubDatabase } from '../core/storage/database.js'
import { layoutOf, mediaExtensions } from './kinds.js'
import { origins, type MediaFile } from './scan.js'

export const mediaUrlPrefix = '/api/v1/media/'

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

interface Row { file: string, system: string, slug: string, kind: string, role: string | null, origin: string, rank: number, size: number, mtime_ms: number }

export class MediaIndex {
  readonly #db: HubDatabase
  #files = new Map<string, MediaFile>()
  #byUrl = new Map<string, MediaAsset>()
  #byEntry = new Map<string, Map<string, MediaAsset>>()

  constructor (db: HubDatabase) {
    this.#db = db
  }

  /** Loads what the last run persisted; false when nothing was. */
  async loadPersisted (): Promise<boolean> {
    const files = new Map<string, MediaFile>()
    const turn = loopTurns()
    for (const r of this.#db.prepare('SELECT file, system, slug, kind, role, origin, rank, size, mtime_ms FROM media_files').iterate() as IterableIterator<Row>) {
      files.set(r.file, { file: r.file, system: r.system, slug: r.slug, kind: r.kind, role: r.role, origin: r.origin as MediaFile['origin'], rank: r.rank, size: r.size, mtimeMs: r.mtime_ms })
      await turn()
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
    const added = [...this.#byUrl.values()].filter((a) => { const old = before.get(a.url.toLowerCase()); return old === undefined || !sameFile(old, a) })
    const removed = [...before.values()].filter((a) => !this.#byUrl.has(a.url.toLowerCase()))
    return { added, removed }
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
    const best = new Map<string, MediaFile>()
    for (const file of this.#files.values()) {
      const key = `${entryKey(file.system, file.slug)}|${file.kind}`
      const current = best.get(key)
      if (current === undefined || better(file, current)) best.set(key, file)
      await turn()
    }
    const byUrl = new Map<string, MediaAsset>()
    const byEntry = new Map<string, Map<string, MediaAsset>>()
    for (const file of best.values()) {
      const asset = toAsset(file)
      byUrl.set(asset.url.toLowerCase(), asset)
      const key = entryKey(file.system, file.slug)
      let kinds = byEntry.get(key)
      if (kinds === undefined) byEntry.set(key, kinds = new Map())
      kinds.set(file.kind, asset)
      await turn()
    }
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
