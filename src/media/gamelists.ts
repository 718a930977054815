/**
 * Read-only gamelist views (domain-notes §4.3): which systems have playable games, a searchable
 * page of a system's games, and one game's card with canonical media URLs. Only games whose rom
 * file (or folder) exists are listed, once per rom.
 */
import type { Static } from 'typebox'
import type { LibraryCatalog } from '../library/index.js'
import { mediaKey, romFileName } from '../identity/index.js'
import { PlayableGamesCache, type PlayableGame } from './playable.js'
import type { GameCardResponse } from './schemas.js'
import type { LocalMedia } from './service.js'

export interface GamePage {
  readonly search?: string
  readonly limit?: number
  readonly offset?: number
}

const cardFields = ['desc', 'genre', 'releasedate', 'developer', 'publisher', 'players', 'rating'] as const
const cardMedia: Readonly<Record<string, string>> = { image: 'image', thumbnail: 'thumbnail', fanart: 'fanart', marquee: 'marquee', video: 'video', wheel: 'wheel' }

export class Gamelists {
  readonly #catalog: LibraryCatalog
  readonly #media: LocalMedia
  readonly #playable: PlayableGamesCache

  constructor (catalog: LibraryCatalog, media: LocalMedia) {
    this.#catalog = catalog
    this.#media = media
    this.#playable = new PlayableGamesCache(catalog)
  }

  async systems () {
    const systems = []
    for (const systemId of this.#catalog.gamelistSystems().sort()) {
      const games = (await this.#playable.of(systemId)).games.length
      if (games > 0) systems.push({ systemId, games })
    }
    return { total: systems.reduce((sum, s) => sum + s.games, 0), systems }
  }

  /** null when the system has no gamelist. */
  async games (systemId: string, page: GamePage) {
    const system = this.#system(systemId)
    if (system === null) return null
    const needle = page.search?.trim().toLowerCase() ?? ''
    const { games } = await this.#playable.of(system)
    const matching = needle === '' ? games : games.filter((g) => g.searchText.includes(needle))
    const offset = page.offset ?? 0
    const slice = matching.slice(offset, offset + (page.limit ?? 100))
    return { systemId: system, total: matching.length, games: slice.map((g) => this.#summary(system, g)) }
  }

  /** null when the system or the rom is unknown. */
  async game (systemId: string, rom: string): Promise<Static<typeof GameCardResponse> | null> {
    const system = this.#system(systemId)
    if (system === null) return null
    const playable = (await this.#playable.of(system)).byRom.get(rom.trim().toLowerCase())
    if (playable === undefined) return null
    const { game } = playable
    const urls = this.#media.gameUrls(system, game.romPath, game.fields.name)
    return {
      ...this.#summary(system, playable),
      ...Object.fromEntries(cardFields.map((f) => [f, game.fields[f] ?? ''])),
      ...Object.fromEntries(Object.entries(cardMedia).map(([field, kind]) => [field, urls.get(kind) ?? ''])),
      media: Object.fromEntries(urls)
    } as Static<typeof GameCardResponse>
  }

  #system (systemId: string): string | null {
    const wanted = systemId.toLowerCase()
    return this.#catalog.gamelistSystems().find((s) => s.toLowerCase() === wanted) ?? null
  }

  #summary (systemId: string, { game, rom }: PlayableGame) {
    const entry = this.#media.entryOf(systemId, game.romPath, game.fields.name)
    return { rom, name: game.fields.name ?? rom, path: `roms/${systemId}/${romFileName(game.romPath)}`, gameKey: mediaKey(entry.system, entry.slug) }
  }
}
