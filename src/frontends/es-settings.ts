/**
 * Reads the frontend's `es_settings.cfg`: an XML `<config>` of `<string|bool|int name=".." value=".."/>`.
 * Any element with `name` and `value` counts, whatever its tag, and a root is not needed (ES-DE's
 * es_settings.xml is the list of elements alone).
 */
import { XMLParser } from 'fast-xml-parser'
import type { FrontendSettings } from '../core/settings.js'
import { readSettingsFile, type SettingsFormat } from './settings-file.js'


const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false, processEntities: true })

function collect (node: unknown, into: Map<string, string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collect(item, into)
    return
  }
  if (node === null || typeof node !== 'object') return
  const record = node as Record<string, unknown>
  if (typeof record.name === 'string' && (typeof record.value === 'string' || typeof record.value === 'number' || typeof record.value === 'boolean')) {
    into.set(record.name, String(record.value))
  }
  for (const child of Object.values(record)) collect(child, into)
}

/** The settings of a settings file's text, by name; throws when it is not XML. */
export function parseSettings (text: string): Map<string, string> {
  const values = new Map<string, string>()
  collect(parser.parse(text), values)
  return values
}

/** The keys EmulationStation (RetroBat, Batocera) keeps the theme and the RetroAchievements user under. */
const esSettingKeys: SettingsFormat['keys'] = { theme: ['ThemeSet'], retroAchievementsUser: ['global.retroachievements.username'] }

export async function readEsSettings (configDir: string | null): Promise<FrontendSettings> {
  return readSettingsFile(configDir, { fileName: 'es_settings.cfg', parse: parseSettings, keys: esSettingKeys })
}
