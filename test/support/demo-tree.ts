/**
 * The demo frontend tree for tests that need one but do not test how it is written: rendering its
 * ~600 PNG files takes seconds, so each profile's tree is written once per process (by the real
 * `writeDemoTree`) and every test gets its own copy of it. test/sim/demo-tree.test.ts tests the writer.
 */
import { constants, rmSync } from 'node:fs'
import { copyFile, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { frontendLayout, type FrontendProfile } from '../../src/frontends/index.js'
import { writeDemoTree, type DemoTreeResult } from '../../src/sim/index.js'
import { tempDir } from './hub.js'

const templates = new Map<FrontendProfile, Promise<DemoTreeResult>>()

/** Puts a demo tree of `profile` into `root` (created if missing); like `writeDemoTree`, it keeps files already there. */
export async function copyDemoTree (root: string, profile: FrontendProfile = 'retrobat'): Promise<DemoTreeResult> {
  let template = templates.get(profile)
  if (template === undefined) {
    const templateDir = tempDir(`cabinet-hub-demo-${profile}-`)
    process.once('exit', () => { rmSync(templateDir, { recursive: true, force: true }) })
    template = writeDemoTree(templateDir, profile)
    templates.set(profile, template)
  }
  const { root: from, written } = await template
  const to = path.resolve(root)
  const copied: string[] = []
  const kept: string[] = []
  // File by file in the order the writer made them, not a tree copy: a small ext4 folder lists its
  // entries in the order they were made, and the simulated frontend, like ES, keeps a folder's
  // games in listing order (a copy in another order moves the carousel under the tests' feet).
  for (const file of written) {
    const target = path.join(to, path.relative(from, file))
    await mkdir(path.dirname(target), { recursive: true })
    try {
      await copyFile(file, target, constants.COPYFILE_EXCL)
      copied.push(target)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      kept.push(target)
    }
  }
  return { root: to, esConfigDir: frontendLayout(to, profile).esConfigDir, written: copied, kept }
}
