/**
 * ES-DE's `<appdata>/settings/es_settings.xml`: the list of `<bool|int|string name value/>`
 * elements with no root element. Custom event scripts run only with `CustomEventScripts` on, and
 * the browsing events (game-select, system-select) only with `CustomEventScriptsBrowsing` on too;
 * both are off by default (frontends.md §1).
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { commandToRun } from '../../core/launcher.js'
import type { FrontendSettings } from '../../core/settings.js'
import { writeFileAtomic } from '../../core/storage/atomic-file.js'
import type { HookSwitchProblem } from '../adapter.js'
import { parseSettings } from '../es-settings.js'
import { readSettingsFile, type SettingsFormat } from '../settings-file.js'

const settingsDirOf = (appData: string): string => path.join(appData, 'settings')
const settingsFileName = 'es_settings.xml'
export const settingsFileOf = (appData: string): string => path.join(settingsDirOf(appData), settingsFileName)

/** ES-DE calls its theme `Theme` (ThemeSet before 2.0: es-app/src/views/GamelistView.cpp reads Settings "Theme"); it has no RetroAchievements login. */
const esDeSettingKeys: SettingsFormat['keys'] = { theme: ['Theme', 'ThemeSet'], retroAchievementsUser: [] }

export async function readEsDeSettings (appData: string | null): Promise<FrontendSettings> {
  return readSettingsFile(appData === null ? null : settingsDirOf(appData), { fileName: settingsFileName, parse: parseSettings, keys: esDeSettingKeys })
}

/** The settings of the file's text; none when the file is missing (null) or broken: ES-DE then uses its defaults. */
export function settingsIn (text: string | null): Map<string, string> {
  try {
    return text === null ? new Map() : parseSettings(text)
  } catch {
    return new Map()
  }
}

const textOf = async (file: string): Promise<string | null> => readFile(file, 'utf8').catch(() => null)

/** The settings as they are on disk now (settings-at-start.ts reads them blocking, for start-up). */
export async function readSettingsNow (appData: string): Promise<Map<string, string>> {
  return settingsIn(await textOf(settingsFileOf(appData)))
}

/** The two switches our hooks need, with what each one costs when it is off. */
const switches = [
  { name: 'CustomEventScripts', menu: 'Other settings > Enable custom event scripts', off: 'ES-DE runs no custom event script, ours neither: the service hears nothing from it' },
  { name: 'CustomEventScriptsBrowsing', menu: 'Other settings > Browsing custom events', off: 'ES-DE fires no game-select or system-select: the service never hears what is selected' }
] as const

export async function switchedOffSettings (appData: string): Promise<HookSwitchProblem[]> {
  const settings = await readSettingsNow(appData)
  const file = settingsFileOf(appData)
  return switches.filter(({ name }) => settings.get(name) !== 'true').map(({ name, menu, off }) => ({
    message: `${name} is off in ${file}: ${off}`,
    fix: `in ES-DE, ${menu}; or, with ES-DE closed (it writes its settings back), ${commandToRun(`install-hooks --profile es-de --frontend-root ${appData} --enable-scripts`)}`
  }))
}

const settingLine = (name: string): string => `<bool name="${name}" value="true" />`

/**
 * Switches both on in es_settings.xml, keeping every other line as it is (a missing file is
 * written with just them); returns the names it changed. The file is replaced by a rename, so
 * ES-DE never reads it half written.
 */
export async function switchOnSettings (appData: string): Promise<string[]> {
  const file = settingsFileOf(appData)
  const read = await textOf(file)
  const settings = settingsIn(read)
  let text = read ?? '<?xml version="1.0"?>\n'
  const changed = switches.map(({ name }) => name).filter((name) => settings.get(name) !== 'true')
  for (const name of changed) {
    const element = new RegExp(`<[a-z]+\\s+name="${name}"[^>]*/>`)
    text = element.test(text) ? text.replace(element, settingLine(name)) : `${text}${text.endsWith('\n') ? '' : '\n'}${settingLine(name)}\n`
  }
  if (changed.length === 0) return []
  await writeFileAtomic(file, text)
  return changed
}
