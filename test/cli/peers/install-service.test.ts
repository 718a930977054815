import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { cli, run } from '../../support/cli.js'
import { writeFrontendTree } from '../../support/frontend-tree.js'
import { tempDir } from '../../support/hub.js'
import { findPeer } from '../../support/peers.js'

const systemdAnalyze = findPeer('systemd-analyze', 'systemd', ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'])

describe('cabinet-hub install-service', () => {
  it('writes a systemd user unit that runs serve with the options given, paths made absolute, and the launcher\'s environment', () => {
    const unitDir = tempDir()
    const workDir = tempDir()
    // As the bundle's sh launcher runs it.
    const result = spawnSync(process.execPath, [cli, 'install-service', '--for', 'systemd', '--unit-dir', unitDir, '--port', '23456', '--data-dir', 'cab data', '--node-id', 'cab-50%'], { cwd: workDir, encoding: 'utf8', env: { ...process.env, MALLOC_ARENA_MAX: '2' } })
    assert.equal(result.status, 0, result.stderr)
    const file = path.join(unitDir, 'cabinet-hub.service')
    assert.match(result.stdout, new RegExp(`^wrote ${file}\\n.*systemctl --user daemon-reload && systemctl --user enable --now cabinet-hub`, 's'))
    const unit = readFileSync(file, 'utf8')
    const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1]
    assert.equal(execStart, `"${process.execPath}" "${cli}" "serve" "--port" "23456" "--data-dir" "${path.join(workDir, 'cab data')}" "--node-id" "cab-50%%"`)
    for (const line of ['Type=exec', 'Environment="MALLOC_ARENA_MAX=2"', 'Restart=on-failure', 'RestartPreventExitStatus=2', 'WantedBy=default.target']) assert.ok(unit.includes(`\n${line}\n`), line)
    assert.equal(statSync(file).mode & 0o777, 0o600, 'the options may hold the API key')
  })

  it('writes a unit that systemd-analyze verify accepts', { skip: systemdAnalyze.skip }, () => {
    const unitDir = tempDir()
    assert.equal(run(['install-service', '--for', 'systemd', '--unit-dir', unitDir, '--port', '23456'], { MALLOC_ARENA_MAX: '2' }).status, 0)
    const verify = spawnSync(systemdAnalyze.path!, ['verify', '--user', path.join(unitDir, 'cabinet-hub.service')], { encoding: 'utf8', env: { ...process.env, XDG_RUNTIME_DIR: tempDir() } })
    assert.equal(verify.status, 0, verify.stderr)
    assert.equal(verify.stderr.trim(), '')
  })

  it('writes the RetroBat start hook into EmulationStation\'s scripts/start, asking this port and starting this service', () => {
    const tree = writeFrontendTree()
    const dataDir = tempDir()
    const result = run(['install-service', '--for', 'retrobat', '--frontend-root', tree.root, '--port', '23457', '--data-dir', dataDir])
    assert.equal(result.status, 0, result.stderr)
    const file = path.join(tree.esConfigDir, 'scripts', 'start', 'cabinet-hub-start.bat')
    const hook = readFileSync(file, 'utf8')
    assert.ok(hook.split('\n').slice(0, -1).every((line) => line.endsWith('\r')), 'CRLF lines, as cmd expects')
    assert.ok(hook.includes('set "HUB=http://127.0.0.1:23457"'))
    assert.ok(hook.includes('findstr /c:"\\"ready\\":true"'), 'waits for the text the service answers when ready')
    assert.ok(hook.includes(`start "cabinet-hub" /min "${process.execPath}" "${cli}" "serve" "--port" "23457" "--data-dir" "${dataDir}" "--frontend-root" "${tree.root}"`))
    assert.ok(hook.includes(`set "LOG=${path.join(dataDir, 'start-hook.log')}"`))
  })

  it('refuses what it cannot do with one line and exit 2', () => {
    const noRoot = run(['install-service', '--for', 'retrobat'])
    assert.equal(noRoot.status, 2)
    assert.equal(noRoot.stderr, 'cabinet-hub: install-service --for retrobat needs --frontend-root (the RetroBat folder) or --es-config-dir\n')
    const target = run(['install-service', '--for', 'launchd'])
    assert.equal(target.status, 2)
    assert.equal(target.stderr, 'cabinet-hub: install-service: --for must be one of systemd, retrobat, batocera\n')
  })
})
