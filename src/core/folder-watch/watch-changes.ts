/**
 * What changed among the files of a folder, for owners that re-read what changed (saves, panel
 * files, settings, gamelists): the folder watcher's events, each checked against the file's last
 * known identity so a file is reported only when it really changed, and batched until the
 * folder has been quiet `debounceMs`. A slow walk of the folder every `rescanMs` is the safety
 * net for events the system did not give (some shares give none, some systems miss a rename).
 * Everything is asynchronous: a walk of thousands of files never holds the event loop.
 * What the folder holds when watching starts is the known state, not a change.
 */
import type { Dirent } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { watchFiles, type FilesWatch } from './watch-files.js'

export interface WatchChangesOptions {
  readonly folder: string
  /** How many levels of sub-folders are watched: 0 for the folder's own files. */
  readonly depth?: number
  readonly accepts: (file: string) => boolean
  /** How often a missing folder is looked for (see watchFiles). */
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
  /** Settles once the folder's files are known and watched. */
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

/** Every accepted file under `folder`, down to `depth` levels of sub-folders. */
async function filesUnder (folder: string, depth: number, accepts: (file: string) => boolean): Promise<string[]> {
  let entries: Dirent[]
  try {
    entries = await readdir(folder, { withFileTypes: true })
  } catch {
    return []
  }
  const found: string[] = []
  for (const entry of entries) {
    const file = path.join(folder, entry.name)
    if (entry.isDirectory()) {
      if (depth > 0) found.push(...await filesUnder(file, depth - 1, accepts))
    } else if (accepts(file)) {
      found.push(file)
    }
  }
  return found
}

export function watchChanges (options: WatchChangesOptions): ChangesWatch {
  const folder = path.resolve(options.folder)
  const depth = options.depth ?? 0
  const known = new Map<string, string>()
  const pending = new Set<string>()
  let quietTimer: NodeJS.Timeout | null = null
  let rescanTimer: NodeJS.Timeout | null = null
  let closed = false
  let watch: FilesWatch | null = null

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
  const check = async (file: string): Promise<void> => {
    const signature = await fileSignature(file)
    if (closed || (known.get(file) ?? null) === signature) return
    if (signature === null) known.delete(file)
    else known.set(file, signature)
    noteChanged(file)
  }
  const checkAll = async (files: Iterable<string>, note: boolean): Promise<void> => {
    for (const file of files) {
      if (note) await check(file)
      else {
        const signature = await fileSignature(file)
        if (signature !== null) known.set(file, signature)
      }
    }
  }
  const rescan = async (): Promise<void> => {
    const present = await filesUnder(folder, depth, options.accepts)
    await checkAll(new Set([...present, ...known.keys()]), true)
  }
  const scheduleRescan = (): void => {
    if (closed) return
    rescanTimer = setTimeout(() => { rescan().catch(options.onError).finally(scheduleRescan) }, options.rescanMs)
    rescanTimer.unref()
  }
  const onEvent = (file: string): void => { check(file).catch(options.onError) }

  const ready = (async () => {
    await checkAll(await filesUnder(folder, depth, options.accepts), false)
    if (closed) return
    watch = watchFiles({ folder, depth, accepts: options.accepts, pollMs: options.pollMs, reportExisting: false, onChanged: onEvent, onGone: onEvent, onError: options.onError })
    await watch.ready
    scheduleRescan()
  })()
  return {
    ready,
    close: async () => {
      closed = true
      if (quietTimer !== null) clearTimeout(quietTimer)
      if (rescanTimer !== null) clearTimeout(rescanTimer)
      await ready
      await watch?.close()
    }
  }
}
