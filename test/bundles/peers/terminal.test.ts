/**
 * The bundles as an owner types them over SSH: at a terminal (a real pty, where the log is pretty),
 * linux-x64 with no Node.js on the PATH, linux-arm64 under qemu. The other bundle tests run them as
 * a boot service does, output to a pipe or a file; test/cli/peers/readme.test.ts runs the README's
 * commands at a terminal.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import path from 'node:path'
import { bundleTarget, launcherPrograms, pathWithoutNode, unpackBundle } from '../../support/bundles.js'
import { freePort, waitForHealth } from '../../support/cli.js'
import { tempDir } from '../../support/hub.js'
import { arm64Command, qemuSkip } from '../../support/qemu.js'
import { pressCtrlC, runAtTerminal, shellLine, startAtTerminal, terminal } from '../../support/terminal.js'

/** Serves at a terminal until it is ready and healthy, then Ctrl+C; returns what the terminal showed. */
async function serveAtTerminal (words: (port: number, dataDir: string) => string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  const port = await freePort()
  const running = startAtTerminal(shellLine(words(port, tempDir())), { cwd, env })
  try {
    await waitForHealth(port, running, '/api/v1/startup/ready')
    const health = await (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).json() as { status: string }
    assert.equal(health.status, 'healthy', running.output())
  } finally {
    await pressCtrlC(running)
  }
  return running.output()
}

/** `--help` at a terminal: exit 0 and the usage. */
function assertHelp (words: string[], cwd: string, env: NodeJS.ProcessEnv): void {
  const help = runAtTerminal(shellLine(words), { cwd, env })
  assert.equal(help.status, 0, help.output)
  assert.match(help.output, /Usage:/)
}

/** The pretty log of a person's terminal (a time, a level), not JSON lines, no crash, and a clean stop. */
function assertPrettyLog (shown: string): void {
  assert.match(shown, /\[\d\d:\d\d:\d\d\.\d{3}\] \S*INFO\S*: \S*cabinet-hub \S+ ready on/, shown)
  assert.match(shown, /SIGINT received, shutting down/, shown)
  assert.doesNotMatch(shown, /"level":|is not a function/, shown)
}

describe('the bundles at a terminal', { skip: terminal.skip }, () => {
  it('linux-x64: ./cabinet-hub --help and ./cabinet-hub serve, with no Node.js on the PATH', async () => {
    const bundle = unpackBundle(bundleTarget('linux-x64'))
    const env = { PATH: pathWithoutNode(launcherPrograms), HOME: tempDir(), TERM: 'xterm' }
    assertHelp(['./cabinet-hub', '--help'], bundle, env)
    assertPrettyLog(await serveAtTerminal((port, dataDir) => ['./cabinet-hub', 'serve', '--port', String(port), '--data-dir', dataDir], bundle, env))
  })

  it('linux-arm64 under qemu: --help and serve', { skip: qemuSkip }, async () => {
    const bundle = unpackBundle(bundleTarget('linux-arm64'))
    const env = { ...process.env, TERM: 'xterm' }
    assertHelp(arm64Command(bundle, ['--help']), path.dirname(bundle), env)
    assertPrettyLog(await serveAtTerminal((port, dataDir) => arm64Command(bundle, ['serve', '--port', String(port), '--data-dir', dataDir]), path.dirname(bundle), env))
  })
})
