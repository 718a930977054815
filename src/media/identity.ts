/**
 * Media identities (domain-notes §4.2): the media system a frontend system stores its media under,
 * and the slug naming a game's folder, with the store's alias tables for the exceptions.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

const systemAliases: Readonly<Record<string, string>> = {
  mame: 'arcade',
  fbneo: 'arcade',
  fba: 'arcade',
  hbmame: 'arcade',
  atarijaguar: 'jaguar',
  atarijaguarcd: 'jaguarcd',
  atarilynx: 'lynx'
}

/** `MAME` -> `arcade`, `Sega Saturn` -> `sega_saturn`. */
export function mediaSystemId (frontendSystem: string): string {
  const normalized = frontendSystem.trim().toLowerCase().replace(/\s+/g, '_')
  return systemAliases[normalized] ?? normalized
}

/** `Sonic The Hedgehog (USA, Europe)` -> `sonic_the_hedgehog`. */
export function slugOf (text: string): string {
  return text
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/&/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_')
}

export interface GameIdentityInput {
  readonly romPath: string
  readonly name?: string
}

/** The rom file stem of a path written with either separator. */
export function romStem (romPath: string): string {
  const base = path.win32.basename(romPath.trim())
  const dot = base.lastIndexOf('.')
  return dot > 0 ? base.slice(0, dot) : base
}

/**
 * Alias tables `media/aliases/games/<mediaSystem>.json` (`{ "Entries": { "rom:1943": "1943_kai" } }`),
 * read once per system and kept until `forget`.
 */
export class GameAliases {
  readonly #dir: string
  readonly #tables = new Map<string, Readonly<Record<string, string>>>()

  constructor (mediaRoot: string) {
    this.#dir = path.join(mediaRoot, 'aliases', 'games')
  }

  /** The canonical slug of a game of a media system. */
  slug (mediaSystem: string, game: GameIdentityInput): string {
    const stem = romStem(game.romPath)
    const computed = slugOf(stem) !== '' ? slugOf(stem) : slugOf(game.name ?? '')
    const table = this.#table(mediaSystem)
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

  #table (mediaSystem: string): Readonly<Record<string, string>> {
    let table = this.#tables.get(mediaSystem)
    if (table === undefined) {
      table = {}
      try {
        const parsed = JSON.parse(readFileSync(path.join(this.#dir, `${mediaSystem}.json`), 'utf8')) as { Entries?: unknown }
        if (parsed.Entries !== null && typeof parsed.Entries === 'object') table = parsed.Entries as Record<string, string>
      } catch {
        // no table (the usual case) or a broken one: computed slugs apply
      }
      this.#tables.set(mediaSystem, table)
    }
    return table
  }
}
