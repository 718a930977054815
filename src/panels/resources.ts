/**
 * The dynpanels folder: every `systems/`, `games/` and `cores/` JSON file, validated against the
 * resource schema. A file that does not parse or validate is kept out with its path and first
 * error (shown in the status); every other file still loads.
 */
import { readdir, readFile } from 'node:fs/promises'
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

async function readPanel (file: string): Promise<PanelResource | string> {
  let data: unknown
  try {
    data = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    return `not JSON: ${(error as Error).message}`
  }
  return firstResourceError(data) ?? (data as PanelResource)
}

const isPanelFileName = (name: string): boolean => name.toLowerCase().endsWith('.json')

async function jsonFiles (folder: string): Promise<string[]> {
  return readdir(folder).then((names) => names.filter(isPanelFileName).sort(), () => [])
}

/** A panel file of the folder: `<root>/<systems|games|cores>/<name>.json`, the files `load` reads. */
export function isPanelFile (root: string, file: string): boolean {
  const folder = path.relative(root, path.dirname(file))
  return folders.some(([name]) => name === folder) && isPanelFileName(path.basename(file))
}

export class PanelResources {
  readonly root: string
  #panels: LoadedPanel[] = []
  #errors: PanelFileError[] = []

  constructor (root: string) {
    this.root = root
  }

  /** The read in progress: reads run one after the other, so the last one started is the one kept. */
  #loading: Promise<void> = Promise.resolve()

  /** Reads the whole folder again. */
  async load (): Promise<void> {
    this.#loading = this.#loading.catch(() => {}).then(async () => this.#readAll())
    return this.#loading
  }

  async #readAll (): Promise<void> {
    const panels: LoadedPanel[] = []
    const errors: PanelFileError[] = []
    for (const [folder, scope] of folders) {
      for (const name of await jsonFiles(path.join(this.root, folder))) {
        const file = path.join(this.root, folder, name)
        const read = await readPanel(file)
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
