/** RetroBat (Windows): `<root>/emulationstation/.emulationstation/`, home `<root>/emulationstation`, roms in `<root>/roms`. */
import path from 'node:path'
import { emulationStationAdapter } from '../emulationstation/index.js'

export const retrobatAdapter = emulationStationAdapter('retrobat', 'RetroBat', 'win32', (root) => {
  const absoluteRoot = path.resolve(root)
  const homeDir = path.join(absoluteRoot, 'emulationstation')
  return { root: absoluteRoot, profile: 'retrobat', esConfigDir: path.join(homeDir, '.emulationstation'), romsDir: path.join(absoluteRoot, 'roms'), homeDir, themesDirs: [] }
})
