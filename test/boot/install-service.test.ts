/**
 * `cabinet-hub install-service`, in process: where the Batocera service lands and what the command says.
 */
import assert from 'node:assert/strict'
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { tempDir } from '../support/hub.js'
import { moduleCli } from '../support/module-cli.js'

describe('install-service --for batocera', () => {
  it('writes the service under --frontend-root and says where', async () => {
    const root = tempDir()
    const result = await moduleCli('install-service', ['--for', 'batocera', '--frontend-root', root, '--profile', 'batocera'])
    assert.equal(result.code, 0, result.stderr)
    const service = path.join(root, 'system', 'services', 'cabinet_hub')
    assert.match(result.stdout, new RegExp(`^wrote ${service} \\(it logs to ${path.join(root, 'system', 'logs', 'cabinet-hub.log')}\\)\\n`))
    const script = readFileSync(service, 'utf8')
    assert.ok(script.includes(`'--frontend-root' '${root}' `), script)
    assert.equal(statSync(service).mode & 0o777, 0o700, 'the options may hold the API key')
  })

  it('puts the service under the frontend root when --userdata names another folder, and under --userdata alone otherwise', async () => {
    const root = tempDir()
    const userdata = tempDir()
    assert.equal((await moduleCli('install-service', ['--for', 'batocera', '--frontend-root', root, '--userdata', userdata])).code, 0)
    assert.ok(existsSync(path.join(root, 'system', 'services', 'cabinet_hub')))
    assert.equal(existsSync(path.join(userdata, 'system')), false, 'nothing under --userdata')

    const alone = await moduleCli('install-service', ['--for', 'batocera', '--userdata', userdata])
    assert.equal(alone.code, 0, alone.stderr)
    assert.match(alone.stdout, new RegExp(`^wrote ${path.join(userdata, 'system', 'services', 'cabinet_hub')} `))
  })
})
