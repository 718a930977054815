/**
 * The canonical media index: for every game and system, the one file that holds each kind, and
 * the canonical URL it is served under. Persisted in SQLite so a warm start is ready at once.
 *
 * Sized for a 150,000-file library: what is kept is the files a scan found, grouped by entry (a
 * game or a system). The assets of an entry (its best file per kind, with URL strings) are worked
 * out from its few files when asked for: kept for every file, they took about 1 KB a file. A
 * change is served as soon as it is in memory; its rows are written behind it, in order (writing
 * a first index of 150,000 rows takes a second), and `written()` says when they are all in.
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
 * counts as added). Worked out when first read: the first build of a big library is news for
 * nobody, and its 150,000 assets would only be made to be thrown away.
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

/**
 * Files by entry; the loop gets a turn now and then. Each list is copied to its exact length at
 * the end: grown by `push`, a list of one or three files holds room for seventeen.
 */
async function grouped (files: Iterable<MediaFile>): Promise<Map<string, MediaFile[]>> {
  const turn = loopTurns()
  const entries = new Map<string, MediaFile[]>()
  for (const file of files) {
    const key = entryKeyOf(file)
    const list = entries.get(key)
    if (list === undefined) entries.set(key, [file])
    else list.push(file)
    await turn()
  }
  for (const [key, list] of entries) {
    if (list.length > 1) entries.set(key, list.slice())
    await turn()
  }
  return entries
}

async function assetCount (entries: ReadonlyMap<string, readonly MediaFile[]>): Promise<number> {
  const turn = loopTurns()
  let assets = 0
  for (const files of entries.values()) {
    assets += kindCount(files)
    await turn()
  }
  return assets
}

/** Rows read between two loop turns when loading the persisted index. */
const loadPageRows = 2000

type Row = [file: string, system: string, slug: string, kind: string, role: string | null, origin: string, rank: number, size: number, mtimeMs: number]

export class MediaIndex {
  readonly #db: HubDatabase
  /** Every file by path. */
  #files = new Map<string, MediaFile>()
  /** Entry -> its files, every origin. */
  #entries = new Map<string, MediaFile[]>()
  #assets = 0
  /** The rows still being written, one change after the other. */
  #writing: Promise<void> = Promise.resolve()
  #writeError: unknown = null

  constructor (db: HubDatabase) {
    this.#db = db
  }

  /**
   * Loads what the last run persisted; false when nothing was. Read in keyset pages, each one
   * fully materialized before the loop turn: an open cursor across a turn would make every other
   * statement on this connection (the event journal's) fail with "connection is busy". The few
   * distinct systems, slugs and kinds are shared between rows rather than copied into each.
   */
  async loadPersisted (): Promise<boolean> {
    const files = new Map<string, MediaFile>()
    const shared = new Map<string, string>()
    const share = (value: string): string => {
      const known = shared.get(value)
      if (known !== undefined) return known
      shared.set(value, value)
      return value
    }
    const page = this.#db.prepare('SELECT file, system, slug, kind, role, origin, rank, size, mtime_ms FROM media_files WHERE file > ? ORDER BY file LIMIT ?').raw(true)
    let rows = page.all('', loadPageRows) as Row[]
    while (rows.length > 0) {
      for (const [file, system, slug, kind, role, origin, rank, size, mtimeMs] of rows) {
        files.set(file, { file, system: share(system), slug: share(slug), kind: share(kind), role: role === null ? null : share(role), origin: share(origin) as Origin, rank, size, mtimeMs })
      }
      await nextTurn()
      rows = page.all(rows[rows.length - 1]![0], loadPageRows) as Row[]
    }
    if (files.size === 0) return false
    this.#files = files
    this.#entries = await grouped(files.values())
    this.#assets = await assetCount(this.#entries)
    return true
  }

  /**
   * Takes a fresh scan (a path listed twice counts as its last listing), says which assets came
   * and went, and writes only the rows that changed. Readers see the previous index until the new
   * one is complete.
   */
  async replace (scanned: readonly MediaFile[]): Promise<IndexChange> {
    const turn = loopTurns()
    const next = new Map<string, MediaFile>()
    for (const file of scanned) {
      next.set(file.file, file)
      await turn()
    }
    const gone: MediaFile[] = []
    for (const file of this.#files.values()) {
      if (!next.has(file.file)) gone.push(file)
      await turn()
    }
    const changed: MediaFile[] = []
    for (const file of next.values()) {
      const before = this.#files.get(file.file)
      if (before === undefined || !sameFile(before, file)) changed.push(file)
      await turn()
    }
    const touched = new Set(gone.map(entryKeyOf))
    for (const file of changed) {
      touched.add(entryKeyOf(file))
      const before = this.#files.get(file.file)
      if (before !== undefined) touched.add(entryKeyOf(before))
    }
    const entries = await grouped(next.values())
    const assets = await assetCount(entries)
    const change = new EntryChanges([...touched].map((key) => [this.#entries.get(key) ?? [], entries.get(key) ?? []]))
    this.#files = next
    this.#entries = entries
    this.#assets = assets
    this.#write(gone.map((f) => f.file), changed)
    return change
  }

  /**
   * Takes a fresh look at some origins of one entry (the store folders of what is on screen);
   * null when nothing changed. Must not run during `replace`.
   */
  async replaceEntry (system: string, slug: string, origins: readonly Origin[], scanned: readonly MediaFile[]): Promise<IndexChange | null> {
    const key = entryKey(system, slug)
    const files = this.#entries.get(key) ?? []
    const next = new Set(scanned.map((f) => f.file))
    const gone = new Set(files.filter((f) => origins.includes(f.origin) && !next.has(f.file)).map((f) => f.file))
    const changed = scanned.filter((f) => { const before = this.#files.get(f.file); return before === undefined || !sameFile(before, f) })
    if (gone.size === 0 && changed.length === 0) return null
    this.#write([...gone], changed)
    for (const file of gone) this.#files.delete(file)
    for (const file of changed) this.#files.set(file.file, file)
    const changedPaths = new Set(changed.map((f) => f.file))
    const after = [...files.filter((f) => !gone.has(f.file) && !changedPaths.has(f.file)), ...changed]
    this.#assets += kindCount(after) - kindCount(files)
    if (after.length === 0) this.#entries.delete(key)
    else this.#entries.set(key, after)
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
    const files = this.#entries.get(entryKey(system, slug)) ?? this.#entries.get(entryKey(system, slug).toLowerCase())
    if (files === undefined) return null
    const wanted = tail.toLowerCase()
    for (const file of bestFiles(files).values()) if (assetTail(file) === wanted) return toAsset(file)
    return null
  }

  /** Kind -> asset of a game (slug) or of a system (slug ''). */
  entry (system: string, slug: string): ReadonlyMap<string, MediaAsset> {
    return assetsOf(this.#entries.get(entryKey(system, slug)) ?? [])
  }

  counts (): { files: number, assets: number, entries: number } {
    return { files: this.#files.size, assets: this.#assets, entries: this.#entries.size }
  }

  /** Resolves once the rows of every change so far are written; rejects (once) when one could not be. */
  async written (): Promise<void> {
    await this.#writing
    const error = this.#writeError
    this.#writeError = null
    if (error !== null) throw error
  }

  #write (gone: readonly string[], changed: readonly MediaFile[]): void {
    if (gone.length === 0 && changed.length === 0) return
    this.#writing = this.#writing.then(async () => this.#persist(gone, changed)).catch((error: unknown) => { this.#writeError ??= error })
  }

  /** In transactions of a few thousand rows, so a first index of 150,000 files does not hold the loop for seconds. */
  async #persist (gone: readonly string[], changed: readonly MediaFile[]): Promise<void> {
    const remove = this.#db.prepare('DELETE FROM media_files WHERE file = ?')
    const upsert = this.#db.prepare('INSERT OR REPLACE INTO media_files (file, system, slug, kind, role, origin, rank, size, mtime_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    const batch = 2000
    for (let i = 0; i < gone.length; i += batch) {
      this.#db.transaction(() => { for (const file of gone.slice(i, i + batch)) remove.run(file) })()
      await nextTurn()
    }
    for (let i = 0; i < changed.length; i += batch) {
      this.#db.transaction(() => {
        for (const { file, system, slug, kind, role, origin, rank, size, mtimeMs } of changed.slice(i, i + batch)) upsert.run(file, system, slug, kind, role, origin, rank, size, mtimeMs)
      })()
      await nextTurn()
    }
  }
}
