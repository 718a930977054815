import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { before, describe, it } from 'node:test'
import { bundleTarget, unpackBundle } from '../../support/bundles.js'
import { freePort } from '../../support/cli.js'
import { tempDir } from '../../support/hub.js'
import { processGone } from '../../support/processes.js'

/** Whether the service answers health; false when nothing listens. */
async function healthy (port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok
  } catch {
    return false
  }
}

async function untilHealthy (port: number, log: string): Promise<void> {
  for (const deadline = performance.now() + 60_000; performance.now() < deadline; await sleep(100)) {
    if (await healthy(port)) return
  }
  assert.fail(`no health answer within 60 s; log:\n${existsSync(log) ? readFileSync(log, 'utf8') : '(none)'}`)
}

describe('install-service --for batocera, from the linux-x64 bundle', () => {
  let bundle: string
  before(() => { bundle = unpackBundle(bundleTarget('linux-x64')) })

  it('writes a Batocera user service whose start runs the bundle, stop ends it, and a second start works', async () => {
    const userdata = tempDir()
    const port = await freePort()
    const install = spawnSync(path.join(bundle, 'cabinet-hub'), ['install-service', '--for', 'batocera', '--userdata', userdata, '--port', String(port), '--data-dir', path.join(userdata, 'cabinet hub\'s data')], { encoding: 'utf8' })
    assert.equal(install.status, 0, install.stderr)
    const service = path.join(userdata, 'system', 'services', 'cabinet_hub')
    const log = path.join(userdata, 'system', 'logs', 'cabinet-hub.log')
    assert.match(install.stdout, new RegExp(`^wrote ${service} \\(it logs to ${log}\\)\\n.*batocera-services enable cabinet_hub`, 's'))
    assert.match(path.basename(service), /^[A-Za-z_][A-Za-z0-9_]*$/, 'a name Batocera accepts')
    assert.equal(statSync(service).mode & 0o777, 0o700, 'the options may hold the API key')
    const pidFile = path.join(userdata, 'system', 'logs', 'cabinet_hub.pid')
    const sh = (action: string) => spawnSync('sh', [service, action], { encoding: 'utf8', timeout: 30_000 })
    // A pid file left from before a reboot, naming no process.
    mkdirSync(path.dirname(pidFile), { recursive: true })
    writeFileSync(pidFile, '2147483646\n')

    for (const round of [1, 2]) {
      const start = sh('start')
      assert.equal(start.status, 0, start.stderr)
      assert.equal(start.stderr, '', `round ${round}: start says nothing on stderr`)
      await untilHealthy(port, log)
      const pid = Number(readFileSync(pidFile, 'utf8'))
      // The service runs with the launcher's memory flags, which install-service kept.
      assert.ok(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('--max-semi-space-size=8'), 'the bundle\'s Node.js flags')
      assert.ok(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes('MALLOC_ARENA_MAX=2'), 'the launcher\'s environment')
      assert.match(sh('start').stdout, /already runs/, `round ${round}: a second start leaves the running one`)
      assert.equal(sh('status').status, 0)

      const stop = sh('stop')
      assert.equal(stop.status, 0, stop.stderr)
      assert.ok(processGone(pid), `round ${round}: the service process ${pid} has ended when stop returns`)
      assert.equal(await healthy(port), false)
      assert.equal(existsSync(pidFile), false)
      assert.equal(sh('status').status, 1)
    }
    // Logged as it listens, so before the health answers that stop follows.
    assert.match(readFileSync(log, 'utf8'), new RegExp(`Server listening at http://127\\.0\\.0\\.1:${port}`), 'the service logs under /userdata/system/logs')
  })
})
