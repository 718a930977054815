import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import path from 'node:path'
import { before, describe, it } from 'node:test'
import { bundleTarget, unpackBundle } from '../../support/bundles.js'
import { freePort, stopCli, waitForHealth } from '../../support/cli.js'
import { tempDir } from '../../support/hub.js'
import { arm64Command, qemuSkip } from '../../support/qemu.js'

/** A Raspberry Pi's Batocera, its output in a file (a boot service); terminal.test.ts runs it in a terminal. */
describe('the linux-arm64 bundle under qemu', { skip: qemuSkip }, () => {
  let bundle: string
  before(() => { bundle = unpackBundle(bundleTarget('linux-arm64')) })

  it('serves: health answers with the bundle\'s version', async (t) => {
    const port = await freePort()
    const started = performance.now()
    const [qemu, ...args] = arm64Command(bundle, ['serve', '--port', String(port), '--data-dir', tempDir()])
    const child = spawn(qemu!, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
    try {
      await waitForHealth(port, child).catch((error: Error) => { throw new Error(`${error.message}; it said: ${stderr}`) })
      t.diagnostic(`health answered ${Math.round(performance.now() - started)} ms after start (emulated)`)
      const health = await (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).json() as { status: string, version: string }
      assert.equal(health.status, 'healthy')
      assert.equal(`cabinet-hub-${health.version}`, path.basename(bundle))
    } finally {
      await stopCli(child)
    }
    assert.equal(stderr, '')
  })
})
