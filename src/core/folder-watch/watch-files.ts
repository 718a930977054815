/**
 * Files dropped into one folder by other programs (the frontend's hooks: the spool folder,
 * events.ini), reported as they arrive, change and go. chokidar watches with the system's file
 * events (or polls, with CHOKIDAR_USEPOLLING=1, on shares without them); its write-finish wait is
 * what this watcher adds to `watchChanges` (the service's watcher of trees it re-reads).
 *
 * - `settle`: a new or changed file is held back until its size has held still that long (a
 *   writer that does not rename its file into place is not read halfway); files already there
 *   when watching starts are reported at once, or not at all (`reportExisting`).
 * - `onArrived`: every file as it arrives or changes, without the wait, for an owner that can tell
 *   a complete file by its content. Arrivals are also heard from the system's own folder events
 *   (fs.watch): chokidar re-reads a folder at most once a second, so a file landing just after
 *   another would otherwise wait up to that long.
 * - `onReplaced`: each atomic replacement (a rename onto an accepted name) the system reports, even
 *   when the next one lands before the file could be read.
 *
 * A folder that does not exist yet is looked for every `pollMs` (chokidar does not notice it being
 * created); once it exists everything in it is reported: none of it was there when watching started.
 */
import { watch as watchFolderEvents, type FSWatcher as FolderEvents } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { watch, type ChokidarOptions, type FSWatcher } from 'chokidar'

export interface WatchFilesOptions {
  readonly folder: string
  /** Which files count (by path); any other (temporary files, other names) is never reported. */
  readonly accepts: (file: string) => boolean
  /** Hold each new or changed file back until its size has held still `settleMs`, looked at every `checkMs`. */
  readonly settle: { readonly settleMs: number, readonly checkMs: number }
  /**
   * How often a missing folder is looked for; also chokidar's poll interval where file events are
   * polled for instead (CHOKIDAR_USEPOLLING=1, for shares without file events).
   */
  readonly pollMs: number
  /** Report the files the folder holds when watching starts. */
  readonly reportExisting: boolean
  /** A file was created or changed, and its writing has finished. */
  readonly onChanged: (file: string) => void
  /** A file was created or changed; its writing may not have finished. */
  readonly onArrived?: (file: string) => void
  /** A file was atomically replaced (renamed onto), as the system reported it. */
  readonly onReplaced?: (file: string) => void
  /** A file went away. */
  readonly onGone?: (file: string) => void
  readonly onError: (error: Error) => void
}

export interface FilesWatch {
  /** Settles once the folder is watched (and the existing files, if wanted, are reported), or found missing. */
  readonly ready: Promise<void>
  /** True once the system's own folder events are heard (asked for with `onArrived` or `onReplaced`). */
  readonly hearsSystemEvents: boolean
  close (): Promise<void>
}

async function isFolder (folder: string): Promise<boolean> {
  try {
    return (await stat(folder)).isDirectory()
  } catch {
    return false
  }
}

/** A watcher to close when watching ends. */
interface Closable { close (): Promise<void> | void }

/** The system's events on the folder itself: arrivals and replacements, heard at once. */
function systemEvents (folder: string, options: WatchFilesOptions, counts: (file: string) => boolean): FolderEvents | null {
  const { onArrived, onReplaced } = options
  if (onArrived === undefined && onReplaced === undefined) return null
  try {
    const events = watchFolderEvents(folder, { persistent: false }, (type, name) => {
      if (name === null) return
      const file = path.join(folder, name)
      if (!counts(file)) return
      onArrived?.(file)
      if (type === 'rename') onReplaced?.(file)
    })
    events.on('error', (error) => { options.onError(error) })
    return events
  } catch (error) {
    options.onError(error as Error)
    return null
  }
}

/** The watchers of a folder that exists; resolves once chokidar's are ready. */
async function watchExisting (folder: string, options: WatchFilesOptions, reportExisting: boolean, watchers: Closable[]): Promise<FolderEvents | null> {
  const started: FSWatcher[] = []
  const counts = (file: string): boolean => path.dirname(file) === folder && options.accepts(file)
  const common: ChokidarOptions = {
    depth: 0,
    persistent: false,
    ignoreInitial: !reportExisting,
    ignored: (file) => file !== folder && !counts(file),
    interval: options.pollMs,
    binaryInterval: options.pollMs
  }
  const onError = (error: unknown): void => { options.onError(error instanceof Error ? error : new Error(String(error))) }
  const settled = watch(folder, { ...common, awaitWriteFinish: { stabilityThreshold: options.settle.settleMs, pollInterval: options.settle.checkMs } })
  settled.on('add', (file) => { if (counts(file)) options.onChanged(file) })
  settled.on('change', (file) => { if (counts(file)) options.onChanged(file) })
  settled.on('unlink', (file) => { if (counts(file)) options.onGone?.(file) })
  settled.on('error', onError)
  started.push(settled)
  const { onArrived } = options
  if (onArrived !== undefined) {
    const arrivals = watch(folder, common)
    arrivals.on('add', (file) => { if (counts(file)) onArrived(file) })
    arrivals.on('change', (file) => { if (counts(file)) onArrived(file) })
    arrivals.on('error', onError)
    started.push(arrivals)
  }
  const events = systemEvents(folder, options, counts)
  if (events !== null) watchers.push(events)
  watchers.push(...started)
  await Promise.all(started.map(async (watcher) => new Promise<void>((resolve) => { watcher.once('ready', () => resolve()) })))
  return events
}

export function watchFiles (options: WatchFilesOptions): FilesWatch {
  const folder = path.resolve(options.folder)
  const watchers: Closable[] = []
  let closed = false
  let hearsSystemEvents = false
  let timer: NodeJS.Timeout | null = null
  let attaching: Promise<void> | null = null
  const attach = async (reportExisting: boolean): Promise<void> => {
    const events = await watchExisting(folder, options, reportExisting, watchers)
    hearsSystemEvents = events !== null
  }
  const lookForFolder = async (): Promise<void> => {
    if (closed) return
    if (await isFolder(folder)) {
      if (!closed) await (attaching = attach(true))
      return
    }
    timer = setTimeout(() => { void lookForFolder() }, options.pollMs)
    timer.unref()
  }
  const ready = (async () => {
    if (await isFolder(folder)) await attach(options.reportExisting)
    else await lookForFolder()
  })()
  return {
    ready,
    get hearsSystemEvents () { return hearsSystemEvents },
    close: async () => {
      closed = true
      if (timer !== null) clearTimeout(timer)
      await ready
      await attaching
      await Promise.all(watchers.map(async (watcher) => watcher.close()))
    }
  }
}
