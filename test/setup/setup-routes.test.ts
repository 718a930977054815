import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { optionEntriesOf } from '../../src/core/hub.js'
import { loadConfig } from '../../src/core/options.js'
import { domainModules } from '../../src/modules.js'
import { copyDemoTree } from '../support/demo-tree.js'
import { startHub, tempDir, type TestHub } from '../support/hub.js'
import { commandToRun } from '../../src/core/launcher.js'

/** The Origin a page this service served sends (inject's Host is localhost:80). */
const ownOrigin = 'http://localhost:80'
const own = { host: 'localhost:80', origin: ownOrigin }

describe('the setup page\'s list and buttons', () => {
  let f: TestHub
  let root: string
  let esConfigDir: string
  before(async () => {
    root = path.join(tempDir('cabinet-hub-setup-'), 'RetroBat')
    esConfigDir = (await copyDemoTree(root, 'retrobat')).esConfigDir
    f = await startHub({ options: { frontendRoot: root, profile: 'retrobat' } })
  })
  after(async () => f.close())

  const scripts = (): string[] => readdirSync(esConfigDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort()
  const setup = async () => (await f.app.inject({ method: 'GET', url: '/api/v1/setup' })).json()

  it('lists the hooks as missing, with doctor\'s message and the install-hooks button', async () => {
    const body = await setup()
    const hooks = body.rows.find((row: { id: string }) => row.id === 'hooks')
    assert.equal(hooks.state, 'fix')
    assert.match(hooks.problems[0].message, /no cabinet-hub hook scripts are installed/)
    assert.deepEqual({ method: hooks.action.method, path: hooks.action.path }, { method: 'POST', path: '/api/v1/setup/hooks' })
    assert.ok(hooks.action.command.startsWith(commandToRun('install-hooks --frontend-root ')), hooks.action.command)
    assert.deepEqual(body.rows.map((row: { id: string }) => row.id), ['frontend', 'hooks', 'mame', 'retroarch', 'boot', 'data'])
    assert.equal(body.demo.active, false)
  })

  it('refuses a button to a page of another origin and to a read link from another machine, with { message, code }, writing nothing', async () => {
    const before = scripts()
    const foreign = await f.app.inject({ method: 'POST', url: '/api/v1/setup/hooks', headers: { origin: 'http://evil.example' }, payload: {} })
    assert.equal(foreign.statusCode, 403)
    assert.equal(foreign.json().code, 'CROSS_ORIGIN_FORBIDDEN')
    const token = f.hub.readLink.token
    const linked = await f.app.inject({ method: 'POST', url: `/api/v1/setup/hooks?token=${token}`, remoteAddress: '192.168.1.50', headers: { host: '192.168.1.20:12345', origin: 'http://192.168.1.20:12345', cookie: `cabinet_hub_read=${token}` }, payload: {} })
    assert.equal(linked.statusCode, 401)
    assert.equal(linked.json().code, 'API_KEY_REQUIRED')
    // A program on the cabinet without a page's Origin (curl) has the command instead.
    const program = await f.app.inject({ method: 'POST', url: '/api/v1/setup/hooks', payload: {} })
    assert.equal(program.statusCode, 403)
    assert.equal(program.json().code, 'OWN_PAGE_ONLY')
    assert.match(program.json().message, /command/)
    assert.deepEqual(scripts(), before)
  })

  it('installs the hooks from its own page on this machine, answers the files it wrote, and tells /ws/system', async () => {
    const told: unknown[] = []
    const unsubscribe = f.hub.bus.subscribe(({ envelope }) => { if (envelope.Type === 'setup.changed') told.push(envelope.Payload) })
    const answer = await f.app.inject({ method: 'POST', url: '/api/v1/setup/hooks', headers: own, payload: {} })
    assert.equal(answer.statusCode, 200, answer.body)
    const { changed } = answer.json()
    await new Promise((resolve) => setImmediate(resolve))
    unsubscribe()
    assert.deepEqual(told, [{ Action: 'hooks', Undo: false, Changed: changed }])
    assert.deepEqual(f.hub.streams.streamsFor('setup.changed').includes('system'), true)
    assert.ok(changed.length > 0)
    for (const file of changed) assert.ok(existsSync(file), file)
    assert.ok(changed.every((file: string) => file.startsWith(esConfigDir)))
    const hooks = (await setup()).rows.find((row: { id: string }) => row.id === 'hooks')
    assert.equal(hooks.state, 'ok')
    assert.equal(hooks.undo.method, 'DELETE')

    const undone = await f.app.inject({ method: 'DELETE', url: '/api/v1/setup/hooks', headers: own })
    assert.equal(undone.statusCode, 200, undone.body)
    assert.deepEqual(undone.json().changed.sort(), changed.sort())
    for (const file of changed) assert.equal(existsSync(file), false, file)
  })

  it('installs the MAME plugin into RetroBat\'s MAME, and removes it with {undo:true}', async () => {
    const answer = await f.app.inject({ method: 'POST', url: '/api/v1/setup/mame-plugin', headers: own, payload: {} })
    assert.equal(answer.statusCode, 200, answer.body)
    const lua = answer.json().changed.find((file: string) => file.endsWith('init.lua'))
    assert.equal(path.dirname(path.dirname(lua)), path.join(root, 'emulators', 'mame', 'plugins'))
    assert.match(readFileSync(lua, 'utf8'), new RegExp(f.dataDir.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')))
    const mame = (await setup()).rows.find((row: { id: string }) => row.id === 'mame')
    assert.match(mame.findings[1].value, /^installed/)
    const undone = await f.app.inject({ method: 'POST', url: '/api/v1/setup/mame-plugin', headers: own, payload: { undo: true } })
    assert.equal(undone.statusCode, 200, undone.body)
    assert.equal(existsSync(lua), false)
  })

  it('judges nothing about MAME on a cabinet without it: the row says what it found, and still offers the plugin', async () => {
    const withoutMame = await startHub({ listen: false, options: { frontendRoot: root, profile: 'retrobat', mameExe: 'none' } })
    try {
      const mame = (await withoutMame.app.inject({ method: 'GET', url: '/api/v1/setup' })).json().rows.find((row: { id: string }) => row.id === 'mame')
      assert.equal(mame.state, 'info')
      assert.equal(mame.findings[0].value, 'not found')
      assert.equal(mame.action.path, '/api/v1/setup/mame-plugin')
    } finally {
      await withoutMame.close()
    }
  })

  it('points RetroBat\'s RetroArch at the service and puts the original line back on undo', async () => {
    const cfg = path.join(root, 'emulators', 'retroarch', 'retroarch.cfg')
    mkdirSync(path.dirname(cfg), { recursive: true })
    writeFileSync(cfg, 'network_cmd_enable = "false"\ncheevos_custom_host = ""\n')
    const before = (await setup()).rows.find((row: { id: string }) => row.id === 'retroarch')
    assert.equal(before.state, 'fix')
    assert.deepEqual(before.findings.slice(1).map((finding: { value: string }) => finding.value), ['off', 'not set (RetroAchievements itself)'])
    const answer = await f.app.inject({ method: 'POST', url: '/api/v1/setup/retroarch', headers: own, payload: {} })
    assert.equal(answer.statusCode, 200, answer.body)
    assert.deepEqual(answer.json().changed, [cfg, `${cfg}.cabinet-hub.bak`])
    assert.match(readFileSync(cfg, 'utf8'), /^cheevos_custom_host = "http:\/\/127\.0\.0\.1:\d+"$/m)
    const undone = await f.app.inject({ method: 'DELETE', url: '/api/v1/setup/retroarch', headers: own })
    assert.equal(undone.statusCode, 200, undone.body)
    assert.equal(readFileSync(cfg, 'utf8'), 'network_cmd_enable = "false"\ncheevos_custom_host = ""\n')
  })

  it('writes RetroBat\'s start hook for the start at boot', async () => {
    const answer = await f.app.inject({ method: 'POST', url: '/api/v1/setup/service', headers: own, payload: {} })
    assert.equal(answer.statusCode, 200, answer.body)
    assert.deepEqual(answer.json().changed, [path.join(esConfigDir, 'scripts', 'start', 'cabinet-hub-start.bat')])
    assert.ok(existsSync(answer.json().changed[0]))
    const boot = (await setup()).rows.find((row: { id: string }) => row.id === 'boot')
    assert.equal(boot.state, 'ok')
  })

  it('revokes the read link: the old token is refused at once, the new one reads', async () => {
    const old = f.hub.readLink.token
    const lan = { remoteAddress: '192.168.1.50', headers: { host: '192.168.1.20:12345' } }
    assert.equal((await f.app.inject({ method: 'GET', url: `/api/v1/health?token=${old}`, ...lan })).statusCode, 200)
    const answer = await f.app.inject({ method: 'POST', url: '/api/v1/setup/read-link/revoke', headers: own, payload: {} })
    assert.equal(answer.statusCode, 200, answer.body)
    assert.deepEqual(answer.json().changed, [path.join(f.dataDir, 'read-link-token')])
    const oldAnswer = await f.app.inject({ method: 'GET', url: `/api/v1/health?token=${old}`, ...lan })
    assert.equal(oldAnswer.statusCode, 401)
    assert.equal(oldAnswer.json().code, 'API_KEY_REQUIRED')
    const fresh = f.hub.readLink.token
    assert.notEqual(fresh, old)
    assert.equal(readFileSync(path.join(f.dataDir, 'read-link-token'), 'utf8').trim(), fresh)
    assert.equal((await f.app.inject({ method: 'GET', url: `/api/v1/health?token=${fresh}`, ...lan })).statusCode, 200)
  })

  it('writes the chosen frontend into the data dir\'s config file, which the next start reads; refuses a folder that is not one', async () => {
    const refused = await f.app.inject({ method: 'POST', url: '/api/v1/setup/frontend', headers: own, payload: { root: path.join(root, 'nothing-here'), profile: 'batocera' } })
    assert.equal(refused.statusCode, 409)
    assert.equal(refused.json().code, 'SETUP_REFUSED')
    assert.equal(existsSync(path.join(f.dataDir, 'config.json')), false)
    const answer = await f.app.inject({ method: 'POST', url: '/api/v1/setup/frontend', headers: own, payload: { root, profile: 'retrobat' } })
    assert.equal(answer.statusCode, 200, answer.body)
    assert.deepEqual(JSON.parse(readFileSync(path.join(f.dataDir, 'config.json'), 'utf8')), { frontendRoot: root, profile: 'retrobat' })
    const next = loadConfig(optionEntriesOf(domainModules), { cli: new Map([['dataDir', f.dataDir]]), env: {} })
    assert.deepEqual([next.config.frontendRoot, next.sources.frontendRoot, next.config.config], [root, 'file', path.join(f.dataDir, 'config.json')])
  })

  it('serves the page, linked from the live page', async () => {
    const page = await f.app.inject({ method: 'GET', url: '/setup', headers: { accept: 'text/html' } })
    assert.equal(page.statusCode, 200)
    assert.match(page.body, /<title>cabinet-hub setup<\/title>/)
    assert.doesNotMatch(page.body, /(src|href)="https?:/)
    const live = await f.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    assert.match(live.body, /<a href="\/setup">setup<\/a>/)
  })
})
