/**
 * The media store's alias tables (domain-notes §4.2): a game's slug where the computed one (see
 * identity/slug.ts) is not the folder the store uses. Kept here rather than in identity/ because
 * it reads files.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathOfNames, romStem, slugOf } from '../identity/index.js'

export interface GameIdentityInput {
  readonly romPath: string
  readonly name?: string
}

/**
 * Alias tables `media/aliases/games/<mediaSystem>.json` (`{ "Entries": { "rom:1943": "1943_kai" } }`),
 * read once per system and kept until `forget`.
 */
export class GameAliases {
  readonly #dir: string
  /** null for a system without a table (the usual case: a scan asks 50,000 times). */
  readonly #tables = new Map<string, Readonly<Record<string, string>> | null>()

  constructor (mediaRoot: string) {
    this.#dir = path.join(mediaRoot, 'aliases', 'games')
  }

  /** The canonical slug of a game of a media system. */
  slug (mediaSystem: string, game: GameIdentityInput): string {
    const stem = romStem(game.romPath)
    const fromStem = slugOf(stem)
    const computed = fromStem !== '' ? fromStem : slugOf(game.name ?? '')
    const table = this.#table(mediaSystem)
    if (table === null) return computed
    const keys = [`slug:${computed}`, `name:${(game.name ?? '').toLowerCase()}`, `rom:${stem.toLowerCase()}`, `path:${game.romPath.toLowerCase()}`]
    for (const key of keys) {
      const hit = table[key]
      if (typeof hit === 'string' && hit !== '') return hit
    }
    return computed
  }

  forget (): void {
    this.#tables.clear()
  }

  #table (mediaSystem: string): Readonly<Record<string, string>> | null {
    let table = this.#tables.get(mediaSystem)
    if (table === undefined) {
      table = null
      const file = pathOfNames(this.#dir, `${mediaSystem}.json`)
      try {
        if (file === null) throw new Error(`${mediaSystem} is not a name`)
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as { Entries?: unknown }
        if (parsed.Entries !== null && typeof parsed.Entries === 'object') table = parsed.Entries as Record<string, string>
      } catch {
        // no table (the usual case) or a broken one: computed slugs apply
      }
      this.#tables.set(mediaSystem, table)
    }
    return table
  }
}
