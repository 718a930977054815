/**
 * Watch definitions per game, one JSON file per (system, rom) under the data dir, so a person can
 * also drop files there. Keys are matched case-insensitively: the emulator and the frontend do not
 * agree on case.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import Value from 'typebox/value'
import { HubError } from '../../core/errors.js'
import { writeFileAtomic } from '../../core/storage/atomic-file.js'
import { nameProblem } from '../../identity/index.js'
import { DefinitionBody, type DefinitionBodyType, type WatchType } from '../schemas.js'
import { maxSize } from './decoding.js'

export interface GameKey {
  readonly systemId: string
  readonly rom: string
}

export interface StoredDefinition extends GameKey {
  readonly file: string
  readonly watches: readonly WatchType[]
}

/** Problems a schema cannot express; empty when the definition is usable. */
function definitionProblems (body: DefinitionBodyType): string[] {
  const problems: string[] = []
  const seen = new Set<string>()
  body.watches.forEach((watch, index) => {
    if (seen.has(watch.key)) problems.push(`watches[${index}].key: "${watch.key}" is used twice`)
    seen.add(watch.key)
    const limit = maxSize[watch.encoding]
    if (watch.size > limit) problems.push(`watches[${index}].size: ${watch.encoding} values are at most ${limit} bytes (got ${watch.size})`)
  })
  return problems
}

function schemaProblems (data: unknown): string[] {
  return [...Value.Errors(DefinitionBody, data)].slice(0, 5).map((e) => `${e.instancePath === '' ? '(root)' : e.instancePath}: ${e.message}`)
}

/** A path segment from a URL or an emulator: nothing that could leave the definitions folder. */
function segment (value: string, what: string): string {
  const problem = nameProblem(value, what)
  if (problem !== null) throw new HubError(400, 'INVALID_GAME_KEY', `${problem}, so it cannot name a definition`)
  return value.trim().toLowerCase()
}

/** Where the definitions are: `<system>/<rom>.json`, lower case (the MAME plugin reads them there too). */
export function definitionsRoot (dataDir: string): string {
  return path.join(dataDir, 'ingame', 'definitions')
}

export class DefinitionStore {
  readonly #root: string
  /** Files that exist but could not be used, by path, with the reason (shown in the status). */
  readonly #errors = new Map<string, string>()

  constructor (dataDir: string) {
    this.#root = definitionsRoot(dataDir)
  }

  fileOf (key: GameKey): string {
    return path.join(this.#root, segment(key.systemId, 'system'), `${segment(key.rom, 'rom')}.json`)
  }

  errors (): string[] {
    return [...this.#errors].map(([file, reason]) => `${file}: ${reason}`)
  }

  /** The stored definition; null when there is none or the file is unusable (logged once through `onError`). */
  async load (key: GameKey, onError: (message: string) => void): Promise<StoredDefinition | null> {
    let file: string
    try {
      file = this.fileOf(key)
    } catch {
      return null
    }
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch {
      return null
    }
    let data: unknown
    try {
      data = JSON.parse(text)
    } catch (error) {
      return this.#reject(file, `not JSON (${(error as Error).message})`, onError)
    }
    const problems = schemaProblems(data)
    if (problems.length === 0) problems.push(...definitionProblems(data as DefinitionBodyType))
    if (problems.length > 0) return this.#reject(file, problems.join('; '), onError)
    this.#errors.delete(file)
    return { ...key, file, watches: (data as DefinitionBodyType).watches }
  }

  /** Validates and writes (atomically: a reader never sees half a file). */
  async save (key: GameKey, body: DefinitionBodyType): Promise<StoredDefinition> {
    const problems = definitionProblems(body)
    if (problems.length > 0) throw new HubError(400, 'INVALID_DEFINITION', `The definition is not usable: ${problems.join('; ')}`)
    const file = this.fileOf(key)
    await writeFileAtomic(file, `${JSON.stringify(body, null, 2)}\n`, { durable: true })
    this.#errors.delete(file)
    return { ...key, file, watches: body.watches }
  }

  #reject (file: string, reason: string, onError: (message: string) => void): null {
    if (this.#errors.get(file) !== reason) onError(`watch definition ${file} is ignored: ${reason}`)
    this.#errors.set(file, reason)
    return null
  }
}
