/** Imports a tier's test files into one process: `test/<area>/<folder>*.test.ts` for every area. */
import { existsSync, readdirSync } from 'node:fs'

const root = new URL('../', import.meta.url)

/** `folder` is '' for the fast tier's files, or a tier's subfolder of each area with a trailing slash (`io/`). */
export async function importTier (folder: string): Promise<void> {
  const areas = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'support').map((entry) => entry.name).sort()
  for (const area of areas) {
    const dir = new URL(`${area}/${folder}`, root)
    if (!existsSync(dir)) continue
    const files = readdirSync(dir).filter((name) => name.endsWith('.test.ts')).sort()
    for (const file of files) await import(new URL(file, dir).href)
  }
}
