/**
 * The records service end to end, in process: records admitted over REST and from hiscore
 * entries, the public API, `records verify` and `records anchor|upgrade`, and a second service
 * linked with --partner-url that ranks the first one's records only while they verify.
 */
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { bcdHiscoreDefinition, bcdHiscoreSave } from '../../support/hiscore-saves.js'
import { startHub, tempDir, type TestHub } from '../../support/hub.js'
import { offlineAnchoredRecords, offlineAnchoredRecordsCli, recordsCli } from '../../support/records.js'
import { eventually } from '../../support/sim.js'
import { RecordingClient } from '../../support/ws-client.js'

let sequence = 0
/** A schema-valid score of 1942 (mame) with a fresh id. */
function score (player: string, value: number, extra: Record<string, unknown> = {}) {
  sequence++
  return { id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`, kind: 'score', system: 'mame', rom: '1942', game: '1942', value, better: 'higher', player, at: `2026-11-0${1 + (sequence % 9)}T20:00:00Z`, ...extra }
}

const post = (hub: TestHub, body: unknown): Promise<Response> =>
  fetch(`${hub.baseUrl}/api/v1/records`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

const getJson = async (url: string): Promise<{ status: number, body: Record<string, unknown>, cors: string | null }> => {
  const response = await fetch(url)
  return { status: response.status, body: await response.json() as Record<string, unknown>, cors: response.headers.get('access-control-allow-origin') }
}

const recordsFile = (hub: TestHub): string => `${hub.dataDir}/records/records.jsonl`

interface Board { entries: Array<{ rank: number, player: string, value: number, recordId: string, issuerKeyId: string, sealed: boolean }>, sources: Array<{ url: string, verified: boolean, reason: string | null, sealState: string }> }

describe('records service', () => {
  let publisher: TestHub
  let keyId: string
  const ranked = [score('theJim', 61980), score('Nelfe80', 13020), score('ACE', 99000)]

  before(async () => {
    publisher = await startHub({ listen: true, modules: [offlineAnchoredRecords] })
    for (const record of ranked) assert.equal((await post(publisher, record)).status, 201)
    keyId = (await getJson(`${publisher.baseUrl}/api/v1/scores/index`)).body.issuer_key_id as string
  })
  after(async () => publisher.close())

  /** The linked service's leaderboard leaves the publisher's records out, and its source says why. */
  async function assertRejectedSource (linked: TestHub, reason: RegExp): Promise<void> {
    const board = (await getJson(`${linked.baseUrl}/api/v1/partner/records/leaderboard?system=mame&rom=1942`)).body as unknown as Board
    assert.deepEqual(board.entries, [])
    const source = board.sources.find((s) => s.url === publisher.baseUrl)!
    assert.equal(source.verified, false)
    assert.match(source.reason!, reason)
  }

  it('publishes posted records in a signed index that records verify accepts, pinned', async () => {
    const { body, cors } = await getJson(`${publisher.baseUrl}/api/v1/scores/index`)
    assert.equal(cors, '*')
    assert.deepEqual((body.records as Array<{ id: string }>).map((r) => r.id), ranked.map((r) => r.id))
    assert.equal(body.count, 3)
    assert.match(body.root as string, /^[0-9a-f]{64}$/)
    assert.match(body.signature as string, /^[A-Za-z0-9_-]+$/)
    assert.match(body.issuer_public_key as string, /^-----BEGIN PUBLIC KEY-----\n/)
    const verified = await recordsCli(['verify', publisher.baseUrl, '--issuer-key-id', keyId])
    assert.equal(verified.code, 0, verified.stdout + verified.stderr)
    assert.match(verified.stdout, /verdict: +AUTHENTIC/)
    const key = await recordsCli(['key', '--data-dir', publisher.dataDir])
    assert.equal(key.code, 0)
    assert.match(key.stdout, new RegExp(`issuer key id: ${keyId}`))
  })

  it('refuses bad records with 400 naming the field, a known id with 409, and changes nothing', async () => {
    const before = (await getJson(`${publisher.baseUrl}/api/v1/scores/index`)).body.root
    const cases: Array<[unknown, number, RegExp]> = [
      [{ ...score('X', 1), value: 1.5 }, 400, /body\/value/],
      [{ ...score('X', 1), value: 2 ** 53 }, 400, /body\/value/],
      [{ ...score('X', 1), nested: { a: 1 } }, 400, /"nested"/],
      [{ ...score('X', 1), at: '2026-11-01 20:00' }, 400, /body\/at/],
      [score('X', 1, { kind: 'withdrawal', ref: '11111111-1111-4111-8111-111111111111' }), 400, /ref 11111111/],
      [ranked[0], 409, /already in the index/]
    ]
    for (const [body, status, message] of cases) {
      const response = await post(publisher, body)
      const answer = await response.json() as { message: string, code: string }
      assert.equal(response.status, status, answer.message)
      assert.match(answer.message, message)
      assert.equal(response.headers.get('access-control-allow-origin'), '*')
    }
    assert.equal((await getJson(`${publisher.baseUrl}/api/v1/scores/index`)).body.root, before)
  })

  it('anchors and upgrades by hand, serves the proof byte for byte, and verifies as confirmed with the synthetic headers', async () => {
    const options = ['--data-dir', publisher.dataDir]
    const unsealed = await recordsCli(['verify', publisher.baseUrl, '--require-sealed'])
    assert.equal(unsealed.code, 3, unsealed.stdout)
    assert.match((await offlineAnchoredRecordsCli(['anchor', ...options])).stdout, /generation 1 anchored/)
    assert.match((await offlineAnchoredRecordsCli(['upgrade', ...options])).stdout, /generation 1: Bitcoin block 840000/)

    const { body: anchors, cors } = await getJson(`${publisher.baseUrl}/api/v1/scores/anchors`)
    assert.equal(cors, '*')
    const [anchor] = anchors.anchors as Array<Record<string, unknown>>
    assert.equal(anchor!.generation, 1)
    assert.equal(anchor!.record_count, 3)
    assert.equal(anchor!.bitcoin_block, 840000)
    const proof = await getJson(`${publisher.baseUrl}/api/v1/scores/anchor-proof?generation=1`)
    assert.equal(proof.cors, '*')
    assert.ok(Buffer.from(proof.body.ots_b64 as string, 'base64').equals(readFileSync(`${publisher.dataDir}/records/proofs/gen-1.ots`)))

    for (const [query, status, code] of [['generation=2', 404, 'UNKNOWN_GENERATION'], ['generation=0', 400, 'VALIDATION_ERROR'], ['generation=x', 400, 'VALIDATION_ERROR'], ['', 400, 'VALIDATION_ERROR']] as const) {
      const answer = await getJson(`${publisher.baseUrl}/api/v1/scores/anchor-proof?${query}`)
      assert.equal(answer.status, status, query)
      assert.equal(answer.body.code, code, query)
      assert.equal(answer.cors, '*', query)
    }

    const sealed = await recordsCli(['verify', publisher.baseUrl, '--issuer-key-id', keyId, '--require-sealed', '--json'])
    assert.equal(sealed.code, 0, sealed.stdout)
    assert.equal((JSON.parse(sealed.stdout) as { seal: { state: string } }).seal.state, 'anchored')
    const confirmed = await recordsCli(['verify', publisher.baseUrl, '--headers', `${publisher.dataDir}/records/offline-test-headers.txt`, '--json'])
    const report = JSON.parse(confirmed.stdout) as { seal: { state: string, sealedRecords: number }, history: Array<{ ok: boolean }> }
    assert.equal(report.seal.state, 'confirmed')
    assert.equal(report.seal.sealedRecords, 3)
    assert.deepEqual(report.history.map((h) => h.ok), [true])
  })

  it('verifies a snapshot folder laid out as the mirror script writes it, offline', async () => {
    const dir = tempDir()
    const index = await (await fetch(`${publisher.baseUrl}/api/v1/scores/index`)).text()
    writeFileSync(`${dir}/index.json`, index)
    writeFileSync(`${dir}/anchors.json`, await (await fetch(`${publisher.baseUrl}/api/v1/scores/anchors`)).text())
    const proof = (await getJson(`${publisher.baseUrl}/api/v1/scores/anchor-proof?generation=1`)).body.ots_b64 as string
    writeFileSync(`${dir}/records-index-gen1.ots`, Buffer.from(proof, 'base64'))
    const result = await recordsCli(['verify', '--snapshot', dir, '--issuer-key-id', keyId, '--require-sealed'])
    assert.equal(result.code, 0, result.stdout)
    writeFileSync(`${dir}/index.json`, index.replace('"player":"ACE"', '"player":"ACF"'))
    assert.equal((await recordsCli(['verify', '--snapshot', dir, '--issuer-key-id', keyId])).code, 1)
    writeFileSync(`${dir}/index.json`, '{"records": 5}')
    const broken = await recordsCli(['verify', '--snapshot', dir])
    assert.equal(broken.code, 2)
    assert.match(broken.stderr, /index.json: the body must have required properties root/)
  })

  it('exits 2 for a service that does not answer and for usage mistakes', async () => {
    const unreachable = await recordsCli(['verify', 'http://127.0.0.1:9'])
    assert.equal(unreachable.code, 2)
    assert.match(unreachable.stderr, /unreachable/)
    await assert.rejects(recordsCli(['verify']), /needs one <base-url> or --snapshot/)
    await assert.rejects(recordsCli(['verify', publisher.baseUrl, '--issuer-key-id', 'abc']), /64 hex digits/)
  })

  describe('a second service linked with --partner-url', () => {
    let linked: TestHub
    let wronglyPinned: TestHub
    let unlinked: TestHub
    before(async () => {
      linked = await startHub({ listen: true, options: { partnerUrls: `${publisher.baseUrl}#${keyId}` } })
      wronglyPinned = await startHub({ listen: true, options: { partnerUrls: `${publisher.baseUrl}#${'0'.repeat(64)}` } })
      unlinked = await startHub({ listen: true })
      assert.equal((await post(linked, score('LOCAL', 50000))).status, 201)
    })
    after(async () => { await linked.close(); await wronglyPinned.close(); await unlinked.close() })

    it('ranks the first service\'s records with its own, best first, sealed where anchored', async () => {
      const { status, body, cors } = await getJson(`${linked.baseUrl}/api/v1/partner/records/leaderboard?system=mame&rom=1942`)
      assert.equal(status, 200, JSON.stringify(body))
      assert.equal(cors, '*')
      const board = body as unknown as Board
      assert.deepEqual(board.entries.map((e) => [e.rank, e.player, e.value]), [[1, 'ACE', 99000], [2, 'theJim', 61980], [3, 'LOCAL', 50000], [4, 'Nelfe80', 13020]])
      assert.deepEqual(board.entries.map((e) => e.sealed), [true, true, false, true])
      assert.ok(board.entries.filter((e) => e.player !== 'LOCAL').every((e) => e.issuerKeyId === keyId))
      assert.deepEqual(board.sources.map((s) => [s.url, s.verified, s.sealState]), [['local', true, 'none'], [publisher.baseUrl, true, 'anchored']])
    })

    it('drops the records when the pinned key does not match', async () => {
      await assertRejectedSource(wronglyPinned, /untrusted issuer/)
    })

    it('answers 409 without a link and 400 without a game', async () => {
      const notLinked = await getJson(`${unlinked.baseUrl}/api/v1/partner/records/leaderboard?system=mame&rom=1942`)
      assert.equal(notLinked.status, 409)
      assert.equal(notLinked.body.code, 'PARTNER_NOT_LINKED')
      const noGame = await getJson(`${linked.baseUrl}/api/v1/partner/records/leaderboard`)
      assert.equal(noGame.status, 400)
      assert.equal(noGame.body.code, 'NO_GAME')
      const half = await getJson(`${linked.baseUrl}/api/v1/partner/records/leaderboard?system=mame`)
      assert.equal(half.status, 400)
      assert.match(half.body.message as string, /rom/)
    })

    it('publishes the leaderboard of the game on screen', async () => {
      const client = await RecordingClient.connect(`${linked.wsBase}/ws`)
      try {
        const hook = await fetch(`${linked.baseUrl}/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'game-selected', args: ['mame', '/cab/roms/mame/1942.zip', '1942'] }) })
        assert.equal(hook.status, 202)
        await client.until((c) => c.types().includes('records.leaderboard.updated'))
        const payload = client.frames.find((f) => f.Type === 'records.leaderboard.updated')!.Payload as { System: string, Rom: string, Game: string, Entries: Array<{ Player: string, Sealed: boolean }> }
        assert.equal(payload.System, 'mame')
        assert.equal(payload.Rom, '1942')
        assert.equal(payload.Game, '1942')
        assert.deepEqual(payload.Entries.map((e) => e.Player), ['ACE', 'theJim', 'LOCAL', 'Nelfe80'])
        const onScreen = await getJson(`${linked.baseUrl}/api/v1/partner/records/leaderboard`)
        assert.equal((onScreen.body as unknown as Board).entries.length, 4)
      } finally {
        client.close()
      }
    })
  })

  describe('a record altered on disk behind the publisher\'s back', () => {
    let linked: TestHub
    before(async () => {
      const file = recordsFile(publisher)
      writeFileSync(file, readFileSync(file, 'utf8').replace('"value":13020', '"value":93020'))
      linked = await startHub({ listen: true, options: { partnerUrls: `${publisher.baseUrl}#${keyId}` } })
    })
    after(async () => linked.close())

    it('fails records verify (exit 1) with a root mismatch and a rewritten history', async () => {
      const result = await recordsCli(['verify', publisher.baseUrl, '--issuer-key-id', keyId])
      assert.equal(result.code, 1, result.stdout)
      assert.match(result.stdout, /root: +MISMATCH/)
      assert.match(result.stdout, /history rewritten/)
    })

    it('is rejected as a source by the linked service, with the reason', async () => {
      await assertRejectedSource(linked, /root mismatch/)
    })
  })
})

describe('records from hiscore tables', () => {
  let hub: TestHub
  let ws: RecordingClient
  const definitions = tempDir('hiscore-defs-')
  const saves = tempDir('hiscore-saves-')
  before(async () => {
    writeFileSync(path.join(definitions, 'galaga.xml'), bcdHiscoreDefinition)
    hub = await startHub({ listen: true, options: { nodeId: 'cab-07', hiscoreDefinitions: definitions, mameHiscoreDir: saves, hiscoreWatchPollMs: '50', hiscoreDebounceMs: '50' } })
    ws = await RecordingClient.connect(`${hub.wsBase}/ws/hiscore`)
  })
  after(async () => {
    ws.socket.close()
    await hub.close()
  })

  it('turns each new entry of a MAME table into one score record of this cabinet', async () => {
    // The first decode is the known state; an entry that is new in the next one is a score.
    writeFileSync(path.join(saves, 'galaga.hi'), bcdHiscoreSave([[2000, 'BBB'], [1000, 'CCC'], [900, 'DDD'], [800, 'EEE'], [700, 'FFF']]))
    await ws.until((c) => c.types().includes('hiscore.updated'))
    writeFileSync(path.join(saves, 'galaga.hi'), bcdHiscoreSave([[3000, 'AAA'], [2000, 'BBB'], [1000, 'CCC'], [900, 'DDD'], [800, 'EEE']]))
    await ws.until((c) => c.types().includes('hiscore.entry.added'))
    // Entries are admitted off the event's delivery, once they are on the disk.
    const { body } = await eventually(async () => getJson(`${hub.baseUrl}/api/v1/scores/index`), (index) => (index.body.records as unknown[]).length > 0, 'the entry to be admitted')
    const records = body.records as Array<Record<string, unknown>>
    assert.equal(records.length, 1)
    assert.deepEqual({ ...records[0], id: undefined, at: undefined }, { id: undefined, at: undefined, kind: 'score', system: 'mame', rom: 'galaga', game: 'galaga', value: 30000, better: 'higher', player: 'AAA', node: 'cab-07' })
    const verified = await recordsCli(['verify', hub.baseUrl, '--issuer-key-id', body.issuer_key_id as string])
    assert.equal(verified.code, 0, verified.stdout)
  })
})
