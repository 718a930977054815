/** Reading a frontend's settings file: missing, unreadable or not parseable says so, never throws. */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { noFrontendSettings, type FrontendSettings } from '../core/settings.js'

export async function readSettingsFile (configDir: string | null, name: string, parse: (text: string) => Map<string, string>): Promise<FrontendSettings> {
  if (configDir === null) return noFrontendSettings
  const file = path.join(configDir, name)
  const readAgain = async (): Promise<FrontendSettings> => readSettingsFile(configDir, name, parse)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return { path: file, state: code === 'ENOENT' ? 'missing' : 'unreadable', error: code === 'ENOENT' ? null : String(code), values: new Map(), readAgain }
  }
  try {
    return { path: file, state: 'loaded', error: null, values: parse(text), readAgain }
  } catch (error) {
    return { path: file, state: 'unreadable', error: (error as Error).message.split('\n')[0] ?? 'parse error', values: new Map(), readAgain }
  }
}
