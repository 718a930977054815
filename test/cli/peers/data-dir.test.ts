import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { lockFileName } from '../../../src/core/storage/data-dir.js'
import { freePort, run, startCli, stopCli, waitForHealth } from '../../support/cli.js'
import { tempDir } from '../../support/hub.js'

/**
 * The hook scripts and the lock with their modification times and sizes: what a second instance
 * used to rewrite. (The running first instance keeps writing elsewhere: spool, generated media.)
 */
function snapshot (dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.includes(`${path.sep}scripts${path.sep}`) || f === lockFileName).map((f) => {
    const stat = statSync(path.join(dir, f))
    return [f, `${stat.mtimeMs}:${stat.size}`]
  }))
}

describe('one service per data dir', () => {
  it('refuses a second serve on the same data dir with exit 2 and one line naming the holder, changing nothing', async () => {
    const dataDir = tempDir()
    const port = await freePort()
    const first = startCli(['serve', '--port', String(port), '--data-dir', dataDir, '--log-level', 'warn'])
    try {
      await waitForHealth(port, first, '/api/v1/startup/ready')
      const before = snapshot(dataDir)
      const second = run(['serve', '--port', String(await freePort()), '--data-dir', dataDir])
      assert.equal(second.status, 2, second.stderr)
      const lines = second.stderr.trim().split('\n')
      assert.equal(lines.length, 1, second.stderr)
      assert.match(lines[0]!, new RegExp(`^cabinet-hub: the data dir ${dataDir} is in use by another cabinet-hub \\(pid ${first.pid}, http://127\\.0\\.0\\.1:${port}, `))
      assert.ok(Object.keys(before).length > 10, JSON.stringify(before))
      assert.deepEqual(snapshot(dataDir), before, 'the hook scripts and the lock are untouched')

      first.kill('SIGTERM')
      const [code] = await once(first, 'exit') as [number]
      assert.equal(code, 0, first.stderrText() + first.stdoutText())
      assert.equal(existsSync(path.join(dataDir, lockFileName)), false, 'the lock goes with the service')
    } finally {
      await stopCli(first)
    }
  })

  it('takes over the lock of a service that died without removing it', async () => {
    const dataDir = tempDir()
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
    const deadPid = Number(gone.stdout)
    writeFileSync(path.join(dataDir, lockFileName), JSON.stringify({ pid: deadPid, url: 'http://127.0.0.1:12345', since: '2026-11-20T10:00:00.000Z' }))
    const port = await freePort()
    const child = startCli(['serve', '--port', String(port), '--data-dir', dataDir, '--log-level', 'warn'])
    try {
      await waitForHealth(port, child)
      const holder = JSON.parse(readFileSync(path.join(dataDir, lockFileName), 'utf8')) as { pid: number, url: string }
      assert.deepEqual([holder.pid, holder.url], [child.pid, `http://127.0.0.1:${port}`])
    } finally {
      await stopCli(child)
    }
  })

  it('takes over a lock whose pid now belongs to another program (pid reuse after a power cut)', async () => {
    const unrelated = spawn('sleep', ['60'])
    const dataDir = tempDir()
    const port = await freePort()
    try {
      // As an older build wrote it (no start time), then as this build writes it (a start time that is not the process's).
      for (const lock of [{}, { startTicks: 1 }]) {
        writeFileSync(path.join(dataDir, lockFileName), JSON.stringify({ pid: unrelated.pid, url: 'http://127.0.0.1:12345', since: '2026-11-20T10:00:00.000Z', ...lock }))
        const again = startCli(['serve', '--port', String(port), '--data-dir', dataDir, '--log-level', 'warn'])
        try {
          await waitForHealth(port, again)
          assert.equal((JSON.parse(readFileSync(path.join(dataDir, lockFileName), 'utf8')) as { pid: number }).pid, again.pid)
        } finally {
          await stopCli(again)
        }
      }
    } finally {
      unrelated.kill()
    }
  })
})

describe('data dirs that cannot hold the service', () => {
  it('refuses one on a pseudo file system or one that cannot be written, with one line and exit 2', () => {
    const blocker = path.join(tempDir(), 'a-file')
    writeFileSync(blocker, '')
    const cases: Array<[string, RegExp]> = [
      ['/proc/cabinet-hub', /^cabinet-hub: the data dir \/proc\/cabinet-hub is on the kernel's proc file system, which holds no files; choose another --data-dir$/],
      ['/sys/kernel/cabinet-hub', /^cabinet-hub: the data dir \/sys\/kernel\/cabinet-hub is on the kernel's sysfs file system/],
      [path.join(blocker, 'data'), new RegExp(`^cabinet-hub: the data dir ${path.join(blocker, 'data')} cannot be written \\(ENOTDIR\\); choose another --data-dir$`)]
    ]
    for (const [dataDir, message] of cases) {
      const result = run(['serve', '--port', '0', '--data-dir', dataDir])
      assert.equal(result.status, 2, `${dataDir}: ${result.stderr}`)
      assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr)
      assert.match(result.stderr.trim(), message)
    }
  })
})
