/**
 * `npm run dist [-- --out DIR]`: self-contained bundles, one per target (targets.ts), each
 * unpacking to `cabinet-hub-<version>/` with Node.js in `node/`, the service in
 * `app/cabinet-hub.mjs`, the pages' scripts in `browser/`, the launchers, the owner's README and
 * docs/ (owner-docs.ts) and the licences. Nothing needs installing on the cabinet: not Node.js, not npm, not a compiler.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { writeArchive } from './archive.js'
import { writeBrowserScripts } from '../build-browser.js'
import { bundleApp, bundlePackageJson } from './bundle-app.js'
import { cmdLauncher, shLauncher } from './launchers.js'
import { fetchNodePackage, installNode } from './node-runtime.js'
import { writeOwnerDocs } from './owner-docs.js'
import { archiveName, nodeVersion, projectPackage, targets } from './targets.js'

const projectRoot = path.resolve(import.meta.dirname, '../..')

const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist-bundles' } } })
const out = path.resolve(values.out)
const { version } = projectPackage
const folderName = `cabinet-hub-${version}`
const node = nodeVersion()
const work = mkdtempSync(path.join(tmpdir(), 'cabinet-hub-dist-'))

try {
  const app = path.join(work, 'app')
  const thirdParty = await bundleApp(app)
  // Beside app/, as dist/browser is beside the service's code in dist/ (src/core/browser-scripts.ts).
  const browser = path.join(work, 'browser')
  await writeBrowserScripts(browser)
  mkdirSync(out, { recursive: true })
  let nodeLicence: string | null = null
  for (const target of targets) {
    const bundle = path.join(work, target.name, folderName)
    cpSync(app, path.join(bundle, 'app'), { recursive: true })
    cpSync(browser, path.join(bundle, 'browser'), { recursive: true })
    const nodePackage = fetchNodePackage(target.nodePackage, node)
    installNode(target, nodePackage, bundle)
    // The Windows package carries no LICENSE; it is the same text for every build of one release.
    nodeLicence ??= readFileSync(path.join(nodePackage, 'LICENSE'), 'utf8')
    writeFileSync(path.join(bundle, 'node', 'LICENSE'), nodeLicence)
    rmSync(path.dirname(nodePackage), { recursive: true, force: true })
    writeFileSync(path.join(bundle, 'cabinet-hub'), shLauncher, { mode: 0o755 })
    writeFileSync(path.join(bundle, 'cabinet-hub.cmd'), cmdLauncher)
    writeFileSync(path.join(bundle, 'package.json'), bundlePackageJson(version))
    cpSync(path.join(projectRoot, 'LICENSE'), path.join(bundle, 'LICENSE'))
    writeOwnerDocs(projectRoot, bundle)
    writeFileSync(path.join(bundle, 'THIRD-PARTY-LICENSES.txt'), `${thirdParty}\n${'-'.repeat(78)}\n\nNode.js ${node} (in node/): see node/LICENSE.\n`)
    const archive = path.join(out, archiveName(version, target))
    await writeArchive(target.archive, path.dirname(bundle), folderName, archive)
    process.stdout.write(`wrote ${archive} (${(statSync(archive).size / 1024 / 1024).toFixed(1)} MB, Node.js ${node})\n`)
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
