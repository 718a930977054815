/**
 * Our hook scripts changed while the service runs (reinstalled for another data dir, one removed):
 * the status and the live page's event say so within seconds, naming the command that fixes it,
 * and clear once the scripts are put right. Real file watching, so service tier.
 */
import assert from 'node:assert/strict'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { commandToRun } from '../../../src/core/launcher.js'
import { spoolDirOf } from '../../../src/frontend/index.js'
import { configuredFrontendHooks, type FrontendsConfig } from '../../../src/frontends/index.js'
import { startFrontendHub, type FrontendHub } from '../../support/frontend-hub.js'
import { tempDir } from '../../support/hub.js'
import { RecordingClient } from '../../support/ws-client.js'

describe('hook scripts that change while the service runs', () => {
  const dataDir = tempDir('cabinet-hub-hooks-data-')
  const otherDataDir = tempDir('cabinet-hub-other-data-')
  const hooks = configuredFrontendHooks({ profile: 'retrobat' } as FrontendsConfig)!
  let f: FrontendHub
  let frontend: RecordingClient
  /** What `cabinet-hub install-hooks --data-dir DIR` writes. */
  const installFor = async (esConfigDir: string, dir: string): Promise<void> => { await hooks.install({ esConfigDir, spoolDir: spoolDirOf(dir), port: 0, platform: 'linux' }) }
  const frontendStatus = async (): Promise<{ link: string, problem: string | null, installedHooksSpoolInto: string[] }> => (await f.get('/api/v1/status')).body.frontend
  /** Polls the status until `done`, for at most 5 s. */
  const statusUntil = async (done: (status: Awaited<ReturnType<typeof frontendStatus>>) => boolean): Promise<Awaited<ReturnType<typeof frontendStatus>>> => {
    const deadline = Date.now() + 5000
    for (;;) {
      const status = await frontendStatus()
      if (done(status)) return status
      assert.ok(Date.now() < deadline, `the status still says ${JSON.stringify(status)}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  const linkEvents = (): Array<{ Link: string, Problem: string | null }> => frontend.frames.filter((frame) => frame.Type === 'ui.frontend.link.changed').map((frame) => frame.Payload as { Link: string, Problem: string | null })

  before(async () => {
    f = await startFrontendHub({ dataDir }, async (tree) => installFor(tree.esConfigDir, dataDir), { listen: true })
    frontend = await RecordingClient.connect(`${f.hub.wsBase}/ws/frontend`)
  })
  after(async () => {
    frontend.close()
    await f.close()
  })

  it('says at once that scripts reinstalled for another data dir no longer reach it, and clears once they are reinstalled for its own', async () => {
    const atStart = await frontendStatus()
    assert.deepEqual([atStart.link, atStart.problem, atStart.installedHooksSpoolInto], ['ok', null, [spoolDirOf(dataDir)]])
    await installFor(f.tree.esConfigDir, otherDataDir)
    const degraded = await statusUntil((status) => status.link === 'degraded')
    const fix = commandToRun(`install-hooks --frontend-root ${f.tree.root} --profile retrobat --data-dir ${dataDir}`)
    assert.ok(degraded.problem?.includes(spoolDirOf(otherDataDir)) === true, String(degraded.problem))
    assert.ok(degraded.problem.endsWith(`run ${fix}`), degraded.problem)
    assert.deepEqual(degraded.installedHooksSpoolInto, [spoolDirOf(otherDataDir)])
    // The live page refreshes the link banner on this event.
    await frontend.until(() => linkEvents().some((event) => event.Link === 'degraded' && event.Problem === degraded.problem), 5000)

    await installFor(f.tree.esConfigDir, dataDir)
    const whole = await statusUntil((status) => status.link === 'ok')
    assert.equal(whole.problem, null)
    await frontend.until(() => linkEvents().at(-1)?.Link === 'ok', 5000)
  })

  it('says a script of ours was removed, and clears once it is installed again', async () => {
    rmSync(path.join(f.tree.esConfigDir, 'scripts', 'game-start', 'cabinet-hub-hook.sh'))
    const degraded = await statusUntil((status) => status.link === 'degraded')
    assert.ok(degraded.problem?.startsWith(`the hook scripts of game-start were removed from ${f.tree.esConfigDir}`) === true, String(degraded.problem))
    assert.ok(degraded.problem.endsWith(`run ${commandToRun(`install-hooks --frontend-root ${f.tree.root} --profile retrobat --data-dir ${dataDir}`)}`), degraded.problem)
    await installFor(f.tree.esConfigDir, dataDir)
    assert.equal((await statusUntil((status) => status.link === 'ok')).problem, null)
  })
})
