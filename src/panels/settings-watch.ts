/**
 * Follows the panel-related keys of es_settings.cfg (requested layouts, the Control Panel
 * Manager's cabinet description) while the service runs; the rest of the file is read once at
 * start by the core.
 */
import path from 'node:path'
import { fileSignature, watchFolder, type FolderWatch } from '../core/folder-watch.js'
import { readEsSettings } from '../frontends/index.js'

/** Keys that choose a layout or describe the cabinet (domain-notes §3.3, §5.2, §5.4). */
function isPanelSetting (key: string): boolean {
  return /apiexpose_panel|\.control_manager\.|datas_theme_expose\.cpo\./.test(key)
}

/** Panel keys added, removed or changed between two readings. */
function changedPanelKeys (before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()].filter(isPanelSetting))
  return [...keys].filter((key) => before.get(key) !== after.get(key)).sort()
}

/** Calls `onChange` with the new settings and the changed panel keys after each edit that touches them. */
export function watchPanelSettings (file: string, initial: ReadonlyMap<string, string>, pollMs: number, onChange: (settings: ReadonlyMap<string, string>, changedKeys: string[]) => void, onError: (message: string) => void): FolderWatch {
  let current = initial
  let signature = fileSignature(file)
  let reading = false
  return watchFolder(path.dirname(file), pollMs, () => {
    const now = fileSignature(file)
    if (now === signature || reading) return
    signature = now
    reading = true
    readEsSettings(path.dirname(file)).then((read) => {
      if (read.state !== 'loaded') { onError(`es_settings.cfg could not be read again (${read.state}${read.error === null ? '' : `: ${read.error}`}); keeping the panel settings`); return }
      const changed = changedPanelKeys(current, read.values)
      current = read.values
      if (changed.length > 0) onChange(read.values, changed)
    }, (error: Error) => onError(`es_settings.cfg could not be read again: ${error.message}`)).finally(() => { reading = false })
  })
}
