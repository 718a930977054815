/** The project's Markdown pages, and a bundle's, for the tests that hold them to the code. */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export const projectRoot = new URL('../../', import.meta.url).pathname

/** Every `.md` file under `folder` (relative to `root`, the project's unless given), as paths relative to the root. */
export function markdownFiles (folder: string, root = projectRoot): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name)
    return entry.isDirectory() ? markdownFiles(relative, root) : entry.name.endsWith('.md') ? [relative] : []
  })
}

/**
 * The relative links of the pages (paths relative to `root`) that name no file there, as
 * `page -> target`; and how many relative links they hold. Addresses (`https:`) and anchors are not files.
 */
export function missingLinkTargets (root: string, pages: readonly string[]): { missing: string[], links: number } {
  const missing: string[] = []
  let links = 0
  for (const page of pages) {
    for (const [, target] of readFileSync(path.join(root, page), 'utf8').matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue
      links++
      if (!existsSync(path.join(root, path.dirname(page), target!))) missing.push(`${page} -> ${target}`)
    }
  }
  return { missing, links }
}
