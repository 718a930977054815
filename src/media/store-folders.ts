/**
 * Finds the real folder of a system or game in the media store whatever its case (the index
 * lower-cases identities, folders on disk may not be). A store's `games/` can hold 50,000
 * folders, so listings are kept until the folder's modification time changes.
 */
import { readdirSync, statSync } from 'node:fs'
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
  find (parent: string, name: string): string | null {
    const exact = path.join(parent, name)
    if (isFolder(exact)) return exact
    const real = this.#listing(parent)?.folders.get(name.toLowerCase())
    return real === undefined ? null : path.join(parent, real)
  }

  #listing (parent: string): Listing | null {
    let mtimeMs: number
    try {
      mtimeMs = statSync(parent).mtimeMs
    } catch {
      this.#listings.delete(parent)
      return null
    }
    const cached = this.#listings.get(parent)
    if (cached?.mtimeMs === mtimeMs) return cached
    let folders: Map<string, string>
    try {
      folders = new Map(readdirSync(parent, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => [d.name.toLowerCase(), d.name]))
    } catch {
      folders = new Map()
    }
    const listing = { mtimeMs, folders }
    this.#listings.set(parent, listing)
    return listing
  }
}

function isFolder (folder: string): boolean {
  try {
    return statSync(folder).isDirectory()
  } catch {
    return false
  }
}
