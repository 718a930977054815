/**
 * ES-DE's settings read blocking, for the layout the service works out at start (its roms and
 * media folders are settings) and for the simulated ES-DE. Nothing on a request, timer or event
 * path reads them here: the setup page reads the layout through `readEsDeLayout`.
 */
import { readFileSync } from 'node:fs'
import { settingsFileOf, settingsIn } from './settings.js'

/** The settings as they are on disk now; none when the file is missing or broken. */
export function settingsNow (appData: string): Map<string, string> {
  let text: string | null
  try {
    text = readFileSync(settingsFileOf(appData), 'utf8')
  } catch {
    text = null
  }
  return settingsIn(text)
}
