/**
 * What ES records about a played game and writes back to gamelist.xml when it saves (at
 * `/reloadgames`): playcount, lastplayed and gametime, the file replaced atomically.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { XMLBuilder, XMLParser } from 'fast-xml-parser'
import { writeFileAtomic } from '../core/storage/atomic-file.js'
import type { SimGame } from './catalog.js'

/** The fields ES changes when a game ends. */
const statKeys = ['playcount', 'lastplayed', 'gametime'] as const

/** ES's `Utils::Time::DateTime` text, local time: `YYYYMMDDTHHMMSS`. */
function esDateTime (date: Date): string {
  const two = (value: number): string => String(value).padStart(2, '0')
  return `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}T${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`
}

/**
 * FileData::launchGame after a clean exit: one more play, now as the last play, and the time
 * played added when it was at least 10 s (shorter runs count as loading problems in ES).
 */
export function recordPlay (game: SimGame, startedAt: Date, endedAt: Date): void {
  const metadata = game.metadata
  metadata.playcount = String(Number.parseInt(metadata.playcount ?? '0', 10) + 1)
  const seconds = Math.floor((endedAt.getTime() - startedAt.getTime()) / 1000)
  if (seconds >= 10) metadata.gametime = String(Number.parseInt(metadata.gametime ?? '0', 10) + seconds)
  metadata.lastplayed = esDateTime(endedAt)
}

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: true, isArray: (name) => name === 'game' })
const builder = new XMLBuilder({ ignoreAttributes: false, format: true, indentBy: '\t', suppressEmptyNode: true })

type GameEntry = Record<string, unknown>

/** Writes the stats of `played` games of one rom folder into its gamelist.xml (created when missing). */
export async function saveGamelistStats (romsDir: string, played: readonly SimGame[]): Promise<void> {
  const file = path.join(romsDir, 'gamelist.xml')
  const document = parser.parse(await readFile(file, 'utf8').catch(() => '')) as { gameList?: { game?: GameEntry[] } | string }
  const gameList = typeof document.gameList === 'object' ? document.gameList : {}
  const entries = gameList.game ?? []
  for (const game of played) {
    let entry = entries.find((candidate) => typeof candidate.path === 'string' && path.resolve(romsDir, candidate.path.replaceAll('\\', '/')) === path.resolve(game.path))
    if (entry === undefined) {
      entry = { path: `./${path.relative(romsDir, game.path).replaceAll(path.sep, '/')}`, name: game.name }
      entries.push(entry)
    }
    for (const key of statKeys) {
      const value = game.metadata[key]
      if (value !== undefined) entry[key] = value
    }
  }
  await writeFileAtomic(file, `<?xml version="1.0"?>\n${builder.build({ gameList: { ...gameList, game: entries } }) as string}`)
}
