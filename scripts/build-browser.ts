/**
 * `npm run build` (after tsc): the pages' scripts of src/browser into `dist/browser/` (or `--out DIR`),
 * each `<page>-<hash>.js`, with the manifest the service finds them by (src/core/browser-scripts.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { buildBrowserScripts } from '../src/core/browser-build.js'
import { manifestFile } from '../src/core/browser-scripts.js'

/** Writes the built scripts and their manifest into `dir`, emptied first: an older build's files would be served to no page. */
export async function writeBrowserScripts (dir: string): Promise<void> {
  const scripts = await buildBrowserScripts()
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  for (const { file, text } of scripts.values()) writeFileSync(path.join(dir, file), text)
  const manifest = Object.fromEntries([...scripts].map(([page, { file }]) => [page, file] as const).sort(([a], [b]) => a.localeCompare(b)))
  writeFileSync(path.join(dir, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`)
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: path.join(import.meta.dirname, '..', 'dist', 'browser') } } })
  await writeBrowserScripts(path.resolve(values.out))
}
