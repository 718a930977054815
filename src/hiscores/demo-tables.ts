/**
 * Hiscore tables for the embedded demo: a definition of our own and a save in MAME's layout for
 * one arcade and one console game of the demo tree, so the live page shows tables (the demo's
 * player, PLAYER, has the initials PLA on both). Existing files are kept, as for the demo tree.
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

const tables: ReadonlyArray<readonly [rom: string, rows: ReadonlyArray<readonly [score: number, name: string]>]> = [
  ['1943', [[3000, 'CAP'], [2500, 'PLA'], [2000, 'KEV'], [1500, 'P38'], [1000, 'MID']]],
  ['Super Mario Bros. (World)', [[9990, 'MIY'], [7500, 'LUI'], [6200, 'PLA'], [3100, 'TOA'], [1200, 'PEA']]]
]

function save (rows: ReadonlyArray<readonly [number, string]>): Buffer {
  const scores = rows.map(([score]) => Buffer.from(score.toString().padStart(6, '0'), 'hex'))
  return Buffer.concat([...scores, ...rows.map(([, name]) => Buffer.from(name.padEnd(3).slice(0, 3), 'latin1'))])
}

function keep (file: string, content: string | Buffer): void {
  if (existsSync(file)) return
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, content)
}

/** Writes the demo definitions (under the data dir) and saves (under the demo tree's saves/mame/hiscore). */
export function writeDemoHiscores (frontendRoot: string, dataDir: string): void {
  for (const [rom, rows] of tables) {
    keep(path.join(dataDir, 'resources', 'hiscore', `${rom}.xml`), definition)
    keep(path.join(frontendRoot, 'saves', 'mame', 'hiscore', `${rom}.hi`), save(rows))
  }
}
