/**
 * The demo frontend tree for tests that need one but do not test how it is written: rendering its
 * ~600 PNG files takes seconds, so each profile's tree is written once per process (by the real
 * `writeDemoTree`) and every test gets its own copy of it. test/sim/demo-tree.test.ts tests the writer.
 */
import { cp } from 'node:fs/promises'
import path from 'node:path'
import { frontendLayout, type FrontendProfile } from '../../src/frontends/index.js'
import { writeDemoTree, type DemoTreeResult } from '../../src/sim/index.js'
import { tempDir } from './hub.js'

const templates = new Map<FrontendProfile, Promise<DemoTreeResult>>()

/** Puts a demo tree of `profile` into `root` (created if missing); like `writeDemoTree`, it keeps files already there. */
export async function copyDemoTree (root: string, profile: FrontendProfile = 'retrobat'): Promise<DemoTreeResult> {
  let template = templates.get(profile)
  if (template === undefined) {
    template = writeDemoTree(tempDir(`cabinet-hub-demo-${profile}-`), profile)
    templates.set(profile, template)
  }
  const { root: from, written } = await template
  const to = path.resolve(root)
  await cp(from, to, { recursive: true, force: false })
  return { root: to, esConfigDir: frontendLayout(to, profile).esConfigDir, written: written.map((file) => path.join(to, path.relative(from, file))), kept: [] }
}
