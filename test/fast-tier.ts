/**
 * The fast tier in one process: every test file of `test/<area>/` (the `peers/` folders hold the
 * real-program tier) is imported here once, so the shared modules load once instead of per file.
 */
import { readdirSync } from 'node:fs'

const root = new URL('./', import.meta.url)
const areas = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'support').map((entry) => entry.name).sort()
for (const area of areas) {
  const files = readdirSync(new URL(`${area}/`, root)).filter((name) => name.endsWith('.test.ts')).sort()
  for (const file of files) await import(new URL(`${area}/${file}`, root).href)
}
