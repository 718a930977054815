/**
 * Our engine for the hi2txt definition language: a definition (following `sameas` to the game it
 * copies) and the saves MAME writes give the tables the game shows. Failures are typed: a
 * DefinitionError blames the definition, a SaveMismatchError the save.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parseDefinition, type Definition } from './definition.js'
import { DefinitionError } from './errors.js'
import { renderOutput, selectOutput, type Decoded, type ReadLevel } from './render.js'
import { readSaves, type SaveFile } from './structure.js'
import { namedDtd, readDtd } from './xml-tree.js'

export { DefinitionError, SaveMismatchError } from './errors.js'
export type { Decoded, DecodedTable, ReadLevel } from './render.js'
export type { SaveFile } from './structure.js'

const maxSameasHops = 16

async function readText (file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8')
  } catch {
    return null
  }
}

/** A definition's text parsed, with the DTD its DOCTYPE names in `folder` read first. */
async function parseIn (text: string, folder: string): Promise<Definition> {
  const dtd = namedDtd(text, folder)
  return parseDefinition(text, dtd === null ? null : await readDtd(dtd))
}

/** A definition's text, with its `sameas` chain followed through `definitionsDir` (`<game>.xml`). */
async function followSameas (file: string, text: string, definitionsDir: string): Promise<Definition> {
  let definition = await parseIn(text, path.dirname(file))
  const visited = [path.basename(file, '.xml')]
  while (definition.sameas !== null) {
    const target = definition.sameas
    if (visited.includes(target)) throw new DefinitionError(`sameas chain loops: ${[...visited, target].join(' -> ')}`)
    if (visited.length > maxSameasHops) throw new DefinitionError(`sameas chain is longer than ${maxSameasHops}: ${visited.join(' -> ')}`)
    if (!/^[\w.-]+$/.test(target)) throw new DefinitionError(`sameas names "${target}", which is not a game name`)
    visited.push(target)
    const next = await readText(path.join(definitionsDir, `${target}.xml`))
    if (next === null) throw new DefinitionError(`sameas names ${target}, but ${target}.xml is not in ${definitionsDir}`)
    definition = await parseIn(next, definitionsDir)
  }
  return definition
}

/** A definition file, with its `sameas` chain followed through `definitionsDir` (`<game>.xml`). */
export async function loadDefinitionFile (file: string, definitionsDir: string): Promise<Definition> {
  const text = await readText(file)
  if (text === null) throw new DefinitionError(`cannot read definition ${file}`)
  return followSameas(file, text, definitionsDir)
}

/** The definition of a game in a definitions folder, or null when there is none. */
export async function loadGameDefinition (rom: string, definitionsDir: string): Promise<Definition | null> {
  const file = path.join(definitionsDir, `${rom}.xml`)
  const text = await readText(file)
  return text === null ? null : followSameas(file, text, definitionsDir)
}

export function decodeSaves (definition: Definition, saves: readonly SaveFile[], level: ReadLevel = 'default'): Decoded {
  const { store, outputId } = readSaves(definition, saves)
  return renderOutput(selectOutput(definition, outputId), definition, store, level)
}

/** Names a save by where MAME writes it: `.../hiscore/<rom>.hi` is the `.hi` file, `.../nvram/<rom>/<name>` the nvram file `<name>`. */
export function saveNameOf (file: string): string {
  return file.endsWith('.hi') ? '.hi' : path.basename(file)
}

/** Structures name the files they read; the files a definition needs, for lookups and watches. */
export function definitionFiles (definition: Definition): string[] {
  return [...new Set(definition.structures.map((structure) => structure.file))]
}

export type { Definition } from './definition.js'
