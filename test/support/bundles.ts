/**
 * The bundles of this tree (`npm run dist`), built once for all the test files that use them: kept
 * in the temp folder under a hash of what goes into them, so a second file, or a second run on an
 * unchanged tree, unpacks the same archives instead of building again.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { archiveName, projectPackage, targets, type Target } from '../../scripts/bundles/targets.js'
import { tempDir } from './hub.js'

const root = new URL('../../', import.meta.url).pathname
const inputs = ['src', 'scripts', 'package.json', 'package-lock.json', 'README.md', 'docs', 'LICENSE']
const builtMark = 'built'
const folderPrefix = 'cabinet-hub-bundles-'

function filesOf (relative: string): string[] {
  const full = path.join(root, relative)
  if (!existsSync(full)) return []
  if (!statSync(full).isDirectory()) return [relative]
  return readdirSync(full).sort().flatMap((name) => filesOf(path.join(relative, name)))
}

function inputsHash (): string {
  const hash = createHash('sha256')
  for (const file of inputs.flatMap(filesOf)) hash.update(`${file}\0`).update(readFileSync(path.join(root, file)))
  return hash.digest('hex').slice(0, 16)
}

/** The folder holding this tree's three archives, building them first when needed. */
export function builtBundles (): string {
  const folder = path.join(tmpdir(), `${folderPrefix}${inputsHash()}`)
  if (existsSync(path.join(folder, builtMark))) return folder
  for (const old of readdirSync(tmpdir()).filter((name) => name.startsWith(folderPrefix))) rmSync(path.join(tmpdir(), old), { recursive: true, force: true })
  const building = mkdtempSync(path.join(tmpdir(), 'cabinet-hub-building-'))
  const dist = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bundles/index.ts', '--out', building], { cwd: root, encoding: 'utf8', timeout: 300_000 })
  if (dist.status !== 0) throw new Error(`npm run dist failed (${dist.status ?? dist.signal}): ${dist.stderr}`)
  writeFileSync(path.join(building, builtMark), dist.stdout)
  try {
    renameSync(building, folder)
  } catch (error) {
    // Another test process built the same bundles meanwhile: use theirs.
    rmSync(building, { recursive: true, force: true })
    if (!existsSync(path.join(folder, builtMark))) throw error
  }
  return folder
}

export const bundleTarget = (name: Target['name']): Target => targets.find((t) => t.name === name)!

/**
 * The target's bundle unpacked as an owner would (tar, or unzip); returns its folder. Unpacked once
 * beside the archives, and shared: the tests run it with their own data dirs; it changes only by
 * the compile cache its app keeps in `app/compile-cache`.
 */
export function unpackBundle (target: Target): string {
  const bundles = builtBundles()
  const unpacked = path.join(bundles, `unpacked-${target.name}`)
  if (!existsSync(unpacked)) {
    const archive = path.join(bundles, archiveName(projectPackage.version, target))
    const into = mkdtempSync(path.join(bundles, 'unpacking-'))
    const unpack = target.archive === 'zip'
      ? spawnSync('unzip', ['-q', archive, '-d', into], { encoding: 'utf8' })
      : spawnSync('tar', ['-xzf', archive, '-C', into], { encoding: 'utf8' })
    if (unpack.status !== 0) throw new Error(`unpacking ${archive}: ${unpack.stderr}`)
    try {
      renameSync(into, unpacked)
    } catch (error) {
      // Another test process unpacked it meanwhile.
      rmSync(into, { recursive: true, force: true })
      if (!existsSync(unpacked)) throw error
    }
  }
  const folders = readdirSync(unpacked)
  if (folders.length !== 1) throw new Error(`the ${target.name} archive unpacks to ${folders.join(', ')}, not one folder`)
  return path.join(unpacked, folders[0]!)
}

/** What the bundle's sh launcher runs (BusyBox has them all). */
export const launcherPrograms = ['sh', 'dirname', 'readlink']

/** A PATH of these programs of this machine and no other, no Node.js nor npm among them: what a Batocera PC has. */
export function pathWithoutNode (programs: readonly string[]): string {
  const bin = tempDir('cabinet-hub-nonode-')
  for (const program of programs) {
    const found = spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' }).stdout.trim()
    if (found === '') throw new Error(`${program} is not on this machine's PATH`)
    symlinkSync(found, path.join(bin, program))
  }
  return bin
}
