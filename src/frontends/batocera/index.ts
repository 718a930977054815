/** Batocera-style EmulationStation (`/userdata` is the root): `<root>/system/configs/emulationstation/`, home `<root>/system`, roms in `<root>/roms`. */
import path from 'node:path'
import { emulationStationAdapter } from '../emulationstation/index.js'

export const batoceraAdapter = emulationStationAdapter('batocera', 'Batocera-style EmulationStation', 'linux', (root) => {
  const absoluteRoot = path.resolve(root)
  const homeDir = path.join(absoluteRoot, 'system')
  return { root: absoluteRoot, profile: 'batocera', esConfigDir: path.join(homeDir, 'configs', 'emulationstation'), romsDir: path.join(absoluteRoot, 'roms'), homeDir, themesDirs: [path.join(absoluteRoot, 'themes')] }
})
