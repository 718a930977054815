/**
 * Hook scripts installed for another data dir (say without --data-dir) spool where this service
 * never reads: the status and the live page's link banner say so, with the command that fixes it.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { spoolDirOf } from '../../src/frontend/index.js'
import { configuredFrontendHooks, spoolDirsOf, type FrontendsConfig } from '../../src/frontends/index.js'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'
import { tempDir } from '../support/hub.js'

describe('installed hooks that point at another data dir', () => {
  let f: FrontendHub
  const otherSpool = path.join(tempDir('cabinet-hub-other-data-'), 'events.d')
  before(async () => {
    f = await startFrontendHub({}, async (tree) => {
      await configuredFrontendHooks({ profile: 'retrobat' } as FrontendsConfig)!.install({ esConfigDir: tree.esConfigDir, spoolDir: otherSpool, port: 0, platform: 'linux' })
    })
  })
  after(async () => f.close())

  it('degrades the frontend link in status and readiness, naming where the hooks go and the install-hooks command that fixes it', async () => {
    const { body: status } = await f.get('/api/v1/status')
    assert.equal(status.frontend.link, 'degraded')
    assert.deepEqual(status.frontend.installedHooksSpoolInto, [otherSpool])
    const problem = String(status.frontend.problem)
    assert.ok(problem.includes(otherSpool), problem)
    assert.ok(problem.includes(`reads ${spoolDirOf(f.hub.dataDir)}`), problem)
    assert.ok(problem.includes(`npx cabinet-hub install-hooks --frontend-root ${f.tree.root} --profile retrobat --data-dir ${f.hub.dataDir}`), problem)
    const { body: ready } = await f.get('/api/v1/startup/ready')
    assert.equal(ready.steps.find((step: { name: string }) => step.name === 'frontend-link').state, 'degraded')
  })

  it('reads the folder the Windows batch scripts name too, and a quote in a POSIX one', async () => {
    const hooks = configuredFrontendHooks({ profile: 'retrobat' } as FrontendsConfig)!
    const esConfigDir = path.join(tempDir(), 'emulationstation')
    const named = async (): Promise<string[]> => spoolDirsOf(await hooks.installed!.read(esConfigDir))
    const batchSpool = 'C:\\Cab 100%\\events.d'
    await hooks.install({ esConfigDir, spoolDir: batchSpool, port: 0, platform: 'win32' })
    assert.deepEqual(await named(), [batchSpool])
    const quoted = path.join(tempDir(), "it's here", 'events.d')
    await hooks.uninstall(esConfigDir)
    await hooks.install({ esConfigDir, spoolDir: quoted, port: 0, platform: 'linux' })
    assert.deepEqual(await named(), [quoted])
  })
})
