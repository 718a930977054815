/**
 * The achievements host in process: the local host answers every request the way rcheevos reads
 * it, the session model publishes what an overlay needs, bad input changes nothing, and secrets
 * stay out of the log, the journal and the streams.
 */
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { assertNoSecrets, capturedLogger, counterSet, putSet } from '../support/achievements.js'
import { sendHook, startHub, type TestHub } from '../support/hub.js'

const hash = 'c0ffee00c0ffee00c0ffee00c0ffee00'
const password = 'local-pw-5ecret'

/** fetch cannot send another Host header; node:http can. */
async function statusWithHost (hub: TestHub, url: string, host: string): Promise<number> {
  return (await hub.fetch(url, { headers: { host } })).status
}

async function dorequest (hub: TestHub, form: string): Promise<{ status: number, body: Record<string, any> }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const response = await hub.fetch(`/dorequest.php`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'RetroArch/1.14.0' }, body: form })
  return { status: response.status, body: await response.json() as Record<string, unknown> }
}

describe('the local achievements host', () => {
  let hub: TestHub
  const log = capturedLogger()
  before(async () => { hub = await startHub({ options: { achievementsMode: 'local' }, logger: log.logger }) })
  after(async () => hub.close())

  it('answers status and session with CORS, and every stream alias connects', async () => {
    for (const route of ['status', 'session']) {
      const response = await hub.fetch(`/api/achievements/${route}`, { headers: { origin: 'https://overlay.example' } })
      assert.equal(response.status, 200)
      assert.equal(response.headers.get('access-control-allow-origin'), '*')
    }
    const session = await (await hub.fetch(`/api/achievements/session`)).json() as Record<string, unknown>
    assert.equal(session.active, false, 'nothing runs: the empty session, not an error')
    assert.deepEqual(session.sessionUnlockedAchievements, [])
    for (const name of ['achievements', 'achievement', 'cheevos']) (await hub.connect(`/ws/${name}`)).close()
    const streams = await (await hub.fetch(`/api/v1/ws/streams`)).json() as { streams: Array<{ name: string, aliases: string[] }> }
    assert.deepEqual(streams.streams.find((s) => s.name === 'achievements')?.aliases, ['achievement', 'cheevos'])
  })

  it('refuses a set that does not validate, naming the field, and writes nothing', async () => {
    const broken = { ...counterSet(), Achievements: [{ ...counterSet().Achievements[0], MemAddr: 42 }] }
    const response = await putSet(hub, hash, broken)
    assert.equal(response.status, 400)
    const body = await response.json() as { message: string, code: string }
    assert.match(body.message, /Achievements\/0\/MemAddr/)
    const twice = await putSet(hub, hash, { ...counterSet(), Achievements: [counterSet().Achievements[0], counterSet().Achievements[0]] })
    assert.equal(twice.status, 400)
    assert.match((await twice.json() as { message: string }).message, /Achievements\/1\/ID 101 is used twice/)
    assert.equal((await putSet(hub, 'not-a-hash', counterSet())).status, 400)
    assert.equal(existsSync(path.join(hub.dataDir, 'achievements', 'sets', `${hash}.json`)), false)
    assert.equal((await dorequest(hub, `r=gameid&m=${hash}`)).body.GameID, 0, 'an unknown hash is game 0, as on the platform')
  })

  it('plays a whole session: login, identification, catalog, unlocks, rich presence, an award, a leaderboard entry, the end', async () => {
    assert.equal((await putSet(hub, hash, counterSet())).status, 200)
    const stream = await hub.connect(`/ws/achievements`)
    const firehose = await hub.connect(`/ws`)

    const login = await dorequest(hub, `r=login&u=bob&p=${password}`)
    assert.equal(login.body.Success, true)
    assert.equal(login.body.User, 'bob')
    const token = login.body.Token as string
    assert.match(token, /^[0-9a-f]{32}$/)
    assert.equal((await dorequest(hub, `r=gameid&m=${hash}`)).body.GameID, 77)
    const patch = (await dorequest(hub, `r=patch&u=bob&t=${token}&g=77`)).body
    assert.equal(patch.PatchData.Title, 'Counter')
    // rcheevos 10 refuses an achievement without Author, Created and Modified, and a leaderboard without Format.
    assert.deepEqual(Object.keys(patch.PatchData.Achievements[0]).filter((k) => ['Author', 'Created', 'Modified'].includes(k)).sort(), ['Author', 'Created', 'Modified'])
    assert.deepEqual((await dorequest(hub, `r=unlocks&u=bob&t=${token}&g=77&h=0`)).body.UserUnlocks, [])
    assert.equal((await dorequest(hub, `r=postactivity&u=bob&t=${token}&a=3&m=77`)).body.Success, true)
    assert.equal((await dorequest(hub, `r=ping&u=bob&t=${token}&g=77&m=${encodeURIComponent('Counting 3 héros')}`)).body.Success, true)
    const award = (await dorequest(hub, `r=awardachievement&u=bob&t=${token}&a=101&h=0&m=${hash}&v=x`)).body
    assert.deepEqual(award, { Success: true, Score: 5, AchievementID: 101, AchievementsRemaining: 0 })
    const again = (await dorequest(hub, `r=awardachievement&u=bob&t=${token}&a=101&h=0&m=${hash}&v=x`)).body
    assert.deepEqual(again, { Success: false, Error: 'User already has this achievement awarded.' })
    const entry = (await dorequest(hub, `r=submitlbentry&u=bob&t=${token}&i=9&s=42&m=${hash}&v=x`)).body
    assert.equal(entry.Response.RankInfo.Rank, 1)
    assert.equal(entry.Response.RankInfo.NumEntries, '1')

    await stream.until((c) => c.types().includes('achievements.leaderboard.submit.confirmed'))
    assert.deepEqual(stream.types(), [
      'achievements.login.detected', 'achievements.game.identified', 'achievements.catalog.updated', 'achievements.session.started',
      'achievements.richpresence.changed', 'achievements.session.updated',
      'achievements.achievement.unlock.confirmed', 'achievements.session.updated',
      'achievements.leaderboard.submit.confirmed', 'achievements.session.updated'
    ], 'one unlock event, however often RetroArch asks')
    const byType = (type: string) => stream.frames.find((f) => f.Type === type)!.Payload
    assert.deepEqual(byType('achievements.richpresence.changed'), { Text: 'Counting 3 héros' })
    assert.deepEqual(byType('achievements.leaderboard.submit.confirmed'), { LeaderboardId: 9, Title: 'Low byte', Score: 42, FormattedScore: '000042', Rank: 1 })
    const catalog = byType('achievements.catalog.updated')
    assert.equal(catalog.GameHash, hash)
    assert.equal(catalog.ImageIconUrl, '/api/achievements/media/images/000077.png')
    assert.match(catalog.Revision as string, /^[0-9a-f]{16}$/)

    const session = await (await hub.fetch(`/api/achievements/session`)).json() as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
    assert.equal(session.active, true)
    assert.equal(session.richPresence, 'Counting 3 héros')
    assert.equal(session.score, 5)
    assert.deepEqual(session.sessionUnlockedAchievements, [101])

    await sendHook(hub, 'game-end')
    await stream.until((c) => c.types().includes('achievements.session.ended'))
    assert.equal(byType('achievements.session.ended').Reason, 'game-ended')
    assert.equal((await (await hub.fetch(`/api/achievements/session`)).json() as { active: boolean }).active, false)
    const late = await hub.connect(`/ws/achievements`)
    await late.until((c) => c.frames.length >= 1)
    assert.deepEqual(late.types(), ['achievements.catalog.updated'], 'the ended session no longer replays')

    // A GET carrying credentials in the query, refused for its Host: the logged URL has them redacted.
    assert.equal(await statusWithHost(hub, `/dorequest.php?r=login&u=bob&p=${password}&t=${token}`, 'evil.example'), 421)
    assert.match(log.text(), /p=\[redacted\]&t=\[redacted\]/)
    const status = await (await hub.fetch(`/api/achievements/status`)).json() as Record<string, unknown>
    assert.equal(status.username, 'bob')
    assert.equal(status.linked, true)
    assertNoSecrets(hub, log.text(), firehose.frames, [password, token])
    for (const c of [stream, firehose, late]) c.close()
  })

  it('answers requests it cannot serve with { message, code }, refusals as the platform words them, and keeps serving', async () => {
    const noRequest = await dorequest(hub, 'u=bob')
    assert.equal(noRequest.status, 400)
    assert.deepEqual(noRequest.body, { message: 'The request needs the field "r"', code: 'MISSING_PARAMETER' })
    const unknown = await dorequest(hub, 'r=uploadachievement&u=bob&t=x')
    assert.equal(unknown.status, 400)
    assert.equal(unknown.body.code, 'UNKNOWN_REQUEST')
    assert.equal((await dorequest(hub, 'r=awardachievement&u=bob&t=x&a=999&h=0')).body.Error, 'Data not found for achievement 999')
    assert.equal((await hub.fetch(`/api/v1/health`)).status, 200)
  })

  it('serves the badges under the data dir, and only names that stay in their folder', async () => {
    const badges = path.join(hub.dataDir, 'achievements', 'media', 'badge')
    mkdirSync(badges, { recursive: true })
    writeFileSync(path.join(badges, '00101.png'), 'png bytes')
    for (const url of ['/api/achievements/media/badge/00101.png', '/Badge/00101.png']) {
      const response = await hub.fetch(`${url}`)
      assert.equal(response.status, 200, url)
      assert.equal(response.headers.get('content-type'), 'image/png')
      assert.equal(await response.text(), 'png bytes')
    }
    assert.equal((await hub.fetch(`/Badge/00102.png`)).status, 404)
    assert.equal((await hub.fetch(`/api/achievements/media/badge/00102.png`)).status, 404)
    for (const bad of ['badge/..%2f..%2fcabinet-hub.db', 'badge/%2e%2e.png', 'sets/x.png', 'badge/a.json']) {
      const response = await hub.fetch(`/api/achievements/media/${bad}`)
      assert.equal(response.status, 400, bad)
    }
  })
})

describe('the Game Events Manager switched off', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ options: { 'managers.gameEvents': false } }) })
  after(async () => hub.close())

  it('answers 404 MANAGER_DISABLED on the REST routes and the host', async () => {
    for (const url of ['/api/achievements/status', '/api/achievements/session', '/dorequest.php', '/Badge/00001.png']) {
      const response = await hub.fetch(`${url}`)
      assert.equal(response.status, 404, url)
      assert.equal((await response.json() as { code: string }).code, 'MANAGER_DISABLED')
    }
  })
})
