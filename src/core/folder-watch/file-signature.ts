/** What a file's current content is known by, without reading it. */
import { stat } from 'node:fs/promises'

/**
 * Identity of a file's current content, or null when it is gone. The inode is part of it: an
 * atomic replacement is a new inode, while mtime and size alone repeat when two same-length
 * writes land within one clock tick.
 */
export async function fileSignature (file: string): Promise<string | null> {
  return (await fileIdentity(file))?.signature ?? null
}

/** The file's signature, and when its content or name last changed (the later of mtime and ctime); null when it is gone. */
export async function fileIdentity (file: string): Promise<{ readonly signature: string, readonly changedMs: number } | null> {
  try {
    const stats = await stat(file)
    return stats.isFile() ? { signature: `${stats.ino}:${stats.mtimeMs}:${stats.size}`, changedMs: Math.max(stats.mtimeMs, stats.ctimeMs) } : null
  } catch {
    return null
  }
}
