/**
 * Two services on one machine (their own data dirs and ports): a hook posted to the port of the
 * other, by a script installed for the first (with the port it had then), is refused with 421 and
 * left in the first one's spool folder, where it is read; the other neither applies nor logs it.
 */
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { after, before, describe, it } from 'node:test'
import pino from 'pino'
import { runHookCommand, spoolDirOf } from '../../../src/frontend/index.js'
import { startFakeEs, type FakeEs } from '../../support/fake-es.js'
import { writeFrontendTree } from '../../support/frontend-tree.js'
import { startHub, type TestHub } from '../../support/hub.js'

describe('a hook posted to another service on the machine', () => {
  let es: FakeEs
  let a: TestHub
  let b: TestHub
  const bLog: string[] = []
  before(async () => {
    es = await startFakeEs()
    const tree = writeFrontendTree()
    a = await startHub({ listen: true, options: { frontendRoot: tree.root, esUrl: es.url } })
    const log = new Writable({ write (chunk: Buffer, _encoding, done) { bLog.push(chunk.toString()); done() } })
    b = await startHub({ listen: true, options: { frontendRoot: tree.root, esUrl: es.url }, logger: pino({ level: 'warn' }, log) })
  })
  after(async () => {
    await a.close()
    await b.close()
    await es.close()
  })

  const context = async (hub: TestHub): Promise<{ selectedSystem: { name: string } | null }> => (await fetch(`${hub.baseUrl}/api/v1/context/state`)).json() as Promise<{ selectedSystem: { name: string } | null }>

  it('reaches only the service whose spool folder it was installed for', async () => {
    const outcome = await runHookCommand({ port: Number(new URL(b.baseUrl).port), spoolDir: spoolDirOf(a.dataDir), event: 'system-selected', args: ['nes'] })
    assert.deepEqual({ ...outcome, file: undefined }, { outcome: 'spooled', file: undefined, why: 'the service answered HTTP 421' })
    for (let i = 0; i < 100 && (await context(a)).selectedSystem === null; i++) await new Promise((resolve) => setTimeout(resolve, 50))
    assert.equal((await context(a)).selectedSystem?.name, 'nes')
    assert.equal((await context(b)).selectedSystem, null)
    assert.deepEqual(bLog, [])
  })

  it('is applied as before when it names this service\'s folder', async () => {
    const outcome = await runHookCommand({ port: Number(new URL(b.baseUrl).port), spoolDir: spoolDirOf(b.dataDir), event: 'system-selected', args: ['snes'] })
    assert.equal(outcome.outcome, 'posted')
    assert.equal((await context(b)).selectedSystem?.name, 'snes')
  })
})
