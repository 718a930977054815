/**
 * Serves the pages' scripts (src/browser, built by esbuild: core/browser-build.ts) at
 * `/scripts/<page>-<hash>.js`. The content hash in the name lets a browser keep each file for a
 * year without asking again: a new build is a new name, which the page's HTML (never cached) gives.
 * The scripts hold nothing of this machine, so anyone may read them: an overlay opened from
 * another machine with the read link's `?token=` loads them without the token.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Type } from 'typebox'
import { buildBrowserScripts, type BuiltScript, type BuiltScripts } from './browser-build.js'
import { HubError } from './errors.js'
import type { HubApp } from './module.js'

/** Beside the service's code: `dist/browser/` from `npm run build`, `browser/` beside `app/` in a release bundle. */
const builtDir = path.join(import.meta.dirname, '..', 'browser')

/** The built files' index, written with them: page name -> file name. */
export const manifestFile = 'manifest.json'

const routePrefix = '/scripts/'

async function readBuilt (): Promise<BuiltScripts> {
  const manifest = JSON.parse(await readFile(path.join(builtDir, manifestFile), 'utf8')) as Record<string, string>
  const scripts = await Promise.all(Object.entries(manifest).map(async ([page, file]) => [page, { file, text: await readFile(path.join(builtDir, file), 'utf8') }] as const))
  return new Map(scripts)
}

/** From the TypeScript source (tsx, the tests), the scripts are built afresh rather than read from an older build. */
const fromSource = import.meta.filename.endsWith('.ts')

let loaded: Promise<BuiltScripts> | null = null

/** The scripts never change while the service runs: loaded (or built) once, on first use. */
function scripts (): Promise<BuiltScripts> {
  loaded ??= fromSource ? buildBrowserScripts() : readBuilt()
  return loaded
}

/** The URL of a page's script (the `<page>.page.ts` of src/browser). */
export async function scriptUrl (page: string): Promise<string> {
  const script = (await scripts()).get(page)
  if (script === undefined) throw new Error(`no browser script for the page ${page}: src/browser has no ${page}.page.ts, or the build is older than the service`)
  return routePrefix + script.file
}

const oneYear = 365 * 24 * 60 * 60

export function browserScriptRoutes (app: HubApp): void {
  app.get(`${routePrefix}:file`, {
    config: { publicRead: true },
    schema: { hide: true, params: Type.Object({ file: Type.String() }) }
  }, async (request, reply) => {
    const script: BuiltScript | undefined = [...(await scripts()).values()].find((built) => built.file === request.params.file)
    if (script === undefined) throw new HubError(404, 'NOT_FOUND', `No script ${request.params.file}: the page that named it is older than this service; reload it`)
    // The name holds the content hash: it is the file's identity too.
    const etag = `"${script.file}"`
    void reply.header('cache-control', `public, max-age=${oneYear}, immutable`).header('etag', etag)
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    return reply.type('text/javascript; charset=utf-8').send(script.text)
  })
}
