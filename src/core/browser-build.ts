/**
 * Builds the pages' scripts from their TypeScript (src/browser) with esbuild: one self-contained
 * ES module per `<page>.page.ts`, named `<page>-<content hash>.js`. `npm run build` and the release
 * bundles write them out (scripts/build-browser.ts); the service runs it itself only when it runs
 * from its TypeScript source, so what it serves is never older than the source.
 */
import { readdir } from 'node:fs/promises'
import path from 'node:path'

/** The browser code's folder, with its own tsconfig (the DOM, no Node). */
const browserSourceDir = path.join(import.meta.dirname, '..', 'browser')

const pageSuffix = '.page.ts'

/** A built page script: the file name it is served under and its text. */
export interface BuiltScript {
  readonly file: string
  readonly text: string
}

/** Page name (`dashboard`, `marquee` ...) -> its script. */
export type BuiltScripts = ReadonlyMap<string, BuiltScript>

async function pageEntries (): Promise<Record<string, string>> {
  const files = (await readdir(browserSourceDir, { recursive: true })).filter((file) => file.endsWith(pageSuffix))
  const entries: Record<string, string> = {}
  for (const file of files) {
    const page = path.basename(file, pageSuffix)
    if (page in entries) throw new Error(`two pages named ${page} in src/browser: page names must be unique, they name the served files`)
    entries[page] = path.join(browserSourceDir, file)
  }
  return entries
}

export async function buildBrowserScripts (): Promise<BuiltScripts> {
  // A development tool: the service from dist/ or a release bundle reads the files built beforehand.
  const { default: esbuild } = await import('esbuild')
  const result = await esbuild.build({
    entryPoints: await pageEntries(),
    entryNames: '[name]-[hash]',
    // Nothing is written: the names only give the outputs their paths, relative to this folder in the metafile.
    absWorkingDir: browserSourceDir,
    outdir: 'out',
    write: false,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    tsconfig: path.join(browserSourceDir, 'tsconfig.json'),
    // Readable as served: the live page and the overlays double as examples for overlay authors.
    minify: false,
    charset: 'utf8',
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning'
  })
  const scripts = new Map<string, BuiltScript>()
  for (const output of result.outputFiles) {
    const relative = path.relative(browserSourceDir, output.path).split(path.sep).join('/')
    const entry = result.metafile.outputs[relative]?.entryPoint
    if (entry === undefined) continue
    scripts.set(path.basename(entry, pageSuffix), { file: path.basename(output.path), text: output.text })
  }
  return scripts
}
