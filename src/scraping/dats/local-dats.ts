/**
 * The MAME support files the owner keeps (history.xml, mameinfo.dat, catver.ini), looked for in the
 * configured folders; each read only for the machines a fill asks about.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
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

export class LocalDats {
  readonly #folders: readonly string[]

  constructor (folders: readonly string[]) {
    this.#folders = folders
  }

  /** Each dat file found, by kind; null when none of the folders holds it. */
  files (): Record<DatKind, string | null> {
    const find = (name: string): string | null => this.#folders.map((folder) => path.join(folder, name)).find((file) => existsSync(file)) ?? null
    return { history: find(datNames.history), mameinfo: find(datNames.mameinfo), catver: find(datNames.catver) }
  }

  async texts (names: readonly string[], needDescriptions: boolean, needGenres: boolean): Promise<DatTexts> {
    const wanted = new Set(names)
    const files = this.files()
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
