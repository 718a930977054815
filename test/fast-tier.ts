/**
 * The fast tier in one process: every test file of `test/<area>/` is imported here once, so the
 * shared modules load once instead of per file. Its tests reach the app through `inject` (and
 * `injectWS`), fakes and mock timers. Subfolders are other tiers, which `npm test` runs as well:
 * `io/` is the service tier (real sockets, file watching, child processes and the wall clock),
 * `peers/` drives real programs.
 */
import { readdirSync } from 'node:fs'

const root = new URL('./', import.meta.url)
const areas = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'support').map((entry) => entry.name).sort()
for (const area of areas) {
  const files = readdirSync(new URL(`${area}/`, root)).filter((name) => name.endsWith('.test.ts')).sort()
  for (const file of files) await import(new URL(`${area}/${file}`, root).href)
}
