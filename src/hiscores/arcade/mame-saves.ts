/**
 * A MAME game's table from its own saves: the definition `<rom>.xml` names the files it reads
 * (`.hi` in the hiscore folder, others in `nvram/<rom>/`), the engine decodes them, and the table
 * with a score column becomes the game's entries.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { decodeSaves, definitionFiles, loadGameDefinition, type DecodedTable, type SaveFile } from '../hi2txt/index.js'
import type { SourceType, TableEntry, TableField } from '../tables/table-store.js'

export interface SaveFolders {
  readonly definitionsDir: string
  readonly hiscoreDir: string | null
  readonly nvramDir: string | null
}

export type ArcadeDecode =
  | { readonly status: 'ok', readonly entries: TableEntry[], readonly fields: TableField[], readonly sourceType: SourceType, readonly sourceFile: string }
  | { readonly status: 'error', readonly message: string, readonly sourceType: SourceType, readonly sourceFile: string | null }

/** Where MAME keeps the file a structure reads. */
function locate (folders: SaveFolders, rom: string, file: string): { path: string, name: string } | null {
  if (file.endsWith('.hi')) return folders.hiscoreDir === null ? null : { path: path.join(folders.hiscoreDir, `${rom}.hi`), name: '.hi' }
  return folders.nvramDir === null ? null : { path: path.join(folders.nvramDir, rom, file), name: file }
}

async function readSave (location: { path: string, name: string }): Promise<SaveFile & { path: string } | null> {
  try {
    return { path: location.path, name: location.name, bytes: await readFile(location.path) }
  } catch {
    return null
  }
}

const integerScore = (text: string): number | null => {
  const digits = text.trim().replace(/[,\s]/g, '')
  return /^\d{1,15}$/.test(digits) ? Number(digits) : null
}

/** The first table with a score column; ranks from its RANK column, else its order. */
function entriesOf (tables: readonly DecodedTable[]): TableEntry[] | null {
  for (const table of tables) {
    const column = (pattern: RegExp): number => table.Columns.findIndex((name) => pattern.test(name))
    const score = column(/SCORE/i)
    if (score < 0) continue
    const name = column(/NAME|INITIAL|PLAYER/i)
    const rank = column(/^RANK$/i)
    return table.Rows.map((row, i) => {
      const ranked = rank < 0 ? Number.NaN : Number(row[rank])
      const text = (row[score] ?? '').trim()
      return { rank: Number.isInteger(ranked) ? ranked : i + 1, name: name < 0 ? '' : (row[name] ?? '').trim(), score: text, value: integerScore(text) }
    })
  }
  return null
}

/** null when the game has no definition or none of its saves exists yet. */
export async function decodeArcade (folders: SaveFolders, rom: string): Promise<ArcadeDecode | null> {
  // A rom name from a URL must not reach outside the definitions and save folders.
  if (!/^[^/\\\0]+$/.test(rom) || rom === '.' || rom === '..') return null
  let definition
  try {
    definition = await loadGameDefinition(rom, folders.definitionsDir)
  } catch (error) {
    return { status: 'error', message: `definition ${rom}.xml: ${(error as Error).message}`, sourceType: 'hi', sourceFile: null }
  }
  if (definition === null) return null
  const locations = definitionFiles(definition).map((file) => locate(folders, rom, file)).filter((l) => l !== null)
  const saves = (await Promise.all(locations.map(readSave))).filter((s) => s !== null)
  const first = saves[0]
  if (first === undefined) return null
  const sourceType: SourceType = first.name === '.hi' ? 'hi' : 'nvram'
  try {
    const decoded = decodeSaves(definition, saves)
    const entries = entriesOf(decoded.Tables)
    if (entries === null) return { status: 'error', message: `definition ${rom}.xml shows no table with a SCORE column`, sourceType, sourceFile: first.path }
    return { status: 'ok', entries, fields: decoded.Fields.map((field) => ({ id: field.Id, value: field.Value.trim() })), sourceType, sourceFile: first.path }
  } catch (error) {
    return { status: 'error', message: (error as Error).message, sourceType, sourceFile: first.path }
  }
}
