/** Writes a small RetroBat-layout frontend tree for tests: two systems, gamelists, rom files. */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { tempDir } from './hub.js'

export interface FrontendTree {
  readonly root: string
  readonly roms: string
  readonly esConfigDir: string
  rom (system: string, file: string): string
}

const mameGamelist = `<?xml version="1.0"?>
<gameList>
  <game id="9001" source="ScreenScraper">
    <path>./1943.zip</path>
    <name>1943: The Battle of Midway</name>
    <desc>Vertical shooter over the Pacific.</desc>
    <developer>Capcom</developer>
    <publisher>Capcom</publisher>
    <genre>Shooter</genre>
    <players>1-2</players>
    <rating>0.8</rating>
    <releasedate>19870101T000000</releasedate>
    <image>./media/images/1943.png</image>
    <marquee>./media/marquees/1943.png</marquee>
    <mix>./media/mix/1943.png</mix>
    <cheevosId region="eu">123</cheevosId>
  </game>
  <game>
    <path>./sf.zip</path>
    <name>Street Fighter</name>
    <developer>Capcom</developer>
  </game>
</gameList>
`

/** ES-DE writes a second root element before the game list. */
const snesGamelist = `<?xml version="1.0"?>
<alternativeEmulator><label>Snes9x</label></alternativeEmulator>
<gameList>
  <game>
    <path>./Super Mario World (USA).sfc</path>
    <name>Super Mario World</name>
    <developer>Nintendo</developer>
  </game>
</gameList>
`

const esSystems = `<?xml version="1.0"?>
<systemList>
  <system><name>mame</name><fullname>Arcade</fullname><manufacturer>Various</manufacturer><path>~/roms/mame</path><extension>.zip</extension><platform>arcade</platform><theme>mame</theme></system>
  <system><name>snes</name><fullname>Super Nintendo</fullname><manufacturer>Nintendo</manufacturer><platform>snes</platform></system>
</systemList>
`

export function writeFrontendTree (): FrontendTree {
  const root = tempDir('cabinet-hub-frontend-')
  const roms = path.join(root, 'roms')
  const esConfigDir = path.join(root, 'emulationstation', '.emulationstation')
  mkdirSync(esConfigDir, { recursive: true })
  writeFileSync(path.join(esConfigDir, 'es_systems.cfg'), esSystems)
  const files: Record<string, [string, string[]]> = { mame: [mameGamelist, ['1943.zip', 'sf.zip', 'pacman.zip']], snes: [snesGamelist, ['Super Mario World (USA).sfc']] }
  for (const [system, [gamelist, romFiles]] of Object.entries(files)) {
    mkdirSync(path.join(roms, system), { recursive: true })
    writeFileSync(path.join(roms, system, 'gamelist.xml'), gamelist)
    for (const file of romFiles) writeFileSync(path.join(roms, system, file), 'rom')
  }
  return { root, roms, esConfigDir, rom: (system, file) => path.join(roms, system, file) }
}
