/**
 * `node --import tsx scripts/oldest-node.ts <node arguments>`: runs Node.js with those arguments,
 * but the oldest Node.js the app supports (package.json's engines) rather than the one npm scripts
 * run, fetched as a bundle's is. `npm run test:fast:node22` runs the fast tier on it this way.
 * The output is the child's alone, to its last line: CI reads the test runner's closing summary.
 */
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { fetchNodePackage } from './bundles/node-runtime.js'
import { oldestNodeVersion, thisMachine } from './bundles/targets.js'

const target = thisMachine()
if (target === undefined) throw new Error(`no Node.js package for ${process.platform}-${process.arch} in scripts/bundles/targets.ts`)
const packageRoot = fetchNodePackage(target.nodePackage, oldestNodeVersion())
try {
  const child = spawnSync(path.join(packageRoot, target.packagedNode), process.argv.slice(2), { stdio: 'inherit' })
  if (child.error !== undefined) throw child.error
  process.exitCode = child.status ?? 1
} finally {
  rmSync(path.dirname(packageRoot), { recursive: true, force: true })
}
