/**
 * The games of the gamelists a romset filter keeps: its systems, a rom file name pattern (a glob,
 * or a regular expression written `/.../flags`), a genre and a player count. A filter that cannot
 * be applied (an unknown system, a pattern that does not compile) is refused before anything is
 * written.
 */
import path from 'node:path'
import { minimatch } from 'minimatch'
import { HubError } from '../core/errors.js'
import type { CatalogGame, LibraryCatalog } from '../library/index.js'

export interface RomsetFilter {
  /** Frontend system ids; every system with a gamelist when absent. */
  readonly systems?: readonly string[]
  readonly romPattern?: string
  /** Part of the gamelist genre, any case. */
  readonly genre?: string
  /** A player count the game supports (gamelist `players`: `2`, `1-4`). */
  readonly players?: number
}

const invalid = (field: string, message: string): HubError => new HubError(400, 'VALIDATION_ERROR', `body/${field} ${message}`)

/** `/^sf2/i` is a regular expression; anything else a glob on the rom's file name, any case. */
function romMatcher (pattern: string): (fileName: string) => boolean {
  const regex = /^\/(.+)\/([a-z]*)$/s.exec(pattern)
  if (regex === null) return (fileName) => minimatch(fileName, pattern, { nocase: true, dot: true })
  try {
    const compiled = new RegExp(regex[1]!, regex[2])
    return (fileName) => compiled.test(fileName)
  } catch (error) {
    throw invalid('romPattern', `is not a valid regular expression: ${(error as Error).message}`)
  }
}

/** `1-4` -> [1, 4], `2` -> [2, 2]; null when the gamelist says nothing usable. */
function playerRange (players: string | undefined): [number, number] | null {
  const match = /^\s*(\d+)\s*(?:[-\u2013]\s*(\d+))?/.exec(players ?? '')
  return match === null ? null : [Number(match[1]), Number(match[2] ?? match[1])]
}

export function filterGames (catalog: LibraryCatalog, filter: RomsetFilter): CatalogGame[] {
  const known = catalog.gamelistSystems()
  const unknown = (filter.systems ?? []).filter((system) => !known.includes(system))
  if (unknown.length > 0) throw invalid('systems', `names systems without a gamelist: ${unknown.join(', ')} (known: ${known.join(', ')})`)
  const romMatches = filter.romPattern === undefined ? () => true : romMatcher(filter.romPattern)
  const genre = filter.genre?.toLowerCase()
  const { players } = filter
  return (filter.systems ?? known).flatMap((system) => catalog.gamesOf(system)).filter((game) => {
    if (!romMatches(path.basename(game.romPath))) return false
    if (genre !== undefined && !(game.fields.genre ?? '').toLowerCase().includes(genre)) return false
    if (players === undefined) return true
    const range = playerRange(game.fields.players)
    return range !== null && range[0] <= players && players <= range[1]
  })
}
