/** The project's Markdown pages, for the tests that hold them to the code. */
import { readdirSync } from 'node:fs'
import path from 'node:path'

export const projectRoot = new URL('../../', import.meta.url).pathname

/** Every `.md` file under `folder` (relative to the project root), as paths relative to the root. */
export function markdownFiles (folder: string): string[] {
  return readdirSync(path.join(projectRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name)
    return entry.isDirectory() ? markdownFiles(relative) : entry.name.endsWith('.md') ? [relative] : []
  })
}
