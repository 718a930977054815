/** The append-only records store across restarts: recovery after a stop mid-append, and damage done behind its back. */
import assert from 'node:assert/strict'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { HubError } from '../../src/core/errors.js'
import { loadIssuerKey } from '../../src/records/issuer-key.js'
import { RecordStore } from '../../src/records/store.js'
import { computeRoot } from '../../src/records/verify/canonical.js'
import { tempDir } from '../support/hub.js'

const record = (n: number) => ({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, kind: 'score', system: 'mame', rom: 'galaga', game: 'Galaga', value: 1000 * n, better: 'higher', player: `P${n}`, at: '2026-11-24T20:00:00Z' })

async function reopened (dir: string): Promise<RecordStore> {
  const store = new RecordStore(dir)
  await store.open()
  return store
}

describe('records store', () => {
  it('keeps the admitted records and root across a restart', async () => {
    const dir = tempDir()
    const store = await reopened(dir)
    await store.append(record(1))
    const head = await store.append(record(2))
    assert.equal(head.root, computeRoot([record(1), record(2)]))
    assert.deepEqual((await reopened(dir)).head, head)
    assert.deepEqual(await (await reopened(dir)).published(), [record(1), record(2)])
  })

  it('cuts off a line the head does not name (a stop before its 201) and a line cut short, then appends cleanly', async () => {
    const dir = tempDir()
    const store = await reopened(dir)
    await store.append(record(1))
    const head = readFileSync(`${dir}/head.json`, 'utf8')
    await store.append(record(2))
    writeFileSync(`${dir}/head.json`, head)
    writeFileSync(`${dir}/records.jsonl`, `${readFileSync(`${dir}/records.jsonl`, 'utf8')}{"id":"00000000-0000-4000-8000-0000000`)
    const recovered = await reopened(dir)
    assert.deepEqual(recovered.head, { count: 1, root: computeRoot([record(1)]) })
    assert.equal(recovered.damage, null)
    assert.deepEqual((await recovered.published()), [record(1)])
    await recovered.append(record(3))
    assert.deepEqual(await (await reopened(dir)).published(), [record(1), record(3)])
    assert.equal((await reopened(dir)).head.root, computeRoot([record(1), record(3)]))
  })

  it('marks itself damaged when an admitted record was changed, keeps the admitted root and admits nothing more', async () => {
    const dir = tempDir()
    const store = await reopened(dir)
    await store.append(record(1))
    const { root } = await store.append(record(2))
    writeFileSync(`${dir}/records.jsonl`, readFileSync(`${dir}/records.jsonl`, 'utf8').replace('"value":1000', '"value":9000'))
    const damaged = await reopened(dir)
    assert.match(damaged.damage!, /no longer holds the 2 admitted records/)
    assert.equal(damaged.head.root, root)
    assert.equal(((await damaged.published())[0] as { value: number }).value, 9000)
    await assert.rejects(damaged.append(record(3)), (error: unknown) => error instanceof HubError && error.statusCode === 503)
  })

  it('refuses an instant that has the shape of one but names none, and admits a real one', async () => {
    const store = await reopened(tempDir())
    for (const at of ['2026-02-30T20:00:00Z', '2026-11-25T25:00:00Z', '2026-11-25T20:61:00Z', '2026-11-25T20:00:61Z', '2025-02-29T00:00:00Z']) {
      await assert.rejects(store.append({ ...record(7), at }), (error: unknown) => error instanceof HubError && error.statusCode === 400 && /at is not a real UTC instant/.test(error.message), at)
    }
    assert.equal(store.head.count, 0)
    assert.equal((await store.append({ ...record(7), at: '2024-02-29T23:59:59.999Z' })).count, 1)
  })

  it('admits concurrent appends one after the other, each answered once it and its head are written', async () => {
    const dir = tempDir()
    const store = await reopened(dir)
    const records = Array.from({ length: 20 }, (_, n) => record(n + 1))
    const heads = await Promise.all(records.map(async (r) => store.append(r)))
    assert.deepEqual(heads.map((h) => h.count), records.map((_, n) => n + 1))
    assert.equal(heads.at(-1)!.root, computeRoot(records))
    const duplicate = await Promise.allSettled([store.append(record(21)), store.append(record(21))])
    assert.deepEqual(duplicate.map((outcome) => outcome.status), ['fulfilled', 'rejected'])
    assert.deepEqual(await (await reopened(dir)).published(), [...records, record(21)])
    assert.deepEqual(readdirSync(dir).filter((name) => name.endsWith('.tmp')), [], 'no temporary file is left behind')
  })

  it('creates the issuer key once, readable by its owner only', async () => {
    const dir = tempDir()
    const key = await loadIssuerKey(null, dir)
    assert.equal(statSync(`${dir}/issuer-key.pem`).mode & 0o777, 0o600)
    assert.equal((await loadIssuerKey(null, dir)).keyId, key.keyId)
    await assert.rejects(loadIssuerKey(`${dir}/missing.pem`, dir), /does not exist/)
  })
})
