/**
 * The media store's alias tables (domain-notes §4.2): a game's slug where the computed one (see
 * identity/slug.ts) is not the folder the store uses. Kept here rather than in identity/ because
 * it reads files.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { romStem, slugOf } from '../identity/index.js'

export interface GameIdentityInput {
  readonly romPath: string
  readonly name?: string
}

/**
 * Alias tables `media/aliases/games/<mediaSystem>.json` (`{ "Entries": { "rom:1943": "1943_kai" } }`),
 * read together by `load` (at start and before each scan), so a slug never waits on a file.
 */
export class GameAliases {
  readonly #dir: string
  /** By media system; a system without a table (the usual case) is not in it. */
  #tables = new Map<string, Readonly<Record<string, string>>>()

  constructor (mediaRoot: string) {
    this.#dir = path.join(mediaRoot, 'aliases', 'games')
  }

  /** Reads the tables anew. A missing folder means none; a broken table is skipped: computed slugs apply. */
  async load (): Promise<void> {
    const tables = new Map<string, Readonly<Record<string, string>>>()
    let names: string[] = []
    try {
      names = await readdir(this.#dir)
    } catch {
      // no alias folder: the usual case
    }
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      try {
        const parsed = JSON.parse(await readFile(path.join(this.#dir, name), 'utf8')) as { Entries?: unknown }
        if (parsed.Entries !== null && typeof parsed.Entries === 'object') tables.set(name.slice(0, -'.json'.length), parsed.Entries as Record<string, string>)
      } catch {
        // unreadable or not JSON
      }
    }
    this.#tables = tables
  }

  /** The canonical slug of a game of a media system. */
  slug (mediaSystem: string, game: GameIdentityInput): string {
    const stem = romStem(game.romPath)
    const fromStem = slugOf(stem)
    const computed = fromStem !== '' ? fromStem : slugOf(game.name ?? '')
    const table = this.#tables.get(mediaSystem)
    if (table === undefined) return computed
    const keys = [`slug:${computed}`, `name:${(game.name ?? '').toLowerCase()}`, `rom:${stem.toLowerCase()}`, `path:${game.romPath.toLowerCase()}`]
    for (const key of keys) {
      const hit = table[key]
      if (typeof hit === 'string' && hit !== '') return hit
    }
    return computed
  }
}
