/**
 * A first look (see ScanOptions) as the index holds it until the full scan behind it replaces it:
 * on a big library 100,000 files, which as one object each (and a string for each path) took 30 MB
 * of a first start's memory. Here each entry (a game or a system) is one string of its files'
 * fields, their folders numbered once for all (a library keeps thousands of files in a folder),
 * and a file becomes an object again only when its entry is read.
 */
import { loopTurns } from '../core/loop-turns.js'
import { origins, type MediaFile } from './scan.js'

/** Between the fields of an entry's string: no path holds it. */
const separator = '\0'
/** kind, role, origin, rank, size, mtimeMs, folder, name */
const fieldCount = 8

const entryKey = (system: string, slug: string): string => `${system}|${slug}`

/** Where the file's name starts: its folder keeps its separator, so the two join back to the very path. */
function nameStart (file: string): number {
  return Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1
}

/** FNV-1a over the path's UTF-16 units, kept to 30 bits: a small integer, which a Map holds without a box. */
function hashOf (file: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < file.length; i++) hash = Math.imul(hash ^ file.charCodeAt(i), 0x01000193)
  return hash >>> 2
}

export interface FirstLookCounts { readonly files: number, readonly assets: number, readonly entries: number }

export class FirstLook {
  readonly #folders: string[] = []
  readonly #folderIds = new Map<string, number>()
  /** Entry key -> the fields of its files, joined (join gives a flat string: a `+` would keep every part it was made of). */
  readonly #entries = new Map<string, string>()
  /**
   * Hash of a path -> the entries that listed a path of that hash, while the look is taken: a path
   * listed twice counts as its last listing, as in the index a full scan writes. Keyed by a number
   * rather than the path (100,000 paths took 14 MB more at a first start's peak); the entries hold
   * the paths that tell two of one hash apart.
   */
  #listedBy: Map<number, string | string[]> | null = new Map()

  /** Takes a file the look found; files come in the order of a walk that looks at one after the other. */
  push (file: MediaFile): void {
    const listedBy = this.#listedBy
    if (listedBy === null) throw new Error('the first look is sealed')
    const start = nameStart(file.file)
    const folder = this.#folderId(file.file.slice(0, start))
    const name = file.file.slice(start)
    const key = entryKey(file.system, file.slug)
    const hash = hashOf(file.file)
    const listers = [listedBy.get(hash) ?? []].flat().filter((lister) => !this.#drop(lister, folder, name))
    listedBy.set(hash, listers.length === 0 ? key : [...listers, key])
    const { kind, role, origin, rank, size, mtimeMs } = file
    const fields = [kind, role ?? '', origins.indexOf(origin), rank, size, mtimeMs, folder, name]
    const held = this.#entries.get(key)
    this.#entries.set(key, (held === undefined ? fields : [held, ...fields]).join(separator))
  }

  /** The files of a game (slug) or of a system (slug ''). */
  files (system: string, slug: string): MediaFile[] {
    const held = this.#entries.get(entryKey(system, slug))
    if (held === undefined) return []
    const fields = held.split(separator)
    const files: MediaFile[] = []
    for (let i = 0; i < fields.length; i += fieldCount) {
      const [kind, role, origin, rank, size, mtimeMs, folder, name] = fields.slice(i, i + fieldCount) as [string, string, string, string, string, string, string, string]
      files.push({ file: this.#folders[Number(folder)]! + name, system, slug, kind, role: role === '' ? null : role, origin: origins[Number(origin)]!, rank: Number(rank), size: Number(size), mtimeMs: Number(mtimeMs) })
    }
    return files
  }

  /** Ends the look (what tells a path listed twice goes) and counts what it holds, with turns of the loop. */
  async seal (): Promise<FirstLookCounts> {
    this.#listedBy = null
    const turn = loopTurns()
    let files = 0
    let assets = 0
    for (const held of this.#entries.values()) {
      const fields = held.split(separator)
      const kinds = new Set<string>()
      for (let i = 0; i < fields.length; i += fieldCount) kinds.add(fields[i]!)
      files += fields.length / fieldCount
      assets += kinds.size
      await turn()
    }
    return { files, assets, entries: this.#entries.size }
  }

  #folderId (folder: string): number {
    let id = this.#folderIds.get(folder)
    if (id === undefined) {
      id = this.#folders.push(folder) - 1
      this.#folderIds.set(folder, id)
    }
    return id
  }

  /** Takes the path out of the entry when the entry holds it; whether it did. */
  #drop (key: string, folder: number, name: string): boolean {
    const fields = this.#entries.get(key)?.split(separator) ?? []
    const kept: string[] = []
    for (let i = 0; i < fields.length; i += fieldCount) {
      if (fields[i + 6] !== String(folder) || fields[i + 7] !== name) kept.push(...fields.slice(i, i + fieldCount))
    }
    if (kept.length === fields.length) return false
    if (kept.length === 0) this.#entries.delete(key)
    else this.#entries.set(key, kept.join(separator))
    return true
  }
}
