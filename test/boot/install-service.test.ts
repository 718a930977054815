/**
 * `cabinet-hub install-service`, in process: where each kind of service lands, what the command
 * says, and that every one runs with the data dir the command resolved, however it was given.
 */
import assert from 'node:assert/strict'
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { tempDir } from '../support/hub.js'
import { writeFrontendTree } from '../support/frontend-tree.js'
import { moduleCli } from '../support/module-cli.js'

/**
 * Runs install-service with these arguments and a data dir given only by the environment, which a
 * service started at boot would not see; returns that data dir and what the command said.
 */
async function installService (args: readonly string[]): Promise<{ dataDir: string, stdout: string }> {
  const dataDir = path.join(tempDir(), 'hub data')
  const result = await moduleCli('install-service', args, { CABINET_HUB_DATA_DIR: dataDir })
  assert.equal(result.code, 0, result.stderr)
  return { dataDir, stdout: result.stdout }
}

describe('install-service --for batocera', () => {
  it('writes the service under --frontend-root, says where, and runs it with the data dir', async () => {
    const root = tempDir()
    const { dataDir, stdout } = await installService(['--for', 'batocera', '--frontend-root', root, '--profile', 'batocera'])
    const service = path.join(root, 'system', 'services', 'cabinet_hub')
    assert.match(stdout, new RegExp(`^wrote ${service} \\(it logs to ${path.join(root, 'system', 'logs', 'cabinet-hub.log')}\\)\\n`))
    const script = readFileSync(service, 'utf8')
    assert.ok(script.includes(`'--frontend-root' '${root}' `), script)
    assert.ok(script.includes(`'--data-dir' '${dataDir}'`), script)
    assert.equal(statSync(service).mode & 0o777, 0o700, 'the options may hold the API key')
  })

  it('puts the service under the frontend root when --userdata names another folder, and under --userdata alone otherwise', async () => {
    const root = tempDir()
    const userdata = tempDir()
    await installService(['--for', 'batocera', '--frontend-root', root, '--userdata', userdata])
    assert.ok(existsSync(path.join(root, 'system', 'services', 'cabinet_hub')))
    assert.equal(existsSync(path.join(userdata, 'system')), false, 'nothing under --userdata')

    const alone = await installService(['--for', 'batocera', '--userdata', userdata])
    assert.match(alone.stdout, new RegExp(`^wrote ${path.join(userdata, 'system', 'services', 'cabinet_hub')} `))
  })

  it('passes a data dir given on the command line once, made absolute, over the environment\'s', async () => {
    const root = tempDir()
    await installService(['--for', 'batocera', '--frontend-root', root, '--data-dir', 'relative data'])
    const script = readFileSync(path.join(root, 'system', 'services', 'cabinet_hub'), 'utf8')
    assert.equal(script.split("'--data-dir'").length - 1, 1, script)
    assert.ok(script.includes(`'--data-dir' '${path.resolve('relative data')}'`), script)
  })
})

describe('install-service --for systemd', () => {
  it('writes a unit whose ExecStart passes the data dir', async () => {
    const unitDir = tempDir()
    const { dataDir, stdout } = await installService(['--for', 'systemd', '--unit-dir', unitDir, '--port', '23456'])
    const unit = path.join(unitDir, 'cabinet-hub.service')
    assert.match(stdout, new RegExp(`^wrote ${unit}\\n`))
    const execStart = /^ExecStart=(.*)$/m.exec(readFileSync(unit, 'utf8'))?.[1]
    assert.ok(execStart?.endsWith(`"serve" "--port" "23456" "--data-dir" "${dataDir}"`), execStart)
  })
})

describe('install-service --for retrobat', () => {
  it('writes a start hook that starts the service with the data dir, and logs in it', async () => {
    const tree = writeFrontendTree()
    const { dataDir, stdout } = await installService(['--for', 'retrobat', '--frontend-root', tree.root])
    const hookFile = path.join(tree.esConfigDir, 'scripts', 'start', 'cabinet-hub-start.bat')
    assert.match(stdout, new RegExp(`^wrote ${hookFile}\\n`))
    const hook = readFileSync(hookFile, 'utf8')
    assert.ok(hook.includes(`"serve" "--frontend-root" "${tree.root}" "--data-dir" "${dataDir}"`), hook)
    assert.ok(hook.includes(`set "LOG=${path.join(dataDir, 'start-hook.log')}"`), hook)
  })
})
