/**
 * Follows the panel-related keys of the frontend's settings file (requested layouts, the Control
 * Panel Manager's cabinet description) while the service runs, reading it again as its family
 * reads it (es_settings.cfg, recalbox.conf ...); the rest of the file is read once at start by the core.
 */
import path from 'node:path'
import { watchFolder, type FolderWatch, type FolderWatchOptions } from '../core/folder-watch/folder-watch.js'
import type { FrontendSettings } from '../core/settings.js'

/** Keys that choose a layout or describe the cabinet (domain-notes §3.3, §5.2, §5.4). */
function isPanelSetting (key: string): boolean {
  return /apiexpose_panel|\.control_manager\.|datas_theme_expose\.cpo\./.test(key)
}

/** Panel keys added, removed or changed between two readings. */
function changedPanelKeys (before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()].filter(isPanelSetting))
  return [...keys].filter((key) => before.get(key) !== after.get(key)).sort()
}

/** Calls `onChange` with the new settings and the changed panel keys after each edit of the settings file (`file`) that touches them. */
export function watchPanelSettings (
  file: string,
  initial: FrontendSettings,
  timing: Pick<FolderWatchOptions, 'pollMs' | 'quiet'>,
  onChange: (settings: ReadonlyMap<string, string>, changedKeys: string[]) => void,
  onError: (message: string) => void
): FolderWatch {
  const target = path.resolve(file)
  const name = path.basename(target)
  let current = initial.values
  /** Reads one after the other: a change during a read is read again after it. */
  let reading: Promise<void> = Promise.resolve()
  const readAgain = async (): Promise<void> => {
    const read = await initial.readAgain()
    if (read.state !== 'loaded') { onError(`${name} could not be read again (${read.state}${read.error === null ? '' : `: ${read.error}`}); keeping the panel settings`); return }
    const changed = changedPanelKeys(current, read.values)
    current = read.values
    if (changed.length > 0) onChange(read.values, changed)
  }
  return watchFolder({
    ...timing,
    folder: path.dirname(target),
    accepts: (changed) => changed === target,
    onChanged: () => {
      reading = reading.then(readAgain).catch((error: Error) => onError(`${name} could not be read again: ${error.message}`))
    },
    onError: (error) => onError(`${name} is not watched: ${error.message}`)
  })
}
