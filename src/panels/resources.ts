/**
 * The dynpanels folder: every `systems/`, `games/` and `cores/` JSON file, validated against the
 * resource schema. A file that does not parse or validate is kept out with its path and first
 * error (shown in the status); every other file still loads.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileSignature } from '../core/folder-watch.js'
import path from 'node:path'
import Value from 'typebox/value'
import { PanelResource } from './resource-schema.js'

/** `<data-dir>/resources/dynpanels`: where the demo writes its panels and users edit theirs. */
export function dynpanelsRoot (dataDir: string): string {
  return path.join(dataDir, 'resources', 'dynpanels')
}

export type PanelScope = 'system' | 'game' | 'core'

export interface LoadedPanel {
  readonly scope: PanelScope
  /** The file name without `.json`: system id, rom or core. */
  readonly name: string
  readonly file: string
  readonly resource: PanelResource
}

export interface PanelFileError {
  readonly file: string
  readonly error: string
}

const folders: ReadonlyArray<[string, PanelScope]> = [['systems', 'system'], ['games', 'game'], ['cores', 'core']]

/** The first schema error of a resource, as `<json path>: <message>`; null when it is valid. */
function firstResourceError (data: unknown): string | null {
  const first = Value.Errors(PanelResource, data)[0]
  if (first === undefined) return null
  return `${first.instancePath === '' ? '(root)' : first.instancePath}: ${first.message}`
}

function readPanel (file: string): PanelResource | string {
  let data: unknown
  try {
    data = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    return `not JSON: ${(error as Error).message}`
  }
  return firstResourceError(data) ?? (data as PanelResource)
}

function jsonFiles (folder: string): string[] {
  try {
    return readdirSync(folder).filter((name) => name.toLowerCase().endsWith('.json')).sort()
  } catch {
    return []
  }
}

export class PanelResources {
  readonly root: string
  #panels: LoadedPanel[] = []
  #errors: PanelFileError[] = []

  constructor (root: string) {
    this.root = root
  }

  #signature = ''

  /** Reads the whole folder again when a file appeared, went or changed; true when it did. */
  reloadIfChanged (): boolean {
    const signature = folders.flatMap(([folder]) => jsonFiles(path.join(this.root, folder)).map((name) => `${folder}/${name}:${fileSignature(path.join(this.root, folder, name)) ?? ''}`)).join('\n')
    if (signature === this.#signature) return false
    this.#signature = signature
    this.load()
    return true
  }

  /** Reads the whole folder again. */
  load (): void {
    const panels: LoadedPanel[] = []
    const errors: PanelFileError[] = []
    for (const [folder, scope] of folders) {
      for (const name of jsonFiles(path.join(this.root, folder))) {
        const file = path.join(this.root, folder, name)
        const read = readPanel(file)
        if (typeof read === 'string') errors.push({ file, error: read })
        else panels.push({ scope, name: name.slice(0, -'.json'.length), file, resource: read })
      }
    }
    this.#panels = panels
    this.#errors = errors
  }

  get errors (): readonly PanelFileError[] {
    return this.#errors
  }

  get panels (): readonly LoadedPanel[] {
    return this.#panels
  }

  find (scope: PanelScope, name: string): LoadedPanel | null {
    const wanted = name.toLowerCase()
    return this.#panels.find((p) => p.scope === scope && p.name.toLowerCase() === wanted) ?? null
  }
}
