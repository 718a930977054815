/**
 * The bundles as an owner types them over SSH: in a terminal (a real pty, where the log is pretty),
 * with no Node.js on the PATH. The other bundle tests run them as a boot service does, output to a
 * pipe or a file.
 */
import assert from 'node:assert/strict'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { bundleTarget, pathWithoutNode, unpackBundle } from '../../support/bundles.js'
import { freePort, waitForHealth } from '../../support/cli.js'
import { tempDir } from '../../support/hub.js'
import { arm64Command, qemuSkip } from '../../support/qemu.js'
import { runInTerminal, startInTerminal } from '../../support/terminal.js'
import { script } from '../../support/wine.js'

/** Serves in a terminal until health answers; returns what the terminal showed by then, once the service has stopped. */
async function serveInTerminal (words: (port: number, dataDir: string) => string[], env: NodeJS.ProcessEnv): Promise<string> {
  const port = await freePort()
  const dataDir = tempDir()
  const terminal = startInTerminal(words(port, dataDir), env)
  try {
    await waitForHealth(port, terminal.child, '/api/v1/startup/ready')
    const health = await (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).json() as { status: string }
    assert.equal(health.status, 'healthy', terminal.shown())
  } finally {
    const { pid } = JSON.parse(readFileSync(path.join(dataDir, 'cabinet-hub.lock'), 'utf8')) as { pid: number }
    process.kill(pid, 'SIGINT')
    if (terminal.child.exitCode === null) await once(terminal.child, 'exit')
  }
  return terminal.shown()
}

/** The pretty log of a person's terminal (a time, a coloured level), not JSON lines, and no crash. */
function assertPrettyLog (shown: string): void {
  assert.match(shown, /\[\d\d:\d\d:\d\d\.\d{3}\] \S*INFO\S*: \S*cabinet-hub \S+ ready on/, shown)
  assert.match(shown, /SIGINT received, shutting down/, shown)
  assert.doesNotMatch(shown, /"level":|is not a function/, shown)
}

describe('the bundles in a terminal', { skip: script.skip }, () => {
  it('linux-x64: ./cabinet-hub --help and ./cabinet-hub serve, with no Node.js on the PATH', async () => {
    const bundle = unpackBundle(bundleTarget('linux-x64'))
    const launcher = path.join(bundle, 'cabinet-hub')
    const env = { PATH: pathWithoutNode(), HOME: tempDir(), TERM: 'xterm' }
    const help = runInTerminal([launcher, '--help'], env)
    assert.equal(help.status, 0, help.shown)
    assert.match(help.shown, /Usage:/)
    assertPrettyLog(await serveInTerminal((port, dataDir) => [launcher, 'serve', '--port', String(port), '--data-dir', dataDir], env))
  })

  it('linux-arm64 under qemu: --help and serve', { skip: qemuSkip }, async () => {
    const bundle = unpackBundle(bundleTarget('linux-arm64'))
    const env = { ...process.env, TERM: 'xterm' }
    const help = runInTerminal(arm64Command(bundle, ['--help']), env)
    assert.equal(help.status, 0, help.shown)
    assert.match(help.shown, /Usage:/)
    assertPrettyLog(await serveInTerminal((port, dataDir) => arm64Command(bundle, ['serve', '--port', String(port), '--data-dir', dataDir]), env))
  })
})
