/**
 * Printed texts of a game for the topper and instruction card: `texts/metadata-<lang>.json` in the
 * store (user store first) in the configured language, else the gamelist's own text.
 */
import path from 'node:path'
import type { Files } from '../core/files.js'
import { gamelistTagKinds } from '../media/index.js'

export interface GameTexts {
  readonly Language: string
  readonly Description: string
  readonly Genre: string
  readonly Players: string
  readonly Rating: string
  /** Languages with a metadata file for this entry. */
  readonly Languages: string[]
  /** Flat text fields for surface templates: the gamelist's, with the localized ones over them. */
  readonly Fields: Readonly<Record<string, string>>
}

const textFile = /^metadata-([a-z]{2,3})\.json$/i

function pick (record: Record<string, unknown>, name: string): string | undefined {
  const hit = Object.entries(record).find(([key]) => key.toLowerCase() === name)
  return typeof hit?.[1] === 'string' || typeof hit?.[1] === 'number' ? String(hit[1]) : undefined
}

async function readJson (files: Files, file: string): Promise<Record<string, unknown> | null> {
  try {
    const parsed: unknown = JSON.parse(await files.readFile(file, 'utf8'))
    return parsed !== null && typeof parsed === 'object' ? parsed as Record<string, unknown> : null
  } catch {
    return null
  }
}

/** Gamelist fields without the rom path and media paths: those reach consumers only as canonical URLs. */
function textFieldsOf (gamelist: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(gamelist).filter(([tag]) => tag !== 'path' && !(tag in gamelistTagKinds)))
}

/** `folders` are the entry's folders, best first; `gamelist` the gamelist fields. */
export async function gameTexts (files: Files, folders: readonly string[], language: string, gamelist: Readonly<Record<string, string>>): Promise<GameTexts> {
  const languages = new Set<string>()
  let localized: Record<string, unknown> | null = null
  for (const folder of folders) {
    let names: string[]
    try {
      names = await files.readdir(path.join(folder, 'texts'))
    } catch {
      continue
    }
    for (const name of names) {
      const match = textFile.exec(name)
      if (match === null) continue
      const lang = match[1]!.toLowerCase()
      languages.add(lang)
      if (lang === language) localized ??= await readJson(files, path.join(folder, 'texts', name))
    }
  }
  const text = (field: string, gamelistTag: string): string => (localized === null ? undefined : pick(localized, field)) ?? gamelist[gamelistTag] ?? ''
  const printed = { Description: text('description', 'desc'), Genre: text('genre', 'genre'), Players: text('players', 'players'), Rating: text('rating', 'rating') }
  return {
    Language: localized === null ? 'gamelist' : language,
    ...printed,
    Languages: [...languages].sort(),
    Fields: { ...textFieldsOf(gamelist), name: text('name', 'name'), desc: printed.Description, genre: printed.Genre, players: printed.Players, rating: printed.Rating }
  }
}
