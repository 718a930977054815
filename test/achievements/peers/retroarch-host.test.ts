/**
 * Real RetroArch 1.14 + nestopia pointed at the service (cheevos_custom_host): its own rcheevos
 * engine identifies the counter image, loads the set we serve or forward, watches RAM and awards
 * the achievement through us. Each run stops RetroArch as soon as the test has what it needs.
 */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, afterEach, describe, it } from 'node:test'
import { assertNoSecrets, capturedLogger, counterSet, hexWords, putSet } from '../../support/achievements.js'
import { UpstreamStandIn } from '../../support/achievements-upstream.js'
import { startHub, tempDir, type TestHub } from '../../support/hub.js'
import { counterRom } from '../../support/nes-rom.js'
import { nesHash, retroarchSkip, runCounter, type RetroarchRun } from '../../support/retroarch.js'
import { RecordingClient } from '../../support/ws-client.js'

const password = 'pw-Xq7!correct horse'
/** The password as RetroArch puts it in the form. */
const formPassword = 'pw-Xq7%21correct+horse'
const hash = nesHash(counterRom())
const cheevos = (hub: TestHub) => ({
  cheevos_enable: 'true',
  cheevos_username: 'alice',
  cheevos_password: password,
  cheevos_custom_host: hub.baseUrl,
  cheevos_hardcore_mode_enable: 'false',
  cheevos_leaderboards_enable: 'true'
})

const unlocked = (client: RecordingClient) => client.frames.find((f) => f.Type === 'achievements.achievement.unlock.confirmed')

describe('the achievements host with a real RetroArch', { skip: retroarchSkip }, () => {
  let run: RetroarchRun | null = null
  const hubs: TestHub[] = []
  afterEach(() => { run?.stop() })
  after(async () => { for (const hub of hubs) await hub.close() })

  it('local mode: RetroArch unlocks an achievement of an installed set; it reaches /ws/achievements and the session, and no secret leaks', async () => {
    const log = capturedLogger()
    const hub = await startHub({ listen: true, options: { achievementsMode: 'local' }, logger: log.logger })
    hubs.push(hub)
    assert.equal((await putSet(hub, hash, counterSet())).status, 200)
    const stream = await RecordingClient.connect(`${hub.wsBase}/ws/achievements`)
    const firehose = await RecordingClient.connect(`${hub.wsBase}/ws`)

    run = runCounter(tempDir('cabinet-hub-cheevos-'), cheevos(hub))
    await stream.until((c) => unlocked(c) !== undefined, 60_000).catch((error: Error) => { throw new Error(`${error.message}\n${run!.log().split('\n').filter((l) => l.includes('RCHEEVOS')).join('\n')}`) })
    run.stop()

    const identified = stream.frames.find((f) => f.Type === 'achievements.game.identified')!
    assert.equal(identified.Payload.Hash, hash, 'RetroArch asked for the hash computed from the ROM without its header')
    assert.equal(identified.Payload.GameId, 77)
    assert.deepEqual(unlocked(stream)!.Payload, { AchievementId: 101, Title: 'Past 255', Description: 'The counter passes 255', Points: 5, Hardcore: false, BadgeUrl: '/api/achievements/media/badge/00101.png', GameId: 77 })
    const order = stream.types()
    assert.ok(order.indexOf('achievements.login.detected') < order.indexOf('achievements.catalog.updated'))
    assert.ok(order.indexOf('achievements.catalog.updated') < order.indexOf('achievements.session.started'))
    assert.ok(order.indexOf('achievements.session.started') < order.indexOf('achievements.achievement.unlock.confirmed'))

    const session = await (await fetch(`${hub.baseUrl}/api/achievements/session`)).json() as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
    assert.equal(session.active, true)
    assert.equal(session.username, 'alice')
    assert.equal(session.gameTitle, 'Counter')
    assert.equal(session.gameHash, hash)
    assert.deepEqual(session.sessionUnlockedAchievements, [101])
    assert.equal(session.achievementsById['101'].unlocked, true)
    assert.equal(session.leaderboardsById['9'].format, 'SCORE')
    const status = await (await fetch(`${hub.baseUrl}/api/achievements/status`)).json() as Record<string, unknown>
    assert.equal(status.linked, true)
    assert.equal(status.lastError, null)

    const late = await RecordingClient.connect(`${hub.wsBase}/ws/cheevos`)
    await late.until((c) => c.frames.length >= 2)
    assert.deepEqual(late.types(), ['achievements.catalog.updated', 'achievements.session.updated'], 'a late client gets the catalog, then the session')
    assert.deepEqual(late.frames[1]!.Payload.SessionUnlockedAchievements, [101])

    // The local host's tokens are 32 hex digits like content hashes: the hash is the only one anywhere.
    assertNoSecrets(hub, log.text(), firehose.frames, [password, formPassword])
    const everything = `${log.text()}${JSON.stringify(hub.hub.journal.recent(100_000, null))}${JSON.stringify(firehose.frames)}`
    assert.deepEqual([...hexWords(everything)], [hash])
    for (const c of [stream, firehose, late]) c.close()
  })

  it('proxy mode: the same flow against an upstream stand-in, which sees the requests unchanged; badges are cached', async () => {
    const token = 'TOKEN-0a1b2c3d4e5f'
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
    const upstream = new UpstreamStandIn({ hash, token, patchData: { ...counterSet(), Achievements: counterSet().Achievements.map((a) => ({ ...a, Author: 'dev', Created: 1, Modified: 2 })) }, png })
    const upstreamUrl = await upstream.start()
    const log = capturedLogger()
    const hub = await startHub({ listen: true, options: { achievementsMode: 'proxy', achievementsUpstream: upstreamUrl }, logger: log.logger })
    hubs.push(hub)
    const firehose = await RecordingClient.connect(`${hub.wsBase}/ws`)
    try {
      run = runCounter(tempDir('cabinet-hub-cheevos-'), cheevos(hub))
      await firehose.until((c) => unlocked(c) !== undefined, 60_000)
      run.stop()

      // Exactly the bodies rcheevos forms, in its order: v is its signature, MD5 of id, user and hardcore flag.
      const signature = createHash('md5').update('101alice0').digest('hex')
      assert.deepEqual(upstream.dorequests().slice(0, 7), [
        `r=gameid&m=${hash}`,
        `r=login&u=alice&p=${formPassword}`,
        `r=patch&u=alice&t=${token}&g=77`,
        `r=unlocks&u=alice&t=${token}&g=77&h=0`,
        `r=unlocks&u=alice&t=${token}&g=77&h=1`,
        `r=postactivity&u=alice&t=${token}&a=3&m=77`,
        `r=awardachievement&u=alice&t=${token}&a=101&h=0&m=${hash}&v=${signature}`
      ])
      for (const request of upstream.requests.filter((r) => r.url === '/dorequest.php')) {
        assert.equal(request.method, 'POST')
        assert.equal(request.headers['content-type'], 'application/x-www-form-urlencoded')
        assert.match(request.headers['user-agent'] ?? '', /^RetroArch\/1\.14/)
      }
      assert.deepEqual(unlocked(firehose)!.Payload.AchievementId, 101)
      assert.equal(firehose.frames.find((f) => f.Type === 'achievements.login.detected')!.Payload.Username, 'alice')

      assert.ok(upstream.requests.some((r) => r.url === '/Badge/00101.png'), 'RetroArch fetched the badge through us')
      const badge = await fetch(`${hub.baseUrl}/api/achievements/media/badge/00101.png`)
      assert.equal(badge.status, 200)
      assert.deepEqual(Buffer.from(await badge.arrayBuffer()), png)
      const status = await (await fetch(`${hub.baseUrl}/api/achievements/status`)).json() as Record<string, unknown>
      assert.equal(status.mode, 'proxy')
      assert.equal(status.upstream, upstreamUrl)
      assert.equal(status.linked, true)
      assertNoSecrets(hub, log.text(), firehose.frames, [password, formPassword, token])
      firehose.close()
    } finally {
      await upstream.stop()
    }
  })

  it('proxy mode with the upstream unreachable: RetroArch gets a clean failure and the service keeps serving', async () => {
    const closed = new UpstreamStandIn({ hash, token: 'unused', patchData: { ID: 1 }, png: Buffer.alloc(0) })
    const deadUrl = await closed.start()
    await closed.stop()
    const hub = await startHub({ listen: true, options: { achievementsMode: 'proxy', achievementsUpstream: deadUrl } })
    hubs.push(hub)
    run = runCounter(tempDir('cabinet-hub-cheevos-'), cheevos(hub))
    const deadline = Date.now() + 30_000
    while (!/Error resolving hash: HTTP error code 502/.test(run.log())) {
      assert.ok(Date.now() < deadline, `RetroArch did not report the failure:\n${run.log().slice(-2000)}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    run.stop()
    const status = await (await fetch(`${hub.baseUrl}/api/achievements/status`)).json() as Record<string, unknown>
    assert.match(String(status.lastError), /unreachable/)
    assert.equal(status.linked, false)
    const direct = await fetch(`${hub.baseUrl}/dorequest.php`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'r=gameid&m=00' })
    assert.equal(direct.status, 502)
    assert.deepEqual(await direct.json(), { message: status.lastError, code: 'UPSTREAM_UNREACHABLE' })
    assert.equal((await fetch(`${hub.baseUrl}/api/v1/health`)).status, 200)
  })
})
