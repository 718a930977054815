/** Reading a frontend's systems file: the first of its places that holds one. */
import { readFile } from 'node:fs/promises'
import type { FrontendFormats, SystemInfo } from './adapter.js'

/**
 * The systems of the first file found, or null when none is there. A file that is there but
 * cannot be read or parsed throws, naming the file.
 */
export async function readFirstSystemsFile (files: readonly string[], formats: Pick<FrontendFormats, 'readSystems'>): Promise<{ readonly file: string, readonly systems: SystemInfo[] } | null> {
  for (const file of files) {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw new Error(`${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { cause: error })
    }
    try {
      return { file, systems: formats.readSystems(text) }
    } catch (error) {
      throw new Error(`${file} cannot be read (${(error as Error).message.split('\n')[0]})`, { cause: error })
    }
  }
  return null
}
