/**
 * A folder watcher that does not miss changes: fs.watch for speed plus a poll as the safety net
 * (fs.watch misses atomic renames on some systems and does not exist on some network shares).
 * The owner's `check` decides what changed; `fromWatcher` says the system reported a change.
 */
import { statSync, watch, type FSWatcher } from 'node:fs'

export interface FolderWatch {
  stop (): void
}

export function watchFolder (folder: string, pollMs: number, check: (fromWatcher: boolean) => void): FolderWatch {
  let watcher: FSWatcher | null = null
  const attach = (): void => {
    if (watcher !== null) return
    try {
      watcher = watch(folder, { persistent: false }, () => check(true))
      watcher.on('error', () => { watcher?.close(); watcher = null })
    } catch {
      watcher = null // the folder does not exist yet; the poll keeps checking and attaches later
    }
  }
  attach()
  const timer = setInterval(() => { attach(); check(false) }, pollMs)
  timer.unref()
  return {
    stop () {
      clearInterval(timer)
      watcher?.close()
      watcher = null
    }
  }
}

/**
 * Identity of a file's current content, or null when it is gone. The inode is part of it: an
 * atomic replacement is a new inode, while mtime and size alone repeat when two same-length
 * writes land within one clock tick.
 */
export function fileSignature (file: string): string | null {
  try {
    const stat = statSync(file)
    return `${stat.ino}:${stat.mtimeMs}:${stat.size}`
  } catch {
    return null
  }
}
