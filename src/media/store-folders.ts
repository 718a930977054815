/**
 * Finds the real folder of a system or game in the media store whatever its case (the index
 * lower-cases identities, folders on disk may not be). A store's `games/` can hold 50,000
 * folders, so listings are kept until the folder's modification time changes.
 */
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'

/** The two store trees, best first: the user's overrides, then the canonical store. */
export function storeBases (mediaRoot: string): ReadonlyArray<readonly [string, 'user' | 'local']> {
  return [[path.join(mediaRoot, 'user', 'systems'), 'user'], [path.join(mediaRoot, 'systems'), 'local']]
}

interface Listing {
  readonly mtimeMs: number
  /** Lower-case name -> real name of each sub-folder. */
  readonly folders: ReadonlyMap<string, string>
}

export class StoreFolders {
  readonly #listings = new Map<string, Listing>()

  /** The sub-folder of `parent` named `name` in any case, or null. */
  async find (parent: string, name: string): Promise<string | null> {
    const exact = path.join(parent, name)
    if (await isFolder(exact)) return exact
    const real = (await this.#listing(parent))?.folders.get(name.toLowerCase())
    return real === undefined ? null : path.join(parent, real)
  }

  async #listing (parent: string): Promise<Listing | null> {
    let mtimeMs: number
    try {
      mtimeMs = (await stat(parent)).mtimeMs
    } catch {
      this.#listings.delete(parent)
      return null
    }
    const cached = this.#listings.get(parent)
    if (cached?.mtimeMs === mtimeMs) return cached
    let folders: Map<string, string>
    try {
      folders = new Map((await readdir(parent, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => [d.name.toLowerCase(), d.name]))
    } catch {
      folders = new Map()
    }
    const listing = { mtimeMs, folders }
    this.#listings.set(parent, listing)
    return listing
  }
}

async function isFolder (folder: string): Promise<boolean> {
  try {
    return (await stat(folder)).isDirectory()
  } catch {
    return false
  }
}
