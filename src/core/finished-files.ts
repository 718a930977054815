/**
 * Files dropped into one folder, reported once they are completely written. chokidar watches the
 * folder with the system's file events, and its `awaitWriteFinish` holds each new or changed
 * file back until its size has held still for `settleMs`: a writer that does not rename its file
 * into place atomically is not read halfway. Files already there when watching starts are
 * reported at once (chokidar applies the wait to later changes only), or not at all.
 *
 * An owner that can tell a complete file by its content may also ask to hear of every file as
 * it arrives or changes (`onArrived`, a second watcher without the wait): it need not wait the
 * whole settle time for a file that is already complete. Arrivals are also heard from the
 * system's own folder events (fs.watch): chokidar re-reads a folder at most once a second, so a
 * file landing just after another would otherwise wait up to that long.
 */
import { watch as watchFolderEvents } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { watch, type ChokidarOptions, type FSWatcher } from 'chokidar'

export interface FinishedFilesOptions {
  readonly folder: string
  /** Which file names count; any other name (temporary files, sub-folders) is never looked at. */
  readonly accepts: (name: string) => boolean
  /** How long a file's size must hold still before it counts as written. */
  readonly settleMs: number
  /** How often a file being written is looked at. */
  readonly checkMs: number
  /**
   * How often a missing folder is looked for; also chokidar's poll interval where file events are
   * polled for instead (CHOKIDAR_USEPOLLING=1, for shares without file events).
   */
  readonly pollMs: number
  /** Report the files the folder holds when watching starts. */
  readonly reportExisting: boolean
  /** A file was created or changed; its writing may not have finished. */
  readonly onArrived?: (file: string) => void
  /** A file was created or replaced, and its writing has finished. */
  readonly onFinished: (file: string) => void
  /** A file went away. */
  readonly onGone?: (file: string) => void
  readonly onError: (error: Error) => void
}

export interface FinishedFilesWatch {
  /** Settles once the folder is watched (and the existing files, if wanted, are reported), or found missing. */
  readonly ready: Promise<void>
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

/** The watchers of a folder that exists; resolves once chokidar's are ready. */
async function watchExisting (folder: string, options: FinishedFilesOptions, reportExisting: boolean, watchers: Closable[]): Promise<void> {
  const started: FSWatcher[] = []
  const counts = (file: string): boolean => path.dirname(file) === folder && options.accepts(path.basename(file))
  const common: ChokidarOptions = {
    depth: 0,
    persistent: false,
    ignoreInitial: !reportExisting,
    ignored: (file) => file !== folder && !counts(file),
    interval: options.pollMs,
    binaryInterval: options.pollMs
  }
  const onError = (error: unknown): void => { options.onError(error instanceof Error ? error : new Error(String(error))) }
  const finished = watch(folder, { ...common, awaitWriteFinish: { stabilityThreshold: options.settleMs, pollInterval: options.checkMs } })
  finished.on('add', (file) => { if (counts(file)) options.onFinished(file) })
  finished.on('change', (file) => { if (counts(file)) options.onFinished(file) })
  finished.on('unlink', (file) => { if (counts(file)) options.onGone?.(file) })
  finished.on('error', onError)
  started.push(finished)
  const { onArrived } = options
  if (onArrived !== undefined) {
    const arrivals = watch(folder, common)
    arrivals.on('add', (file) => { if (counts(file)) onArrived(file) })
    arrivals.on('change', (file) => { if (counts(file)) onArrived(file) })
    arrivals.on('error', onError)
    started.push(arrivals)
    const events = watchFolderEvents(folder, { persistent: false }, (_event, name) => {
      if (name !== null && options.accepts(name)) onArrived(path.join(folder, name))
    })
    events.on('error', onError)
    watchers.push(events)
  }
  watchers.push(...started)
  await Promise.all(started.map(async (watcher) => new Promise<void>((resolve) => { watcher.once('ready', () => resolve()) })))
}

/**
 * Watches the folder; a folder that does not exist yet is looked for every `pollMs` (chokidar
 * does not notice a missing folder being created), and once it exists everything in it is
 * reported: none of it was there when watching started.
 */
export function watchFinishedFiles (options: FinishedFilesOptions): FinishedFilesWatch {
  const folder = path.resolve(options.folder)
  const watchers: Closable[] = []
  let closed = false
  let timer: NodeJS.Timeout | null = null
  let attaching: Promise<void> | null = null
  const lookForFolder = async (): Promise<void> => {
    if (closed) return
    if (await isFolder(folder)) {
      if (!closed) await (attaching = watchExisting(folder, options, true, watchers))
      return
    }
    timer = setTimeout(() => { void lookForFolder() }, options.pollMs)
    timer.unref()
  }
  const ready = (async () => {
    if (await isFolder(folder)) await watchExisting(folder, options, options.reportExisting, watchers)
    else await lookForFolder()
  })()
  return {
    ready,
    close: async () => {
      closed = true
      if (timer !== null) clearTimeout(timer)
      await ready
      await attaching
      await Promise.all(watchers.map(async (watcher) => watcher.close()))
    }
  }
}
