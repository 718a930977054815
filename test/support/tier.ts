/** Imports a tier's test files into one process: `test/<area>/<folder>*.test.ts` for every area. */
import { existsSync, readdirSync } from 'node:fs'

const root = new URL('../', import.meta.url)

/** One of `count` parts of a tier: every `count`-th file from the `index`-th (0-based), in name order. */
export interface Shard { readonly index: number, readonly count: number }

/** `folder` is '' for the fast tier's files, or a tier's subfolder of each area with a trailing slash (`io/`). */
export async function importTier (folder: string, shard: Shard = { index: 0, count: 1 }): Promise<void> {
  const areas = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'support').map((entry) => entry.name).sort()
  const files = areas.flatMap((area) => {
    const dir = new URL(`${area}/${folder}`, root)
    return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.test.ts')).sort().map((file) => new URL(file, dir).href) : []
  })
  for (const [position, file] of files.entries()) {
    if (position % shard.count === shard.index) await import(file)
  }
}
