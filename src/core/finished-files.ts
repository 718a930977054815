/**
 * Files dropped into one folder, reported once they are completely written. chokidar watches the
 * folder with the system's file events, and its `awaitWriteFinish` holds each new or changed
 * file back until its size has held still for `settleMs`: a writer that does not rename its file
 * into place atomically is not read halfway. Files already there when watching starts are
 * reported at once (chokidar applies the wait to later changes only), or not at all.
 *
 * An owner that can tell a complete file by its content may also ask to hear of every file as
 * it arrives or changes (`onArrived`, a second watcher without the wait): it need not wait the
 * whole settle time for a file that is already complete.
 */
import path from 'node:path'
import { watch, type ChokidarOptions } from 'chokidar'

export interface FinishedFilesOptions {
  readonly folder: string
  /** Which file names count; any other name (temporary files, sub-folders) is never looked at. */
  readonly accepts: (name: string) => boolean
  /** How long a file's size must hold still before it counts as written. */
  readonly settleMs: number
  /** How often a file being written is looked at. */
  readonly checkMs: number
  /** Poll interval where file events are polled for instead (CHOKIDAR_USEPOLLING=1, for shares without file events). */
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
  /** Settles once the folder is watched (and the existing files, if wanted, are reported). */
  readonly ready: Promise<void>
  close (): Promise<void>
}

export function watchFinishedFiles (options: FinishedFilesOptions): FinishedFilesWatch {
  const folder = path.resolve(options.folder)
  // chokidar may report paths of the parent while the folder does not exist yet: only direct children count.
  const counts = (file: string): boolean => path.dirname(file) === folder && options.accepts(path.basename(file))
  const common: ChokidarOptions = {
    depth: 0,
    persistent: false,
    ignoreInitial: !options.reportExisting,
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
  const watchers = [finished]
  const { onArrived } = options
  if (onArrived !== undefined) {
    const arrivals = watch(folder, common)
    arrivals.on('add', (file) => { if (counts(file)) onArrived(file) })
    arrivals.on('change', (file) => { if (counts(file)) onArrived(file) })
    arrivals.on('error', onError)
    watchers.push(arrivals)
  }
  const ready = Promise.all(watchers.map(async (watcher) => new Promise<void>((resolve) => { watcher.once('ready', () => resolve()) }))).then(() => undefined)
  return { ready, close: async () => { await Promise.all(watchers.map(async (watcher) => watcher.close())) } }
}
