/**
 * The canonical media index: for every game and system, the one file that holds each kind, and
 * the canonical URL it is served under. Persisted in SQLite so a warm start is ready at once.
 */
import path from 'node:path'
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
  loadPersisted (): boolean {
    const rows = this.#db.prepare('SELECT file, system, slug, kind, role, origin, rank, size, mtime_ms FROM media_files').all() as Row[]
    if (rows.length === 0) return false
    this.#files = new Map(rows.map((r) => [r.file, { file: r.file, system: r.system, slug: r.slug, kind: r.kind, role: r.role, origin: r.origin as MediaFile['origin'], rank: r.rank, size: r.size, mtimeMs: r.mtime_ms }]))
    this.#resolve()
    return true
  }

  /** Takes a fresh scan; persists only the rows that changed and says which assets came and went. */
  replace (scanned: readonly MediaFile[]): IndexChange {
    const next = new Map(scanned.map((f) => [f.file, f]))
    const gone = [...this.#files.keys()].filter((file) => !next.has(file))
    const changed = scanned.filter((f) => { const before = this.#files.get(f.file); return before === undefined || !sameFile(before, f) })
    if (gone.length > 0 || changed.length > 0) this.#persist(gone, changed)
    const before = this.#byUrl
    this.#files = next
    this.#resolve()
    const added = [...this.#byUrl.values()].filter((a) => { const old = before.get(a.url); return old === undefined || !sameFile(old, a) })
    const removed = [...before.values()].filter((a) => !this.#byUrl.has(a.url))
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

  #resolve (): void {
    const best = new Map<string, MediaFile>()
    for (const file of this.#files.values()) {
      const key = `${entryKey(file.system, file.slug)}|${file.kind}`
      const current = best.get(key)
      if (current === undefined || better(file, current)) best.set(key, file)
    }
    this.#byUrl = new Map()
    this.#byEntry = new Map()
    for (const file of best.values()) {
      const asset = toAsset(file)
      this.#byUrl.set(asset.url.toLowerCase(), asset)
      const key = entryKey(file.system, file.slug)
      let kinds = this.#byEntry.get(key)
      if (kinds === undefined) this.#byEntry.set(key, kinds = new Map())
      kinds.set(file.kind, asset)
    }
  }

  #persist (gone: readonly string[], changed: readonly MediaFile[]): void {
    const remove = this.#db.prepare('DELETE FROM media_files WHERE file = ?')
    const upsert = this.#db.prepare(`INSERT OR REPLACE INTO media_files (file, system, slug, kind, role, origin, rank, size, mtime_ms)
      VALUES (@file, @system, @slug, @kind, @role, @origin, @rank, @size, @mtimeMs)`)
    this.#db.transaction(() => {
      for (const file of gone) remove.run(file)
      for (const file of changed) upsert.run(file)
    })()
  }
}
