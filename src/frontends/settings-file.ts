/** Reading a frontend's settings file: missing, unreadable or not parseable says so, never throws. */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { noFrontendSettings, type FrontendSettings } from '../core/settings.js'

/** A family's settings file: its name, how it reads, and its keys of the settings other modules use. */
export interface SettingsFormat {
  readonly fileName: string
  parse (text: string): Map<string, string>
  /** The keys of each setting, the first one set winning (a newer release renamed it). */
  readonly keys: {
    readonly theme: readonly string[]
    readonly retroAchievementsUser: readonly string[]
  }
}

function settingsOf (file: string, values: Map<string, string>, format: SettingsFormat, readAgain: () => Promise<FrontendSettings>): FrontendSettings {
  const named = (keys: readonly string[]): string | null => keys.map((key) => values.get(key)?.trim()).find((value) => value !== undefined && value !== '') ?? null
  return { path: file, state: 'loaded', error: null, values, theme: named(format.keys.theme), retroAchievementsUser: named(format.keys.retroAchievementsUser), readAgain }
}

export async function readSettingsFile (configDir: string | null, format: SettingsFormat): Promise<FrontendSettings> {
  if (configDir === null) return noFrontendSettings
  const file = path.join(configDir, format.fileName)
  const readAgain = async (): Promise<FrontendSettings> => readSettingsFile(configDir, format)
  const unread = { path: file, values: new Map<string, string>(), theme: null, retroAchievementsUser: null, readAgain }
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return { ...unread, state: code === 'ENOENT' ? 'missing' : 'unreadable', error: code === 'ENOENT' ? null : String(code) }
  }
  try {
    return settingsOf(file, format.parse(text), format, readAgain)
  } catch (error) {
    return { ...unread, state: 'unreadable', error: (error as Error).message.split('\n')[0] ?? 'parse error' }
  }
}
