/**
 * Our engine for the hi2txt definition language: a definition (following `sameas` to the game it
 * copies) and the saves MAME writes give the tables the game shows. Failures are typed: a
 * DefinitionError blames the definition, a SaveMismatchError the save.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseDefinition, type Definition } from './definition.js'
import { DefinitionError } from './errors.js'
import { renderOutput, selectOutput, type Decoded, type ReadLevel } from './render.js'
import { readSaves, type SaveFile } from './structure.js'

export { DefinitionError, SaveMismatchError } from './errors.js'
export type { Decoded, DecodedTable, ReadLevel } from './render.js'
export type { SaveFile } from './structure.js'

const maxSameasHops = 16

function readText (file: string): string | null {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return null
  }
}

/** A definition file, with its `sameas` chain followed through `definitionsDir` (`<game>.xml`). */
export function loadDefinitionFile (file: string, definitionsDir: string): Definition {
  const text = readText(file)
  if (text === null) throw new DefinitionError(`cannot read definition ${file}`)
  let definition = parseDefinition(text, path.dirname(file))
  const visited = [path.basename(file, '.xml')]
  while (definition.sameas !== null) {
    const target = definition.sameas
    if (visited.includes(target)) throw new DefinitionError(`sameas chain loops: ${[...visited, target].join(' -> ')}`)
    if (visited.length > maxSameasHops) throw new DefinitionError(`sameas chain is longer than ${maxSameasHops}: ${visited.join(' -> ')}`)
    if (!/^[\w.-]+$/.test(target)) throw new DefinitionError(`sameas names "${target}", which is not a game name`)
    visited.push(target)
    const next = readText(path.join(definitionsDir, `${target}.xml`))
    if (next === null) throw new DefinitionError(`sameas names ${target}, but ${target}.xml is not in ${definitionsDir}`)
    definition = parseDefinition(next, definitionsDir)
  }
  return definition
}

/** The definition of a game in a definitions folder, or null when there is none. */
export function loadGameDefinition (rom: string, definitionsDir: string): Definition | null {
  const file = path.join(definitionsDir, `${rom}.xml`)
  return readText(file) === null ? null : loadDefinitionFile(file, definitionsDir)
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
