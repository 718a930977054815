/**
 * A folder watcher that does not miss changes: fs.watch for speed plus a poll as the safety net
 * (fs.watch misses atomic renames on some systems and does not exist on some network shares).
 * The owner's `check` decides what changed, so a spurious call costs a stat.
 */
import { watch, type FSWatcher } from 'node:fs'

export interface FolderWatch {
  stop (): void
}

export function watchFolder (folder: string, pollMs: number, check: () => void): FolderWatch {
  let watcher: FSWatcher | null = null
  const attach = (): void => {
    if (watcher !== null) return
    try {
      watcher = watch(folder, { persistent: false }, () => check())
      watcher.on('error', () => { watcher?.close(); watcher = null })
    } catch {
      watcher = null // the folder does not exist yet; the poll keeps checking and attaches later
    }
  }
  attach()
  const timer = setInterval(() => { attach(); check() }, pollMs)
  timer.unref()
  return {
    stop () {
      clearInterval(timer)
      watcher?.close()
      watcher = null
    }
  }
}
