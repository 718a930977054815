/**
 * The media roots: the only real folders a served or indexed file may live in. A symbolic link
 * may point anywhere, so containment is decided on real paths, never on the path as written.
 */
import { realpath } from 'node:fs/promises'
import path from 'node:path'

/** The folders media is read from, as configured. */
export interface RootFolders {
  /** `<data-dir>/media`: `user/systems/...` and `systems/...`. */
  readonly mediaRoot: string
  readonly romsRoot: string | null
  readonly downloadedMediaDir: string | null
  /** Folders holding ES theme folders, searched in order. */
  readonly themeRoots: readonly string[]
}

/** The real folders a served file may live in (roots that do not exist are left out). */
export async function mediaRoots (sources: RootFolders): Promise<string[]> {
  const roots = [sources.mediaRoot, sources.romsRoot, sources.downloadedMediaDir, ...sources.themeRoots]
  const real = await Promise.all(roots.map(async (root) => root === null ? null : realpath(root).catch(() => null)))
  return real.filter((root) => root !== null)
}

/** true when a real path is one of `roots` or lies below one. */
export function isWithinRoots (realPath: string, roots: readonly string[]): boolean {
  return roots.some((root) => realPath === root || realPath.startsWith(root + path.sep))
}

/** true when the real location of `file` is inside one of `roots`; false when it cannot be resolved. */
export async function isInsideRoots (file: string, roots: readonly string[]): Promise<boolean> {
  try {
    return isWithinRoots(await realpath(file), roots)
  } catch {
    return false
  }
}
