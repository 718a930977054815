import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import path from 'node:path'
import { before, describe, it } from 'node:test'
import { bundleTarget, unpackBundle } from '../../support/bundles.js'
import { freePort, stopCli, waitForHealth } from '../../support/cli.js'
import { tempDir } from '../../support/hub.js'
import { findPeer } from '../../support/peers.js'

/** A Raspberry Pi's Batocera, here: qemu runs the bundle's arm64 Node.js with Debian's arm64 C and C++ libraries. */
const qemu = findPeer('qemu-aarch64-static', 'qemu-user-static', ['/usr/bin/qemu-aarch64-static'])
const arm64Libraries = '/usr/aarch64-linux-gnu'
const arm64Loader = findPeer('the arm64 C library', 'libc6-arm64-cross libstdc++6-arm64-cross libgcc-s1-arm64-cross', [`${arm64Libraries}/lib/ld-linux-aarch64.so.1`])
const skip = qemu.skip || arm64Loader.skip

describe('the linux-arm64 bundle under qemu', { skip }, () => {
  let bundle: string
  before(() => { bundle = unpackBundle(bundleTarget('linux-arm64')) })

  it('serves: health answers with the bundle\'s version', async (t) => {
    const port = await freePort()
    const started = performance.now()
    // The launcher is sh, which would run node/bin/node itself; without binfmt, qemu is named here.
    const child = spawn(qemu.path!, ['-L', arm64Libraries, path.join(bundle, 'node/bin/node'), path.join(bundle, 'app/cabinet-hub.mjs'), 'serve', '--port', String(port), '--data-dir', tempDir()], { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
    try {
      await waitForHealth(port, child)
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
