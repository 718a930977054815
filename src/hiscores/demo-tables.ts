/**
 * Hiscore tables for the embedded demo: a definition of our own and a save in MAME's layout for
 * every game of the demo tree (the decoder reads a save by rom, whatever the system), so each game
 * the simulated frontend shows has a table and `GET /api/v1/hiscores` answers for it. Existing
 * files are kept, as for the demo tree.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** Five 3-byte BCD scores, then five 3-letter ASCII names. */
const definition = `<?xml version="1.0" encoding="utf-8"?>
<hi2txt>
  <structure file=".hi">
    <check><size>30</size></check>
    <loop count="5"><elt id="SCORE" type="int" size="3" base="16"/></loop>
    <loop count="5"><elt id="NAME" type="text" size="3"/></loop>
  </structure>
  <output>
    <table line-ignore="SCORE:0">
      <column id="RANK" src="index" format="+1"/>
      <column id="SCORE" format="*10"/>
      <column id="NAME"/>
    </table>
  </output>
</hi2txt>
`

type Rows = ReadonlyArray<readonly [score: number, name: string]>

/** Tables other demo material refers to (the overlays' screenshots show 1943's). */
const written: ReadonlyMap<string, Rows> = new Map([
  ['1943', [[3000, 'CAP'], [2500, 'PLA'], [2000, 'KEV'], [1500, 'P38'], [1000, 'MID']]],
  ['Super Mario Bros. (World)', [[9990, 'MIY'], [7500, 'LUI'], [6200, 'PLA'], [3100, 'TOA'], [1200, 'PEA']]]
])

const names = ['ACE', 'BOB', 'CAT', 'DAN', 'EVE', 'FOX', 'GUS', 'HAL', 'IVY', 'JOE', 'KAY', 'LEO', 'MAX', 'NED', 'OWL', 'PAM']

/** Five rows for any other game, the same every time for the same rom. */
function rowsFor (rom: string): Rows {
  let seed = 0
  for (const char of rom) seed = (seed * 31 + char.codePointAt(0)!) % 100_003
  const top = 2000 + (seed % 40) * 250
  return [0, 1, 2, 3, 4].map((rank) => [Math.round(top * (1 - rank * 0.18)), names[(seed + rank * 5) % names.length] as string] as const)
}

function save (rows: Rows): Buffer {
  const scores = rows.map(([score]) => Buffer.from(score.toString().padStart(6, '0'), 'hex'))
  return Buffer.concat([...scores, ...rows.map(([, name]) => Buffer.from(name.padEnd(3).slice(0, 3), 'latin1'))])
}

function keep (file: string, content: string | Buffer): void {
  if (existsSync(file)) return
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, content)
}

/** Writes a definition (under the data dir) and a save (under the tree's saves/mame/hiscore) for each rom. */
export function writeDemoHiscores (frontendRoot: string, dataDir: string, roms: readonly string[]): void {
  for (const rom of roms) {
    keep(path.join(dataDir, 'resources', 'hiscore', `${rom}.xml`), definition)
    keep(path.join(frontendRoot, 'saves', 'mame', 'hiscore', `${rom}.hi`), save(written.get(rom) ?? rowsFor(rom)))
  }
}
