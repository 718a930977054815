/**
 * A page of another site can make a browser send GETs (`<img src>`, no Origin at all on some
 * browsers): no GET route, and no request of the achievements host a page can make, may write.
 */
import assert from 'node:assert/strict'
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { counterSet } from '../support/achievements.js'
import { startHub, type TestHub } from '../support/hub.js'

const hash = 'c0ffee00c0ffee00c0ffee00c0ffee00'
const foreignPage = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/page.html' }
/** Every `r=` RetroArch's rcheevos sends, and a few it does not. */
const requestKinds = ['login', 'login2', 'gameid', 'patch', 'unlocks', 'startsession', 'postactivity', 'ping', 'awardachievement', 'submitlbentry', 'richpresence', '']
const fieldsOf = (kind: string): string => `r=${kind}&u=Mallory&p=pw&t=tok&g=77&m=${hash}&a=101&h=1&i=9&s=12345`

/** Everything the service keeps: every row of every table, and every file of the data dir but the database's own. */
function stateOf (hub: TestHub): string {
  hub.hub.journal.flush()
  const db = hub.hub.db
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((t) => t.name)
  const rows = Object.fromEntries(tables.map((name) => [name, db.prepare(`SELECT * FROM "${name}"`).all()]))
  const files: string[] = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (!entry.name.startsWith('cabinet-hub.db')) files.push(`${path.relative(hub.dataDir, file)}:${statSync(file).size}:${statSync(file).mtimeMs}`)
    }
  }
  walk(hub.dataDir)
  return JSON.stringify({ rows, files: files.sort() })
}

describe('GETs a foreign page can forge', () => {
  let hub: TestHub
  before(async () => {
    hub = await startHub({ options: { achievementsMode: 'local' } })
    const installed = await hub.app.inject({ method: 'PUT', url: `/api/achievements/sets/${hash}`, payload: counterSet() })
    assert.equal(installed.statusCode, 200)
  })
  after(async () => hub.close())

  it('the achievements host refuses every request a page of another site makes, by any method, and writes nothing', async () => {
    const before = stateOf(hub)
    for (const kind of requestKinds) {
      for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: foreignPage.origin }, { referer: foreignPage.referer }, foreignPage]) {
        const get = await hub.app.inject({ method: 'GET', url: `/dorequest.php?${fieldsOf(kind)}`, headers })
        assert.equal(get.statusCode, 403, `GET r=${kind} ${JSON.stringify(headers)}`)
        assert.equal(get.json().code, 'CROSS_ORIGIN_FORBIDDEN')
        const post = await hub.app.inject({ method: 'POST', url: '/dorequest.php', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: fieldsOf(kind) })
        assert.equal(post.statusCode, 403, `POST r=${kind} ${JSON.stringify(headers)}`)
      }
      const badge = await hub.app.inject({ method: 'GET', url: '/Badge/00101.png', headers: foreignPage })
      assert.equal(badge.statusCode, 403)
    }
    assert.equal(stateOf(hub), before)
  })

  it('a GET with no sign of a page may only read: awarding, submitting, logging in and sessions need a POST', async () => {
    const before = stateOf(hub)
    for (const kind of requestKinds) {
      const response = await hub.app.inject({ method: 'GET', url: `/dorequest.php?${fieldsOf(kind)}` })
      if (['gameid', 'patch', 'unlocks'].includes(kind)) {
        assert.equal(response.statusCode, 200, `GET r=${kind}`)
      } else {
        assert.equal(response.statusCode, 405, `GET r=${kind}`)
        assert.equal(response.json().code, 'POST_REQUIRED')
        assert.equal(response.headers.allow, 'POST')
      }
    }
    assert.equal(stateOf(hub), before, 'reads over GET are answered, not taken as the session\'s')
  })

  it('no documented GET route writes when a page of another site asks it', async () => {
    const paths = (hub.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths
    const before = stateOf(hub)
    let asked = 0
    for (const [routePath, operations] of Object.entries(paths)) {
      if (!('get' in operations)) continue
      await hub.app.inject({ method: 'GET', url: routePath.replace(/\{[^}]+\}/g, 'x'), headers: foreignPage })
      asked++
    }
    assert.ok(asked > 40, `${asked} GET operations walked`)
    assert.equal(stateOf(hub), before)
  })

  it('the same award posted by a program is written: the state compared above does see writes', async () => {
    const before = stateOf(hub)
    const response = await hub.app.inject({ method: 'POST', url: '/dorequest.php', headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'RetroArch/1.14.0' }, payload: fieldsOf('awardachievement') })
    assert.equal(response.statusCode, 200)
    assert.equal(response.json().Success, true)
    assert.notEqual(stateOf(hub), before)
  })
})
