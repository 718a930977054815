/**
 * What changed among the files of a folder, for owners that re-read what changed (saves, panel
 * files, settings, gamelists). The system's events of each folder (fs.watch, one per folder down
 * to `depth`, not one per file) name the entry that moved; an accepted file is checked against
 * its last known identity, so it is reported only when it really changed, and the changes are
 * batched until the folder has been quiet `debounceMs`. A slow walk of the folder every
 * `rescanMs` is the safety net for events the system did not give (some shares give none, some
 * systems miss a rename), and finds a folder that did not exist yet (looked for every `pollMs`).
 * Files are judged by their path before anything is read: a roms folder of thousands of files
 * costs one listing, not a stat per file. Everything is asynchronous.
 * What the folder holds when watching starts is the known state, not a change.
 */
import { watch, type Dirent, type FSWatcher } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'

export interface WatchChangesOptions {
  readonly folder: string
  /** How many levels of sub-folders are watched: 0 for the folder's own files. */
  readonly depth?: number
  /** Which files count, by path: a file is looked at only when it does. */
  readonly accepts: (file: string) => boolean
  /** How often a folder that does not exist yet is looked for. */
  readonly pollMs: number
  /** How often the whole folder is walked again, for changes no event reported. */
  readonly rescanMs: number
  /** How long the folder must be quiet before the changes are reported together. */
  readonly debounceMs: number
  /** The files that appeared, changed or went, in the order they were first noticed. */
  readonly onChanged: (files: readonly string[]) => void
  readonly onError: (error: Error) => void
}

export interface ChangesWatch {
  /** Settles once the folder's files are known and watched (or the folder is found missing). */
  readonly ready: Promise<void>
  close (): Promise<void>
}

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

async function entriesOf (folder: string): Promise<Dirent[] | null> {
  return readdir(folder, { withFileTypes: true }).catch(() => null)
}

export function watchChanges (options: WatchChangesOptions): ChangesWatch {
  const root = path.resolve(options.folder)
  const depth = options.depth ?? 0
  const known = new Map<string, string>()
  const watchers = new Map<string, FSWatcher>()
  const pending = new Set<string>()
  let quietTimer: NodeJS.Timeout | null = null
  let walkTimer: NodeJS.Timeout | null = null
  let closed = false

  const report = (): void => {
    quietTimer = null
    if (closed || pending.size === 0) return
    const files = [...pending]
    pending.clear()
    options.onChanged(files)
  }
  const noteChanged = (file: string): void => {
    pending.add(file)
    if (quietTimer !== null) clearTimeout(quietTimer)
    quietTimer = setTimeout(report, options.debounceMs)
    quietTimer.unref()
  }
  /** Compares the file with what is known of it; a change is noted once. */
  const check = async (file: string, note: boolean): Promise<void> => {
    const signature = await fileSignature(file)
    if (closed || (known.get(file) ?? null) === signature) return
    if (signature === null) known.delete(file)
    else known.set(file, signature)
    if (note) noteChanged(file)
  }
  const fail = (error: unknown): void => { if (!closed) options.onError(error instanceof Error ? error : new Error(String(error))) }

  /** The known files in and under a folder that went away are gone. */
  const forgetFolder = (folder: string): void => {
    for (const [watched, watcher] of watchers) {
      if (watched === folder || watched.startsWith(`${folder}${path.sep}`)) { watcher.close(); watchers.delete(watched) }
    }
    for (const file of known.keys()) if (file.startsWith(`${folder}${path.sep}`)) void check(file, true)
  }
  /** An entry of a watched folder moved: a file is checked, a new folder watched and walked. */
  const entryMoved = (entry: string, level: number): void => {
    const accepted = options.accepts(entry)
    // Below the last level only accepted files matter; above it the entry may be a folder.
    if (level >= depth) {
      if (accepted) check(entry, true).catch(fail)
      return
    }
    stat(entry).then(async (stats) => {
      if (stats.isDirectory()) await walk(entry, level + 1, true)
      else if (accepted) await check(entry, true)
    }, async () => {
      forgetFolder(entry)
      if (accepted) await check(entry, true)
    }).catch(fail)
  }
  const watchFolder = (folder: string, level: number): boolean => {
    if (watchers.has(folder)) return true
    try {
      const watcher = watch(folder, { persistent: false }, (_type, name) => {
        // Without a name (some systems) the whole folder is walked again.
        if (name === null) walk(folder, level, true).catch(fail)
        else entryMoved(path.join(folder, name), level)
      })
      watcher.on('error', () => { watcher.close(); watchers.delete(folder) })
      watchers.set(folder, watcher)
      return true
    } catch {
      return false // gone, or not there yet: the next walk looks again
    }
  }
  /** Watches the folder and what is under it down to `depth`, and checks every accepted file. */
  const walk = async (folder: string, level: number, note: boolean): Promise<void> => {
    if (closed) return
    const entries = await entriesOf(folder)
    if (entries === null || !watchFolder(folder, level)) { forgetFolder(folder); return }
    for (const entry of entries) {
      const file = path.join(folder, entry.name)
      if (entry.isDirectory()) {
        if (level < depth) await walk(file, level + 1, note)
      } else if (options.accepts(file)) {
        await check(file, note)
      }
    }
  }
  /** The safety-net walk: changes no event reported, files gone, folders created meanwhile. */
  const walkAgain = async (): Promise<void> => {
    await walk(root, 0, true)
    for (const file of [...known.keys()]) await check(file, true)
  }
  const scheduleWalk = (): void => {
    if (closed) return
    // A missing folder is looked for often; a watched one walked now and then.
    walkTimer = setTimeout(() => { walkAgain().catch(fail).finally(scheduleWalk) }, watchers.has(root) ? options.rescanMs : options.pollMs)
    walkTimer.unref()
  }

  const ready = walk(root, 0, false).then(scheduleWalk, fail)
  return {
    ready,
    close: async () => {
      closed = true
      if (quietTimer !== null) clearTimeout(quietTimer)
      if (walkTimer !== null) clearTimeout(walkTimer)
      await ready
      for (const watcher of watchers.values()) watcher.close()
      watchers.clear()
    }
  }
}
