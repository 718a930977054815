/**
 * Recalbox's settings, `system/recalbox.conf`: `key=value` lines, `;` or `#` starting a comment
 * line. The manager switches (`global.cabinethub.<manager>.enabled`) work there as in es_settings.cfg.
 */
import type { FrontendSettings } from '../../core/settings.js'
import { readSettingsFile } from '../settings-file.js'

function parseConf (text: string): Map<string, string> {
  const values = new Map<string, string>()
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim()
    const equals = trimmed.indexOf('=')
    if (equals > 0 && !trimmed.startsWith(';') && !trimmed.startsWith('#')) values.set(trimmed.slice(0, equals).trim(), trimmed.slice(equals + 1).trim())
  }
  return values
}

export async function readRecalboxConf (configDir: string | null): Promise<FrontendSettings> {
  // The RetroAchievements user is a recalbox.conf key; the theme is not read (its ES names it elsewhere).
  return readSettingsFile(configDir, { fileName: 'recalbox.conf', parse: parseConf, keys: { theme: [], retroAchievementsUser: ['global.retroachievements.username'] } })
}
