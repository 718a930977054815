/**
 * The data dir's disk fills up while records and hooks arrive (a real tmpfs, mounted here): no
 * record that got 201 is lost, none that was refused is signed, the service stays up answering 507,
 * and when space returns it goes on by itself with an index that verifies. Started on a full disk,
 * it says so in one line and leaves no lock behind.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { closeSync, existsSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { computeRoot } from '../../../src/records/verify/canonical.js'
import { freePort, startCli, stopCli, waitForHealth } from '../../support/cli.js'
import { tempDir } from '../../support/hub.js'
import { recordsCli } from '../../support/records.js'

/** Mounts a small tmpfs (root only); false, or the reason when the machine refuses, which CI counts as a failure. */
function mountSmallDisk (dir: string): string | false {
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', dir], { encoding: 'utf8' })
  if (mounted.status === 0) return false
  const reason = `a tmpfs cannot be mounted here (${(mounted.stderr || mounted.error?.message || 'mount failed').trim()})`
  if (process.env.CABINET_HUB_REQUIRE_PEERS === '1') throw new Error(`CABINET_HUB_REQUIRE_PEERS=1 but ${reason}`)
  return reason
}

/** Writes zeros until the disk says it is full; returns the filler's path. */
function fillDisk (dir: string): string {
  const file = path.join(dir, 'filler')
  const fd = openSync(file, 'a')
  const chunk = Buffer.alloc(64 * 1024)
  try {
    for (;;) writeSync(fd, chunk)
  } catch (error) {
    assert.equal((error as NodeJS.ErrnoException).code, 'ENOSPC')
  } finally {
    closeSync(fd)
  }
  // The last few bytes too: a record line is short.
  for (const size of [4096, 512, 16]) {
    const small = openSync(file, 'a')
    try { for (;;) writeSync(small, Buffer.alloc(size)) } catch { /* full */ } finally { closeSync(small) }
  }
  return file
}

const record = (n: number) => ({ id: randomUUID(), kind: 'score', system: 'mame', rom: 'galaga', game: 'Galaga', value: 1000 + n, better: 'higher', player: `P${n}`, at: '2026-11-25T20:00:00Z' })

const root = tempDir('cabinet-hub-full-disk-')
const skip = mountSmallDisk(root)

describe('a full disk under the data dir', { skip }, () => {
  const dataDir = path.join(root, 'data')
  const esConfigDir = tempDir('cabinet-hub-full-disk-es-')
  let port = 0
  let service: ReturnType<typeof startCli>
  const admitted: string[] = []

  const start = async (): Promise<void> => {
    port = await freePort()
    service = startCli(['serve', '--data-dir', dataDir, '--port', String(port), '--es-config-dir', esConfigDir, '--es-url', 'http://127.0.0.1:9', '--log-level', 'warn'])
    await waitForHealth(port, service)
  }
  const post = async (body: unknown): Promise<number> => (await fetch(`http://127.0.0.1:${port}/api/v1/records`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status
  const index = async () => await (await fetch(`http://127.0.0.1:${port}/api/v1/scores/index`)).json() as { records: Array<{ id: string }>, count: number, root: string }
  const storage = async () => (await (await fetch(`http://127.0.0.1:${port}/api/v1/status`)).json() as { storage: { state: string, problem: string | null } }).storage
  const hook = async (n: number): Promise<number> => (await fetch(`http://127.0.0.1:${port}/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'game-selected', args: ['mame', `/roms/mame/game${n}.zip`, `Game ${n}`] }) })).status

  /** The index holds exactly the records that got 201, in order, and its root is theirs. */
  const assertIndexIsTheAdmitted = async (): Promise<void> => {
    const published = await index()
    assert.deepEqual(published.records.map((r) => r.id), admitted)
    assert.equal(published.root, computeRoot(published.records))
    const verified = await recordsCli(['verify', `http://127.0.0.1:${port}`])
    assert.ok([0, 3].includes(verified.code), `records verify: ${verified.code} ${verified.stdout}${verified.stderr}`)
  }

  before(async () => {
    mkdirSync(dataDir)
    await start()
  })
  after(async () => {
    if (service !== undefined) await stopCli(service)
    spawnSync('umount', [root])
    rmSync(root, { recursive: true, force: true })
    rmSync(esConfigDir, { recursive: true, force: true })
  })

  it('answers 507 and changes nothing while the disk is full, and stays up', async () => {
    for (let n = 0; n < 10; n++) {
      const body = record(n)
      assert.equal(await post(body), 201)
      admitted.push(body.id)
    }
    const filler = fillDisk(root)
    const statuses: number[] = []
    for (let n = 10; n < 60; n++) {
      const body = record(n)
      const status = await post(body)
      statuses.push(status)
      if (status === 201) admitted.push(body.id)
      assert.equal(await hook(n), 202, 'hooks are still taken')
    }
    assert.ok(statuses.every((s) => s === 201 || s === 507), `only 201 and 507: ${statuses.join(',')}`)
    assert.ok(statuses.includes(507), 'the full disk refused records')
    const refused = await fetch(`http://127.0.0.1:${port}/api/v1/records`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(record(99)) })
    assert.deepEqual(await refused.json(), { message: 'The disk of the data dir is full; nothing was changed. Free some space and try again.', code: 'INSUFFICIENT_STORAGE' })
    assert.equal((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status, 200)
    assert.equal((await storage()).state, 'full')
    await assertIndexIsTheAdmitted()
    rmSync(filler)
  })

  it('goes on by itself once space returns, with an index that verifies', async () => {
    for (let wait = 0; (await storage()).state !== 'ok'; wait++) {
      assert.ok(wait < 100, 'the service noticed the space within 10 s')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const body = record(100)
    assert.equal(await post(body), 201)
    admitted.push(body.id)
    await assertIndexIsTheAdmitted()
    const journal = await (await fetch(`http://127.0.0.1:${port}/api/v1/events/recent?limit=500&prefix=esevent.`)).json() as { events: Array<{ Payload: { RawArgs: string[] } }> }
    const hooks = new Set(journal.events.map((e) => e.Payload.RawArgs[2]))
    for (let n = 10; n < 60; n++) assert.ok(hooks.has(`Game ${n}`), `the journal kept hook ${n}, taken while the disk was full`)
  })

  it('opens the same index after a restart and admits more', async () => {
    await stopCli(service)
    await start()
    await assertIndexIsTheAdmitted()
    const body = record(101)
    assert.equal(await post(body), 201)
    admitted.push(body.id)
    await assertIndexIsTheAdmitted()
  })

  it('refuses to start on a full disk in one line and leaves no lock behind', async () => {
    await stopCli(service)
    const filler = fillDisk(root)
    const fresh = path.join(root, 'fresh')
    const started = startCli(['serve', '--data-dir', fresh, '--port', String(await freePort()), '--es-config-dir', esConfigDir])
    const code = await new Promise<number | null>((resolve) => started.on('exit', resolve))
    assert.equal(code, 1)
    const lines = started.stderrText().trim().split('\n')
    assert.equal(lines.length, 1, started.stderrText())
    assert.match(lines[0]!, /^cabinet-hub: the disk of the data dir .* is full/)
    assert.equal(existsSync(path.join(fresh, 'cabinet-hub.lock')), false)
    rmSync(filler)
  })
})
