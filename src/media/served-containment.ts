/**
 * Whether a file about to be served really lies inside the media roots. Resolving the real path
 * of a file costs a stat of every folder on its path; instead of doing that on every request, a
 * verdict is kept per file for as long as the file found at its path stays the same one. The
 * check reuses the stat the file sender makes anyway, so a request that finds its verdict costs
 * no I/O at all.
 *
 * "The same one" is the identity `stat` sees through links: device, inode, modification and
 * change times. Replacing the file, its folder or any folder above it by a link to somewhere
 * else shows as another inode; moving the file (out and linked back in) changes its change time.
 * What no identity shows (a whole folder moved out of the roots and linked back in) still holds
 * only files the index found inside the roots, and the next rescan forgets every verdict.
 */
import type { Stats } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
import { isWithinRoots } from './roots.js'

interface Verdict {
  readonly identity: string
  readonly inside: boolean
}

const identityOf = (file: Stats): string => `${file.dev}:${file.ino}:${file.mtimeMs}:${file.ctimeMs}`

export class ServedContainment {
  #roots: readonly string[] = []
  readonly #files = new Map<string, Verdict>()

  /** Takes the roots of a new scan and forgets every verdict: the index just looked at the disk again. */
  reset (roots: readonly string[]): void {
    this.#roots = roots
    this.#files.clear()
  }

  /**
   * true when `file`, which `seen` (a stat through links) describes, really lies inside the
   * roots. The verdict is about that very file: when the file at the path changed while it was
   * resolved, the answer is false (the request is answered as if the file were gone, and the
   * next one looks afresh), so a swap timed around the check cannot get another file allowed.
   */
  async allows (file: string, seen: Stats): Promise<boolean> {
    const identity = identityOf(seen)
    const known = this.#files.get(file)
    if (known?.identity === identity) return known.inside
    let real: string
    let atReal: Stats
    try {
      real = await realpath(file)
      atReal = await stat(real)
    } catch {
      return false
    }
    if (identityOf(atReal) !== identity) return false
    const inside = isWithinRoots(real, this.#roots)
    this.#files.set(file, { identity, inside })
    return inside
  }
}
