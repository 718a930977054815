/** What a file's current content is known by, without reading it. */
import { stat } from 'node:fs/promises'

/**
 * Identity of a file's current content, or null when it is gone. The inode is part of it: an
 * atomic replacement is a new inode, while mtime and size alone repeat when two same-length
 * writes land within one clock tick.
 */
export async function fileSignature (file: string): Promise<string | null> {
  try {
    const stats = await stat(file)
    return stats.isFile() ? `${stats.ino}:${stats.mtimeMs}:${stats.size}` : null
  } catch {
    return null
  }
}
