/**
 * Whether a file about to be served really lies inside the media roots. Resolving the real path
 * of a file costs a stat of every folder on its path; instead of doing that on every request,
 * the verdicts of a folder's files are kept while the folder stays the same, and one asynchronous
 * stat of the folder per request tells whether it did.
 *
 * The folder's identity is its device, inode, modification and change times, as `stat` sees it
 * through links. Replacing the folder, or any folder above it, by a link to another folder shows
 * as another inode; adding, removing or replacing a file in it (a file swapped for a link) changes
 * its times. Only plain files are remembered: a linked file is resolved on every request. What no
 * identity shows (a whole tree moved out of the roots and linked back in) still holds only files
 * the index found inside the roots, and the next rescan forgets every verdict.
 */
import type { Stats } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
import path from 'node:path'
import { isWithinRoots } from './roots.js'

interface FolderState {
  readonly identity: string
  /** The folder's real path; null when it cannot be resolved. */
  readonly real: Promise<string | null>
  /** Plain (not linked) file name -> whether it lies inside the roots. */
  readonly plainFiles: Map<string, boolean>
}

const identityOf = (folder: Stats): string => `${folder.dev}:${folder.ino}:${folder.mtimeMs}:${folder.ctimeMs}`

export class ServedContainment {
  #roots: readonly string[] = []
  readonly #folders = new Map<string, FolderState>()

  /** Takes the roots of a new scan and forgets every verdict: the index just looked at the disk again. */
  reset (roots: readonly string[]): void {
    this.#roots = roots
    this.#folders.clear()
  }

  /** true when the real location of `file` lies inside the roots; false when it cannot be resolved. */
  async allows (file: string): Promise<boolean> {
    const folder = path.dirname(file)
    let identity: string
    try {
      identity = identityOf(await stat(folder))
    } catch {
      return false
    }
    let state = this.#folders.get(folder)
    if (state?.identity !== identity) {
      // Resolved after the stat: a change in between shows as a new identity on the next request.
      state = { identity, real: realpath(folder).catch(() => null), plainFiles: new Map() }
      this.#folders.set(folder, state)
    }
    const name = path.basename(file)
    const known = state.plainFiles.get(name)
    if (known !== undefined) return known
    let real: string
    try {
      real = await realpath(file)
    } catch {
      return false
    }
    const inside = isWithinRoots(real, this.#roots)
    // A plain file lies where its folder does, so its verdict lasts as long as the folder's
    // identity; a link's target can move without its folder noticing, so a link is resolved on
    // every request.
    if (real === path.join(await state.real ?? '', name)) state.plainFiles.set(name, inside)
    return inside
  }
}
