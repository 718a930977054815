/**
 * The MAME support files the owner keeps (history.xml, mameinfo.dat, catver.ini), looked for in the
 * configured folders; each read only for the machines a fill asks about.
 */
import path from 'node:path'
import { pathExists } from '../../core/storage/path-exists.js'
import { readCatver } from './catver.js'
import { readHistory } from './history.js'
import { readMameinfo } from './mameinfo.js'

const datNames = { history: 'history.xml', mameinfo: 'mameinfo.dat', catver: 'catver.ini' } as const
export type DatKind = keyof typeof datNames

export interface DatTexts {
  /** History first, else mameinfo. */
  readonly descriptions: ReadonlyMap<string, string>
  readonly genres: ReadonlyMap<string, string>
  /** Files that could not be read, with why; the fill goes on without them. */
  readonly problems: readonly string[]
}

type DatReader = (file: string, wanted: ReadonlySet<string>) => Promise<Map<string, string>>

const noFiles: Record<DatKind, string | null> = { history: null, mameinfo: null, catver: null }

export class LocalDats {
  readonly #folders: readonly string[]
  #lastFound = noFiles

  constructor (folders: readonly string[]) {
    this.#folders = folders
  }

  /** Each dat file found, by kind; null when none of the folders holds it. */
  async files (): Promise<Record<DatKind, string | null>> {
    const find = async (name: string): Promise<string | null> => {
      for (const file of this.#folders.map((folder) => path.join(folder, name))) {
        if (await pathExists(file)) return file
      }
      return null
    }
    this.#lastFound = { history: await find(datNames.history), mameinfo: await find(datNames.mameinfo), catver: await find(datNames.catver) }
    return this.#lastFound
  }

  /** What the last look found (none before the first), for the status page, which does not wait on the disk. */
  lastFound (): Record<DatKind, string | null> {
    return this.#lastFound
  }

  async texts (names: readonly string[], needDescriptions: boolean, needGenres: boolean): Promise<DatTexts> {
    const wanted = new Set(names)
    const files = await this.files()
    const problems: string[] = []
    const read = async (needed: boolean, file: string | null, reader: DatReader): Promise<Map<string, string>> => {
      if (!needed || file === null) return new Map()
      try {
        return await reader(file, wanted)
      } catch (error) {
        problems.push(`${file}: ${(error as Error).message}`)
        return new Map()
      }
    }
    const history = await read(needDescriptions, files.history, readHistory)
    const mameinfo = await read(needDescriptions, files.mameinfo, readMameinfo)
    return { descriptions: new Map([...mameinfo, ...history]), genres: await read(needGenres, files.catver, readCatver), problems }
  }
}
