/** A folder held in memory behind the files port (src/core/files.ts), for a module tested without a temp folder. */
import path from 'node:path'
import type { Files } from '../../src/core/files.js'

function missing (file: string): Error {
  return Object.assign(new Error(`ENOENT: no such file or directory, '${file}'`), { code: 'ENOENT' })
}

/** `tree` maps absolute file paths to their text; a folder exists when a file is under it. */
export function memoryFiles (tree: Readonly<Record<string, string>>): Files {
  return {
    readFile: async (file) => {
      const text = tree[file]
      if (text === undefined) throw missing(file)
      return text
    },
    readdir: async (folder) => {
      const names = Object.keys(tree).filter((file) => path.dirname(file) === folder).map((file) => path.basename(file))
      if (names.length === 0) throw missing(folder)
      return names.sort()
    }
  }
}
