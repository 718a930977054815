import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { eventually, press, readRecordedHooks, settledHooks, simState, startDemoFrontend, type DemoFrontend } from '../support/sim.js'

interface EsGame { id: string, path: string, name: string, [key: string]: string }

const textPlain = /^text\/plain/

async function get (demo: DemoFrontend, route: string): Promise<Response> {
  return fetch(`${demo.url}${route}`)
}

async function post (demo: DemoFrontend, route: string, body: string, contentType = 'text/plain; charset=utf-8'): Promise<Response> {
  return fetch(`${demo.url}${route}`, { method: 'POST', headers: { 'content-type': contentType }, body })
}

describe('simulated frontend: ES web API', () => {
  let demo: DemoFrontend
  let snesGames: EsGame[]
  before(async () => {
    demo = await startDemoFrontend()
    snesGames = await (await get(demo, '/systems/snes/games')).json() as EsGame[]
  })
  after(async () => demo.frontend.stop())

  it('lists systems in es_systems.cfg order with ES fields', async () => {
    const response = await get(demo, '/systems')
    assert.equal(response.status, 200)
    const systems = await response.json() as { name: string, fullname: string, totalGames: number }[]
    assert.deepEqual(systems.map((system) => system.name), ['mame', 'snes', 'megadrive', 'nes'])
    assert.equal(systems[0]?.fullname, 'Multiple Arcade Machine Emulator')
    assert.equal(systems[0]?.totalGames, 5)
    const snes = await (await get(demo, '/systems/snes')).json() as { name: string, manufacturer: string, logo: string }
    assert.deepEqual([snes.name, snes.manufacturer, snes.logo], ['snes', 'Nintendo', '/systems/snes/logo'])
    const logo = await get(demo, snes.logo)
    assert.equal(logo.headers.get('content-type'), 'image/svg+xml')
    assert.match(await logo.text(), /Super Nintendo Entertainment System/)
    assert.equal((await get(demo, '/caps')).status, 200)
  })

  it('gives games the ES id (MD5 of the absolute path with forward slashes) and gamelist metadata', async () => {
    const mario = snesGames.find((game) => game.name === 'Super Mario World')
    assert.ok(mario)
    assert.equal(mario.path, path.join(demo.root, 'roms', 'snes', 'Super Mario World (USA).sfc'))
    assert.equal(mario.id, createHash('md5').update(mario.path).digest('hex'))
    assert.equal(mario.developer, 'Nintendo EAD')
    assert.equal(mario.releasedate, '19901121T000000')
    assert.equal(mario.image, `/systems/snes/games/${mario.id}/media/image`)
    const one = await get(demo, `/systems/snes/games/${mario.id}`)
    assert.equal(one.status, 200)
    assert.deepEqual(await one.json(), mario)
    const image = await get(demo, mario.image!)
    assert.equal(image.headers.get('content-type'), 'image/png')
    assert.deepEqual([...new Uint8Array(await image.arrayBuffer()).subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  })

  it('answers unknown systems, games, media and routes with 404 and a text body', async () => {
    for (const [route, body] of [['/systems/nope', '404 not found'], ['/systems/nope/games', '404 system not found'], ['/systems/snes/games/0123', '404 game not found'], [`/systems/snes/games/${snesGames[0]!.id}/media/video`, '404 media not found'], ['/no/such/route', '404 not found']] as const) {
      const response = await get(demo, route)
      assert.equal(response.status, 404, route)
      assert.match(response.headers.get('content-type') ?? '', textPlain)
      assert.equal(await response.text(), body)
    }
  })

  it('answers an idle /runningGame with 201 NO GAME RUNNING, runs a launched game, refuses a second, ends it on /emukill', async () => {
    const idle = await get(demo, '/runningGame')
    assert.equal(idle.status, 201)
    assert.deepEqual(await idle.json(), { msg: 'NO GAME RUNNING' })
    assert.deepEqual(await (await get(demo, '/isIdle')).json(), [true])

    const zelda = snesGames.find((game) => game.name.startsWith('The Legend of Zelda'))!
    const launched = await post(demo, '/launch', zelda.path)
    assert.equal(launched.status, 200)
    const running = await get(demo, '/runningGame')
    assert.equal(running.status, 200)
    assert.equal((await running.json() as EsGame).path, zelda.path)
    const busy = await get(demo, '/isIdle')
    assert.deepEqual([busy.status, await busy.json()], [201, [false]])
    assert.equal((await simState(demo.url)).view, 'playing')

    const second = await post(demo, '/launch', snesGames[0]!.path)
    assert.equal(second.status, 409)
    assert.match(await second.text(), /already running/)

    assert.equal((await get(demo, '/emukill')).status, 200)
    assert.equal((await get(demo, '/runningGame')).status, 201)
    const hooks = (await settledHooks(demo)).filter((hook) => hook.event === 'game-start' || hook.event === 'game-end')
    assert.deepEqual(hooks.slice(-2), [
      { event: 'game-start', args: [zelda.path, 'Legend of Zelda, The - A Link to the Past (USA)', zelda.name] },
      { event: 'game-end', args: [] }
    ])
  })

  it('answers a launch of an unknown path with 404 and of an empty body with 400, starting nothing', async () => {
    const unknown = await post(demo, '/launch', path.join(demo.root, 'roms', 'snes', 'Nothing.sfc'))
    assert.deepEqual([unknown.status, await unknown.text()], [404, '404 game not found'])
    const empty = await post(demo, '/launch', '')
    assert.deepEqual([empty.status, await empty.text()], [400, '400 bad request - body is missing'])
    assert.equal((await get(demo, '/runningGame')).status, 201)
  })

  it('keeps the latest /notify and /messagebox messages for /sim/state; an empty message is 400', async () => {
    assert.equal((await post(demo, '/notify', 'Hiscore saved: 123,450')).status, 200)
    assert.equal((await post(demo, '/messagebox', 'Insert coin', 'application/octet-stream')).status, 200)
    assert.equal((await post(demo, '/notify', '')).status, 400)
    const { notifications } = await simState(demo.url)
    assert.deepEqual(notifications.slice(-2).map(({ kind, message }) => ({ kind, message })), [
      { kind: 'notify', message: 'Hiscore saved: 123,450' },
      { kind: 'messagebox', message: 'Insert coin' }
    ])
  })

  it('rejects unknown inputs and malformed JSON on /sim/input with 400 { message, code }', async () => {
    const unknown = await post(demo, '/sim/input', JSON.stringify({ input: 'jump' }), 'application/json')
    assert.equal(unknown.status, 400)
    assert.equal((await unknown.json() as { code: string }).code, 'UNKNOWN_INPUT')
    const malformed = await post(demo, '/sim/input', '{"input":', 'application/json')
    assert.equal(malformed.status, 400)
    assert.equal((await malformed.json() as { code: string }).code, 'BAD_JSON')
  })

  it('re-reads gamelists on /reloadgames and puts the cursor back on the first system', async () => {
    await press(demo.url, 'right', 'right', 'a')
    assert.deepEqual(await simState(demo.url).then((state) => [state.view, state.systemId]), ['gamelist', 'megadrive'])
    const gamelist = path.join(demo.root, 'roms', 'nes', 'gamelist.xml')
    writeFileSync(gamelist, readFileSync(gamelist, 'utf8').replace('<name>Metroid</name>', '<name>Metroid (edited)</name>'))
    assert.equal((await get(demo, '/reloadgames')).status, 200)
    const state = await simState(demo.url)
    assert.deepEqual([state.view, state.systemId, state.gamePath], ['system', 'mame', null])
    const names = (await (await get(demo, '/systems/nes/games')).json() as EsGame[]).map((game) => game.name)
    assert.ok(names.includes('Metroid (edited)'), names.join(', '))
  })
})

describe('simulated frontend: GET /quit', () => {
  it('fires the quit hook, answers, then stops serving', async () => {
    const demo = await startDemoFrontend()
    assert.equal((await fetch(`${demo.url}/quit`)).status, 200)
    await demo.frontend.closed
    const hooks = await eventually(() => readRecordedHooks(demo.log), (recorded) => recorded.some((hook) => hook.event === 'quit'), 'the quit hook')
    assert.deepEqual(hooks.map((hook) => hook.event), ['start', 'quit'])
    await assert.rejects(fetch(`${demo.url}/caps`))
  })
})
