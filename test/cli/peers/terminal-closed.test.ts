import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, it } from 'node:test'
import { cli, freePort, waitForHealth } from '../../support/cli.js'
import { tempDir } from '../../support/hub.js'
import { processGone } from '../../support/processes.js'
import { shellLine, startAtTerminal, terminal as terminalPeer } from '../../support/terminal.js'

const exitBoundMs = 5000

describe('serve started at a terminal', { skip: terminalPeer.skip }, () => {
  it('exits within 5 s when the terminal goes away and SIGTERM follows, shutting down cleanly', async () => {
    const port = await freePort()
    const dataDir = tempDir()
    const terminal = startAtTerminal(`exec ${shellLine([process.execPath, cli, 'serve', '--port', String(port), '--data-dir', dataDir])}`, { cwd: dataDir, env: process.env })
    let pid: number
    try {
      await waitForHealth(port, terminal, '/api/v1/startup/ready')
      pid = (JSON.parse(readFileSync(path.join(dataDir, 'cabinet-hub.lock'), 'utf8')) as { pid: number }).pid
      const readyLine = /INFO.*cabinet-hub \S+ ready on/
      for (const deadline = performance.now() + 10_000; !readyLine.test(terminal.output()) && performance.now() < deadline;) await sleep(50)
      assert.match(terminal.output(), readyLine, 'it logs for a person at the terminal')
    } finally {
      // The terminal closes: its window is gone, the pty's other end with it.
      terminal.kill('SIGKILL')
    }
    try {
      process.kill(pid, 'SIGTERM')
    } catch { /* already gone with the terminal's hangup */ }
    for (const deadline = performance.now() + exitBoundMs; !processGone(pid) && performance.now() < deadline;) await sleep(50)
    assert.ok(processGone(pid), `the service (pid ${pid}) still runs ${exitBoundMs} ms after the terminal closed and SIGTERM`)
    assert.equal(existsSync(path.join(dataDir, 'cabinet-hub.lock')), false, 'the data dir is released')
    // SQLite removes the write-ahead log when the last connection closes: the shutdown ran to its end, not cut short.
    assert.equal(existsSync(path.join(dataDir, 'cabinet-hub.db-wal')), false, 'it shut down cleanly: the database was closed')
  })
})
