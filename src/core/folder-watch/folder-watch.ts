/**
 * The service's one folder watcher: what changed among the files of a folder, for every module
 * that follows files on disk (gamelists, hook scripts, the hook spool, events.ini, saves, panel
 * files, settings, media).
 *
 * The system's events of each folder (fs.watch, one per folder down to `depth`, not one per file)
 * name the entry that moved; an accepted file is checked against its last known identity, so it
 * is reported only when it really changed. Nothing is walked while the events work: the folder is
 * walked again only after a watcher failed (then it is watched anew), and every `pollMs` only
 * where the system gives no events for it (no watcher on this platform, or a network share, see
 * remote-file-system.ts). A folder that does not exist yet, or went, is looked for every `pollMs`.
 * Files are judged by their path before anything is read: a roms folder of thousands of files
 * costs one listing, not a stat per file. Everything is asynchronous.
 *
 * What the folder holds when watching starts is the known state, not a change, unless
 * `reportExisting`; a folder found later is news with everything in it.
 */
import { watch, type Dirent, type FSWatcher } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileIdentity, fileSignature } from './file-signature.js'
import { onRemoteFileSystem } from './remote-file-system.js'
import { WriteFinish, type WriteFinishTiming } from './write-finish.js'

/**
 * When changed files are reported: together once the whole watch has been quiet `batchMs`, or
 * each on its own once its writing has finished (see write-finish.ts).
 */
type QuietRule = { readonly batchMs: number } | { readonly writeFinish: WriteFinishTiming }

export interface FolderWatchOptions {
  readonly folder: string
  /** How many levels of sub-folders are watched: 0 (the default) for the folder's own files. */
  readonly depth?: number
  /** Which files count, by path: a file is looked at only when it does. */
  readonly accepts: (file: string) => boolean
  /** How often a missing folder is looked for, and the folder walked where the system gives no events for it. */
  readonly pollMs: number
  readonly quiet: QuietRule
  /** Report the files the folder holds when watching starts (at once, without the quiet wait). */
  readonly reportExisting?: boolean
  /**
   * Report, once watching has started, the files the folder then holds that changed at or after
   * this time (ms since the epoch): what changed between the owner's own last look and the start
   * of the watch, which is otherwise taken as the known state.
   */
  readonly changedSinceMs?: number
  /** Files that appeared or changed (and went, unless `onGone` is given), in the order they were noticed. */
  readonly onChanged: (files: readonly string[]) => void
  /** Files that went away. */
  readonly onGone?: (files: readonly string[]) => void
  /**
   * An accepted file the system's events named, at once, before its identity is checked or its
   * writing finished; `replaced` for a rename event (created, removed or renamed onto).
   */
  readonly onHeard?: (file: string, replaced: boolean) => void
  readonly onError: (error: Error) => void
}

export interface FolderWatch {
  /** Settles once the folder's files are known and watched (or the folder is found missing). */
  readonly ready: Promise<void>
  /** True while the folder is followed by the system's events rather than walked. */
  readonly hearsSystemEvents: boolean
  close (): Promise<void>
}

async function entriesOf (folder: string): Promise<Dirent[] | null> {
  return readdir(folder, { withFileTypes: true }).catch(() => null)
}

const asError = (error: unknown): Error => error instanceof Error ? error : new Error(String(error))

export function watchFolder (options: FolderWatchOptions): FolderWatch {
  const root = path.resolve(options.folder)
  const depth = options.depth ?? 0
  const { quiet } = options
  const writeFinish = 'writeFinish' in quiet ? new WriteFinish(quiet.writeFinish) : null
  const known = new Map<string, string>()
  const watchers = new Map<string, FSWatcher>()
  const pending = new Set<string>()
  let quietTimer: NodeJS.Timeout | null = null
  let walkTimer: NodeJS.Timeout | null = null
  /** Walked every `pollMs` instead of listened to: the system gives no events here. */
  let walking = false
  let closed = false

  const fail = (error: unknown): void => { if (!closed) options.onError(asError(error)) }
  const deliver = (files: readonly string[]): void => {
    if (closed || files.length === 0) return
    const gone = options.onGone === undefined ? [] : files.filter((file) => !known.has(file))
    const changed = gone.length === 0 ? files : files.filter((file) => known.has(file))
    if (changed.length > 0) options.onChanged(changed)
    if (gone.length > 0) options.onGone?.(gone)
  }
  const reportPending = (): void => {
    quietTimer = null
    const files = [...pending]
    pending.clear()
    deliver(files)
  }
  /** Takes the file's new identity; true when it changed. */
  const takeSignature = async (file: string): Promise<boolean> => {
    const signature = await fileSignature(file)
    if (closed || (known.get(file) ?? null) === signature) return false
    if (signature === null) known.delete(file)
    else known.set(file, signature)
    return true
  }
  /** Takes a file found when watching starts; true when the owner wants it reported (see `reportExisting`, `changedSinceMs`). */
  const takeExisting = async (file: string): Promise<boolean> => {
    const identity = await fileIdentity(file)
    if (closed || identity === null) return false
    known.set(file, identity.signature)
    return options.reportExisting === true || (options.changedSinceMs !== undefined && identity.changedMs >= options.changedSinceMs)
  }
  /** Compares the file with what is known of it; a change is reported once, when its quiet rule says. */
  const check = async (file: string): Promise<void> => {
    if (writeFinish === null) {
      if (!await takeSignature(file)) return
      pending.add(file)
      if (quietTimer !== null) clearTimeout(quietTimer)
      quietTimer = setTimeout(reportPending, 'batchMs' in quiet ? quiet.batchMs : 0)
      quietTimer.unref()
      return
    }
    if ((known.get(file) ?? null) === await fileSignature(file)) return
    // Not awaited: a walk that finds a hundred files does not wait for each to be written in turn.
    writeFinish.of(file).then(async () => { if (await takeSignature(file)) deliver([file]) }).catch(fail)
  }

  /** The known files in and under a folder that went away are gone. */
  const forgetFolder = (folder: string): void => {
    for (const [watched, watcher] of watchers) {
      if (watched === folder || watched.startsWith(`${folder}${path.sep}`)) { watcher.close(); watchers.delete(watched) }
    }
    for (const file of known.keys()) if (file.startsWith(`${folder}${path.sep}`)) check(file).catch(fail)
    if (folder === root) schedule()
  }
  /** An entry of a watched folder moved: a file is checked, a new folder watched and walked. */
  const entryMoved = (entry: string, level: number): void => {
    const accepted = options.accepts(entry)
    // Below the last level only accepted files matter; above it the entry may be a folder.
    if (level >= depth) {
      if (accepted) check(entry).catch(fail)
      return
    }
    stat(entry).then(async (stats) => {
      if (stats.isDirectory()) await walk(entry, level + 1, true)
      else if (accepted) await check(entry)
    }, async () => {
      forgetFolder(entry)
      if (accepted) await check(entry)
    }).catch(fail)
  }
  /** The folder itself was renamed or removed (its watcher names it): forgotten when it is gone. */
  const selfMoved = (folder: string): void => {
    stat(folder).then((stats) => { if (!stats.isDirectory()) forgetFolder(folder) }, () => { forgetFolder(folder) }).catch(fail)
  }
  /** A watcher that failed (overflow, a folder gone on some systems): the folder is walked, and watched, anew. */
  const watcherFailed = (folder: string, level: number, watcher: FSWatcher): void => {
    watcher.close()
    watchers.delete(folder)
    walk(folder, level, true).catch(fail)
  }
  /** Listens to the folder's events; false when it is gone. Without a watcher the whole watch walks. */
  const listen = (folder: string, level: number): boolean => {
    if (walking || watchers.has(folder)) return true
    try {
      const watcher = watch(folder, { persistent: false }, (type, name) => {
        // Without a name (some systems) the whole folder is walked again.
        if (name === null) { walk(folder, level, true).catch(fail); return }
        const entry = path.join(folder, name)
        if (options.onHeard !== undefined && options.accepts(entry)) options.onHeard(entry, type === 'rename')
        if (name === path.basename(folder)) selfMoved(folder)
        entryMoved(entry, level)
      })
      watcher.on('error', () => { watcherFailed(folder, level, watcher) })
      watchers.set(folder, watcher)
      return true
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT' || code === 'ENOTDIR') return false
      // No watcher here (none on this platform, or the system's are used up): walked from now on.
      fail(new Error(`${root} gives no file events (${code ?? (error as Error).message}): walked every ${options.pollMs} ms`))
      startWalking()
      return true
    }
  }
  /** Listens to the folder and what is under it down to `depth`, and checks every accepted file. */
  const walk = async (folder: string, level: number, note: boolean, found: string[] = []): Promise<string[]> => {
    if (closed) return found
    // Listened to before it is read: an entry made in between is heard or read, never missed by both.
    if (!listen(folder, level)) { forgetFolder(folder); return found }
    const entries = await entriesOf(folder)
    if (entries === null) { forgetFolder(folder); return found }
    for (const entry of entries) {
      const file = path.join(folder, entry.name)
      if (entry.isDirectory()) {
        if (level < depth) await walk(file, level + 1, note, found)
      } else if (options.accepts(file)) {
        if (note) await check(file)
        else if (await takeExisting(file)) found.push(file)
      }
    }
    return found
  }
  /** A walk of the whole watch: changes no event reported, files gone, folders created meanwhile. */
  const walkAgain = async (): Promise<void> => {
    await walk(root, 0, true)
    for (const file of [...known.keys()]) await check(file)
  }
  function schedule (): void {
    if (closed || walkTimer !== null || (!walking && watchers.has(root))) return
    walkTimer = setTimeout(() => { walkAgain().catch(fail).finally(() => { walkTimer = null; schedule() }) }, options.pollMs)
    walkTimer.unref()
  }
  function startWalking (): void {
    walking = true
    for (const watcher of watchers.values()) watcher.close()
    watchers.clear()
    schedule()
  }

  const ready = (async () => {
    if (await onRemoteFileSystem(root)) walking = true
    deliver(await walk(root, 0, false))
    schedule()
  })().catch(fail)
  return {
    ready,
    get hearsSystemEvents () { return !walking && watchers.has(root) },
    close: async () => {
      closed = true
      if (quietTimer !== null) clearTimeout(quietTimer)
      if (walkTimer !== null) clearTimeout(walkTimer)
      writeFinish?.endAll()
      await ready
      for (const watcher of watchers.values()) watcher.close()
      watchers.clear()
    }
  }
}
