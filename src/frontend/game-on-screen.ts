/**
 * The game on screen, resolved once, when the frontend reports it: the context holds it, the facts
 * carry it, and the REST state, the ui.* payloads, the surfaces, the panels, the themes and the
 * launch read its fields, so none of them names or identifies the game otherwise.
 */
import type { LibraryCatalog } from '../library/index.js'
import { romStem } from '../identity/index.js'

export interface GameOnScreen {
  /** The game's own system (a collection's game keeps its system). */
  readonly system: string
  readonly gamePath: string
  /** ES's game id (gamelist id or md5, else its path formula). */
  readonly gameId: string
  /** The one display name: the gamelist's `<name>`, else the name the frontend gave, else the rom stem. */
  readonly gameName: string
  /** The rom file stem (a game start may name it): MAME's short name for an arcade game. */
  readonly rom: string
  /** The rom's MD5 from the gamelist, lowercase hex; null when the gamelist does not say. */
  readonly md5: string | null
}

export interface RunningGame extends GameOnScreen {
  readonly startedAt: string
}

/** What the frontend said of a game: its system, its path, and the name and rom it gave, where it gave them. */
export interface ReportedGame {
  readonly system: string
  readonly gamePath: string
  readonly frontendName?: string | undefined
  readonly rom?: string | undefined
}

export type ResolveGame = (reported: ReportedGame) => GameOnScreen

const md5Pattern = /^[0-9a-f]{32}$/

/** The first of `names` that says something, else null. */
function firstName (...names: Array<string | undefined>): string | null {
  return names.find((name) => name !== undefined && name.trim() !== '') ?? null
}

/** Resolves what the frontend reported against the gamelists: the one place a game on screen gets its name and identity. */
export function gameResolver (catalog: Pick<LibraryCatalog, 'game' | 'gameId'>): ResolveGame {
  return ({ system, gamePath, frontendName, rom }) => {
    const game = catalog.game(system, gamePath)
    const stem = romStem(gamePath)
    const md5 = game?.fields.md5?.trim().toLowerCase() ?? ''
    return {
      system,
      gamePath,
      gameId: catalog.gameId(gamePath, game),
      gameName: firstName(game?.fields.name, frontendName) ?? stem,
      rom: firstName(rom) ?? stem,
      md5: md5Pattern.test(md5) ? md5 : null
    }
  }
}
