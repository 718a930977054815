/**
 * The service bundled by esbuild with every dependency: `app/cabinet-hub.mjs`, the entry, turns on
 * the compile cache and loads the rest (src/bundle-entry.ts), which esbuild splits into
 * `app/part-<hash>.mjs` files; what only some services need (MQTT.js) is a part of its own. Beside
 * them go the files dependencies read at run time, and the licences of what went in.
 */
import { cpSync, existsSync, readFileSync, realpathSync } from 'node:fs'
import path from 'node:path'
import { build, type Metafile, type Plugin } from 'esbuild'

const projectRoot = path.resolve(import.meta.dirname, '../..')

const entryName = 'cabinet-hub'
const appFileName = `${entryName}.mjs`

/**
 * Packages that read their own files at run time (through `__dirname`). In the bundle their
 * `__dirname` is their folder under `app/node_modules/`, where these files of theirs are copied.
 */
const packageFiles: ReadonlyArray<{ readonly name: string, readonly paths: readonly string[] }> = [
  { name: '@fastify/swagger-ui', paths: ['static'] }
]

/** Set in the bundle's first lines: where the bundle is. */
const appDirVariable = '__cabinetHubAppDir'

/**
 * The bundled CommonJS dependencies call `require` for Node's own modules, which an ES module does
 * not have; and the packages above find their files from the bundle's folder.
 */
const banner = [
  "import { createRequire as __cabinetHubCreateRequire } from 'node:module'",
  "import { dirname as __cabinetHubDirname } from 'node:path'",
  "import { fileURLToPath as __cabinetHubFileURLToPath } from 'node:url'",
  'const require = __cabinetHubCreateRequire(import.meta.url)',
  `const ${appDirVariable} = __cabinetHubDirname(__cabinetHubFileURLToPath(import.meta.url))`
].join('\n')

const packageDirPlugin: Plugin = {
  name: 'package-dirname',
  setup (build) {
    // esbuild loads files by their real paths: node_modules may be a link (a git worktree's to the main checkout's).
    const nodeModules = realpathSync(path.join(projectRoot, 'node_modules'))
    for (const { name } of packageFiles) {
      const folder = path.join(nodeModules, name)
      build.onLoad({ filter: new RegExp(`^${folder.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/.*\\.js$`) }, (args) => {
        const relative = path.relative(nodeModules, path.dirname(args.path)).split(path.sep)
        const source = readFileSync(args.path, 'utf8')
        const dirname = `var __dirname = require('node:path').join(${appDirVariable}, 'node_modules', ${relative.map((part) => JSON.stringify(part)).join(', ')});\n`
        return { contents: dirname + source, loader: 'js' }
      })
    }
  }
}

/**
 * Node's own modules that the bundle takes through `require` rather than `import`: the ES module
 * face of `node:http` reads every export, the lazy WebSocket ones too, which loads undici (28 ms
 * at every start); `require` leaves them unread.
 */
const requiredBuiltins = ['node:http']

const requiredBuiltinsPlugin: Plugin = {
  name: 'required-builtins',
  setup (build) {
    build.onResolve({ filter: new RegExp(`^(${requiredBuiltins.join('|')})$`) }, (args) => args.namespace === 'required-builtin' ? { path: args.path, external: true } : { path: args.path, namespace: 'required-builtin' })
    build.onLoad({ filter: /.*/, namespace: 'required-builtin' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)})`, loader: 'js' }))
  }
}

/**
 * V8 holds the source of a script with a single character past ASCII as two bytes a character:
 * one en dash in a regular expression (esbuild escapes strings, not those, and keeps comments
 * unless whitespace is minified) made the 3 MB part of the service 6 MB of every running
 * service's memory. Such a character is written as an escape (`\u2013`) in the source instead.
 */
function asciiOnly (metafile: Metafile): void {
  for (const output of Object.keys(metafile.outputs)) {
    const nonAscii = /[^\0-\x7f]/.exec(readFileSync(output, 'utf8'))
    if (nonAscii !== null) throw new Error(`${output}: ${JSON.stringify(nonAscii[0])} at ${nonAscii.index} is not ASCII; write it as an escape in the source`)
  }
}

/** `node_modules/a/node_modules/@b/c/lib/x.js` -> the folder of `@b/c` in it. */
function packageDirOf (input: string): string | null {
  const parts = input.split('/')
  const last = parts.lastIndexOf('node_modules')
  if (last < 0) return null
  const nameParts = parts[last + 1]!.startsWith('@') ? 2 : 1
  return parts.slice(0, last + 1 + nameParts).join('/')
}

interface PackageJson { readonly name: string, readonly version: string, readonly license?: string }

/** Every bundled package's name, version, licence and licence text, for THIRD-PARTY-LICENSES.txt. */
function thirdPartyLicences (metafile: Metafile): string {
  const folders = [...new Set(Object.keys(metafile.inputs).map(packageDirOf).filter((dir) => dir !== null))].sort()
  const sections = folders.map((folder) => {
    const dir = path.join(projectRoot, folder)
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson
    const licenceFile = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license', 'LICENCE', 'license.md', 'LICENSE-MIT'].map((f) => path.join(dir, f)).find((f) => existsSync(f))
    const text = licenceFile === undefined ? `(no licence file in the package; package.json says ${pkg.license ?? 'nothing'})` : readFileSync(licenceFile, 'utf8').trim()
    return `${pkg.name} ${pkg.version} (${pkg.license ?? 'see text'})\n\n${text}\n`
  })
  const unique = [...new Set(sections)]
  return `cabinet-hub bundles these packages in app/${appFileName}; their licences follow.\n\n${unique.join(`\n${'-'.repeat(78)}\n\n`)}`
}

/** The bundle's `package.json`: src/version.ts reads the version from the one folder above the app. */
export const bundlePackageJson = (version: string): string => `${JSON.stringify({ name: 'cabinet-hub', version, type: 'module', license: 'MIT' }, null, 2)}\n`

/** Writes `cabinet-hub.mjs` and the files it reads into `appDir`; returns the third-party licences. */
export async function bundleApp (appDir: string): Promise<string> {
  const result = await build({
    entryPoints: { [entryName]: path.join(projectRoot, 'src/bundle-entry.ts') },
    outdir: appDir,
    outExtension: { '.js': '.mjs' },
    // The entry's dynamic import of the command line becomes a file of its own, loaded once the cache is on.
    splitting: true,
    // Beside the entry: each part finds the files of its packages from its own folder.
    chunkNames: 'part-[hash]',
    bundle: true,
    platform: 'node',
    // ES module builds first: some packages' CommonJS builds are UMD, whose requires esbuild cannot follow (jsonc-parser).
    mainFields: ['module', 'main'],
    format: 'esm',
    target: 'node24',
    banner: { js: banner },
    plugins: [packageDirPlugin, requiredBuiltinsPlugin],
    // Builds the pages' scripts only when the service runs from its TypeScript source; the bundle reads them from browser/.
    external: ['esbuild'],
    metafile: true,
    legalComments: 'none',
    // Without comments (see asciiOnly) the service's part is a third smaller: V8 keeps the source of every script it runs.
    minifyWhitespace: true,
    logLevel: 'warning'
  })
  asciiOnly(result.metafile)
  for (const { name, paths } of packageFiles) {
    for (const file of paths) cpSync(path.join(projectRoot, 'node_modules', name, file), path.join(appDir, 'node_modules', name, file), { recursive: true })
  }
  return thirdPartyLicences(result.metafile)
}
