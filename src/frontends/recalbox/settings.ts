/**
 * Recalbox's settings, `system/recalbox.conf`: `key=value` lines, `;` or `#` starting a comment
 * line. The manager switches (`global.cabinethub.<manager>.enabled`) work there as in es_settings.cfg.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { noFrontendSettings, type FrontendSettings } from '../../core/settings.js'

export async function readRecalboxConf (configDir: string | null): Promise<FrontendSettings> {
  if (configDir === null) return noFrontendSettings
  const file = path.join(configDir, 'recalbox.conf')
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return { path: file, state: code === 'ENOENT' ? 'missing' : 'unreadable', error: code === 'ENOENT' ? null : String(code), values: new Map() }
  }
  const values = new Map<string, string>()
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim()
    const equals = trimmed.indexOf('=')
    if (equals > 0 && !trimmed.startsWith(';') && !trimmed.startsWith('#')) values.set(trimmed.slice(0, equals).trim(), trimmed.slice(equals + 1).trim())
  }
  return { path: file, state: 'loaded', error: null, values }
}
