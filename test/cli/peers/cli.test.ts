import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { describe, it } from 'node:test'
import { databaseFileName } from '../../../src/core/storage/database.js'
import { cli, freePort, run, waitForHealth } from '../../support/cli.js'
import { tempDir } from '../../support/hub.js'
import { RecordingClient } from '../../support/ws-client.js'

describe('cabinet-hub command line', () => {
  it('lists every option with its default and environment variable in --help', () => {
    const result = run(['--help'])
    assert.equal(result.status, 0)
    for (const text of ['--host <value>', '--port <value>', '--data-dir', '--config', '--node-id', '--log-level', '--dev-events-ingest', 'CABINET_HUB_PORT', 'default 12345', 'default "cab-01"']) {
      assert.ok(result.stdout.includes(text), text)
    }
  })

  it('prints the OpenAPI and AsyncAPI documents', () => {
    const openApi = JSON.parse(run(['openapi']).stdout) as { openapi: string, paths: Record<string, unknown> }
    assert.match(openApi.openapi, /^3\./)
    assert.ok(openApi.paths['/api/v1/health'])
    const asyncApi = JSON.parse(run(['asyncapi']).stdout) as { asyncapi: string }
    assert.equal(asyncApi.asyncapi, '3.0.0')
    assert.match(run(['asyncapi', '--yaml']).stdout, /^asyncapi: 3\.0\.0/m)
  })

  it('rejects unknown options and bad values with one line and exit code 2', () => {
    const unknown = run(['serve', '--prot', '1'])
    assert.equal(unknown.status, 2)
    assert.equal(unknown.stderr, 'cabinet-hub: unknown option --prot: did you mean --port? (see --help)\n')
    const helper = run(['sim', '--fronted-root', '/tmp'])
    assert.equal(helper.status, 2)
    assert.equal(helper.stderr, 'cabinet-hub: unknown option --fronted-root: did you mean --frontend-root? (see --help)\n')
    const choice = run(['serve', '--profile', 'retrobatt'], { CABINET_HUB_DATA_DIR: tempDir() })
    assert.equal(choice.status, 2)
    assert.equal(choice.stderr, 'cabinet-hub: invalid configuration: --profile: must be one of retrobat, batocera, es-de, recalbox (got "retrobatt")\n')
    const bad = run(['serve', '--port', 'twelve'], { CABINET_HUB_DATA_DIR: tempDir() })
    assert.equal(bad.status, 2)
    assert.equal(bad.stderr.trim().split('\n').length, 1)
    assert.match(bad.stderr, /--port/)
  })

  it('says the port is in use in one line and exits with 2', async () => {
    const blocker = createServer()
    blocker.listen(0, '127.0.0.1')
    await once(blocker, 'listening')
    const port = (blocker.address() as { port: number }).port
    const child = spawn(process.execPath, [cli, 'serve', '--port', String(port), '--data-dir', tempDir()], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
    const [code] = await once(child, 'exit') as [number]
    blocker.close()
    assert.equal(code, 2)
    assert.equal(stderr.trim().split('\n').length, 1, stderr)
    assert.match(stderr, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use`))
  })

  it('serves from env and config file, then on SIGTERM closes sockets with 1001, the database, and exits 0', async () => {
    const dataDir = tempDir()
    const port = await freePort()
    const configFile = path.join(tempDir(), 'hub.yaml')
    writeFileSync(configFile, 'nodeId: cab-yaml\n')
    const child = spawn(process.execPath, [cli, '--config', configFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CABINET_HUB_PORT: String(port), CABINET_HUB_DATA_DIR: dataDir }
    })
    try {
      await waitForHealth(port, child)
      const effective = await (await fetch(`http://127.0.0.1:${port}/api/v1/config/effective`)).json() as { options: Record<string, unknown>, sources: Record<string, string> }
      assert.equal(effective.options.nodeId, 'cab-yaml')
      assert.equal(effective.sources.port, 'env')

      const client = await RecordingClient.connect(`ws://127.0.0.1:${port}/ws/panel`)
      assert.ok(existsSync(path.join(dataDir, databaseFileName)))
      child.kill('SIGTERM')
      assert.equal(await client.closed(), 1001)
      const [code] = await once(child, 'exit') as [number]
      assert.equal(code, 0)
      assert.equal(existsSync(path.join(dataDir, `${databaseFileName}-wal`)), false, 'the database was checkpointed and closed')
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })
})
