/**
 * The frontend's name for a game whose table is decoded while it is not on screen (its save
 * changed, or a client asked for it): the `name` its gamelist gives, found by rom stem.
 */
import { romStem } from '../identity/index.js'
import type { LibraryCatalog } from '../library/index.js'

export type GameFinder = (systemHint: string, rom: string) => { readonly system: string, readonly name: string } | null

/** Looks in the hinted system's gamelist first, then in every other one. */
export function gamelistFinder (catalog: Pick<LibraryCatalog, 'gamesOf' | 'gamelistSystems'>): GameFinder {
  return (systemHint, rom) => {
    const systems = [systemHint, ...catalog.gamelistSystems().filter((system) => system !== systemHint)]
    for (const system of systems) {
      const game = catalog.gamesOf(system).find((candidate) => romStem(candidate.romPath) === rom)
      const name = game?.fields.name?.trim()
      if (name !== undefined && name !== '') return { system, name }
    }
    return null
  }
}
