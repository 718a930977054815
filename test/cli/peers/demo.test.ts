import assert from 'node:assert/strict'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { freePort, run, startCli, stopCli, waitForHealth } from '../../support/cli.js'
import { tempDir } from '../../support/hub.js'
import { RecordingClient } from '../../support/ws-client.js'

/** SIGTERM: the service and its demo stop, and the process exits 0. */
async function exitsCleanly (child: ReturnType<typeof startCli>): Promise<void> {
  child.kill('SIGTERM')
  const [code] = await once(child, 'exit') as [number]
  assert.equal(code, 0, child.stderrText())
}

describe('embedded default (no frontend configured)', () => {
  it('writes the demo tree, runs the simulated frontend through our hooks, and events move on /ws', async () => {
    const dataDir = tempDir()
    const port = await freePort()
    const child = startCli(['serve', '--port', String(port), '--data-dir', dataDir, '--log-level', 'warn'])
    try {
      await waitForHealth(port, child, '/api/v1/startup/ready')
      const effective = await (await fetch(`http://127.0.0.1:${port}/api/v1/config/effective`)).json() as { options: Record<string, unknown>, sources: Record<string, string> }
      assert.equal(effective.sources.frontendRoot, 'demo')
      assert.equal(effective.options.frontendRoot, path.join(dataDir, 'demo-frontend'))
      assert.ok(existsSync(path.join(dataDir, 'demo-frontend', 'emulationstation', '.emulationstation', 'es_systems.cfg')))

      const firehose = await RecordingClient.connect(`ws://127.0.0.1:${port}/ws`)
      const raw = await RecordingClient.connect(`ws://127.0.0.1:${port}/ws/esevent`)
      // The simulated player browses at a human pace; a selection arrives within seconds.
      await firehose.until((c) => c.types().some((t) => t === 'ui.system.selected' || t === 'ui.game.selected'), 60_000)
      // Our sh hooks leave each hook in the spool folder the service watches.
      await raw.until((c) => c.frames.some((f) => f.Payload.Source === 'spool'), 60_000)
      // The demo panels cover every demo system, so each selection resolves one on /ws/panel.
      await firehose.until((c) => c.types().includes('panel.state'), 60_000)
      const mame = await (await fetch(`http://127.0.0.1:${port}/api/v1/panels/system/mame`)).json() as { scope: string, panelFile: string }
      assert.equal(mame.scope, 'system')
      assert.equal(mame.panelFile, path.join(dataDir, 'resources', 'dynpanels', 'systems', 'mame.json'))
      const state = await (await fetch(`http://127.0.0.1:${port}/api/v1/context/state`)).json() as { state: string, selectedSystem: unknown }
      assert.ok(['browsing', 'playing'].includes(state.state))
      assert.notEqual(state.selectedSystem, null)
      firehose.close()
      raw.close()
      await exitsCleanly(child)
    } finally {
      await stopCli(child)
    }
  })

  it('runs the simulated ES over a Batocera tree with --demo-profile batocera, our hooks in its scripts folder', async () => {
    const dataDir = tempDir()
    const port = await freePort()
    const child = startCli(['serve', '--port', String(port), '--data-dir', dataDir, '--log-level', 'warn', '--demo-profile', 'batocera'])
    try {
      await waitForHealth(port, child, '/api/v1/startup/ready')
      const effective = await (await fetch(`http://127.0.0.1:${port}/api/v1/config/effective`)).json() as { options: Record<string, unknown> }
      const root = path.join(dataDir, 'demo-frontend-batocera')
      assert.deepEqual([effective.options.profile, effective.options.frontendRoot], ['batocera', root])
      assert.ok(existsSync(path.join(root, 'system', 'configs', 'emulationstation', 'scripts', 'game-selected', 'cabinet-hub-hook.sh')), 'our hooks for Batocera\'s ES')
      // The simulated ES runs the hooks from where Batocera's does: a selection reaches /ws through them.
      const firehose = await RecordingClient.connect(`ws://127.0.0.1:${port}/ws`)
      await firehose.until((c) => c.frames.some((f) => f.Type === 'ui.game.selected' && f.Payload.Source === 'spool'), 60_000)
      firehose.close()
      await exitsCleanly(child)
    } finally {
      await stopCli(child)
    }
  })

  it('simulates no other frontend: --demo-profile es-de or recalbox exits 2 naming the profiles it has', () => {
    for (const profile of ['es-de', 'recalbox']) {
      const result = run(['serve', '--data-dir', tempDir(), '--demo-profile', profile])
      assert.equal(result.status, 2, result.stderr)
      assert.equal(result.stderr, `cabinet-hub: invalid configuration: --demo-profile: must be one of retrobat, batocera (got "${profile}")\n`)
    }
  })
})
