import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { tempDir } from '../../support/hub.js'
import { eventually, press, pressSettled, readRecordedHooks, settledHooks, simState, startDemoFrontend, type DemoFrontend } from '../../support/sim.js'

interface EsGame { id: string, path: string, name: string, [key: string]: string }


/** Presses the inputs a person would to get the cursor onto one game of one system's gamelist. */
async function browseTo (demo: DemoFrontend, system: string, name: string): Promise<void> {
  if ((await simState(demo.url)).view === 'gamelist') await pressSettled(demo, 'a')
  for (let step = 0; (await simState(demo.url)).systemId !== system; step++) {
    assert.ok(step < 10, `no ${system} on the carousel`)
    await pressSettled(demo, 'right')
  }
  await pressSettled(demo, 'b')
  for (let step = 0; (await simState(demo.url)).gameName !== name; step++) {
    assert.ok(step < 30, `no ${name} in ${system}`)
    await pressSettled(demo, 'down')
  }
}

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

  it('answers / with a redirect to /index.html and /caps with exactly ES\'s capabilities', async () => {
    const root = await fetch(`${demo.url}/`, { redirect: 'manual' })
    assert.deepEqual([root.status, root.headers.get('location')], [302, '/index.html'])
    const caps = await get(demo, '/caps')
    assert.equal(caps.headers.get('content-type'), 'application/json')
    assert.deepEqual(await caps.json(), { Version: '42', SortName: false })
  })

  it('lists the carousel (systems in es_systems.cfg order, then all and favorites) with ES\'s fields: theme twice, no path or command', async () => {
    const response = await get(demo, '/systems')
    assert.deepEqual([response.status, response.headers.get('content-type')], [200, 'application/json'])
    const text = await response.text()
    const systems = JSON.parse(text) as Record<string, unknown>[]
    assert.deepEqual(systems.map((system) => system.name), ['mame', 'snes', 'megadrive', 'nes', 'all', 'favorites'])
    assert.equal(systems[0]?.fullname, 'Multiple Arcade Machine Emulator')
    assert.equal(systems[0]?.totalGames, 5)
    assert.deepEqual([systems[4]?.collection, systems[4]?.gamesystem, systems[4]?.totalGames, systems[5]?.totalGames], ['true', 'false', 17, 0])
    for (const key of ['path', 'command', 'platform', 'hardware', 'release', 'extension']) assert.ok(systems.every((system) => !(key in system)), key)
    assert.equal(text.match(/"theme": "mame"/g)?.length, 2, 'the theme key twice, as ES writes it')
    const snes = await (await get(demo, '/systems/snes')).json() as { name: string, manufacturer: string, logo: string }
    assert.deepEqual([snes.name, snes.manufacturer, snes.logo], ['snes', 'Nintendo', '/systems/snes/logo'])
    const logo = await get(demo, snes.logo)
    assert.equal(logo.headers.get('content-type'), 'image/svg+xml')
    assert.match(await logo.text(), /Super Nintendo Entertainment System/)
  })

  it('lists a system\'s games in ES\'s internal order (the folder listing), not the on-screen name order, with systemName, playcount, genres', async () => {
    const nesDir = path.join(demo.root, 'roms', 'nes')
    const listing = readdirSync(nesDir).filter((file) => file.endsWith('.nes')).map((file) => path.join(nesDir, file))
    const games = await (await get(demo, '/systems/nes/games')).json() as EsGame[]
    assert.deepEqual(games.map((game) => game.path), listing)
    await browseTo(demo, 'nes', 'Mega Man 2')
    await pressSettled(demo, 'down', 'down', 'down', 'down')
    // On screen: name order, ignoring case (ES's compareIgnoreCase), so "The Legend of Zelda" comes last.
    assert.equal((await simState(demo.url)).gameName, 'The Legend of Zelda')
    const metroid = games.find((game) => game.name === 'Metroid')!
    assert.deepEqual([metroid.systemName, metroid.playcount, metroid.favorite, metroid.rating], ['nes', '0', 'false', '0.8'])
    assert.equal(games.find((game) => game.name === 'Mega Man 2')?.genres, '2646', 'Platform / Shooter: the last known part of the genre')
    const all = await get(demo, '/systems/all/games')
    assert.equal(all.status, 200)
    assert.equal((await all.json() as EsGame[]).length, 17)
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

  it('answers unknown systems, games and media with 404 and a text/html body, an unknown route with a bare 404', async () => {
    for (const [route, body] of [['/systems/nope', '404 not found'], ['/systems/nope/games', '404 system not found'], ['/systems/snes/games/0123', '404 game not found'], [`/systems/snes/games/${snesGames[0]!.id}/media/video`, '404 media not found']] as const) {
      const response = await get(demo, route)
      assert.deepEqual([response.status, response.headers.get('content-type'), await response.text()], [404, 'text/html', body], route)
    }
    const unknown = await get(demo, '/no/such/route')
    assert.deepEqual([unknown.status, unknown.headers.get('content-type'), await unknown.text()], [404, null, ''])
  })

  it('answers an idle /runningGame with 201 NO GAME RUNNING, runs a launched game, queues a second one behind it, ends it on /emukill', async () => {
    const idle = await get(demo, '/runningGame')
    assert.equal(idle.status, 201)
    assert.deepEqual(await idle.json(), { msg: 'NO GAME RUNNING' })
    assert.deepEqual(await (await get(demo, '/isIdle')).json(), [true])

    const zelda = snesGames.find((game) => game.name.startsWith('The Legend of Zelda'))!
    const launched = await post(demo, '/launch', zelda.path)
    assert.deepEqual([launched.status, launched.headers.get('content-type'), await launched.text()], [200, null, ''])
    const running = await get(demo, '/runningGame')
    assert.equal(running.status, 200)
    assert.equal((await running.json() as EsGame).path, zelda.path)
    const busy = await get(demo, '/isIdle')
    assert.deepEqual([busy.status, await busy.json()], [201, [false]])
    assert.equal((await simState(demo.url)).view, 'playing')

    const second = await post(demo, '/launch', snesGames[0]!.path)
    assert.equal(second.status, 200)
    assert.equal((await simState(demo.url)).launchesWaiting, 1)

    const killed = await get(demo, '/emukill')
    assert.deepEqual([killed.status, killed.headers.get('content-type')], [200, null])
    const next = await (await get(demo, '/runningGame')).json() as EsGame
    assert.equal(next.path, snesGames[0]!.path, 'the queued launch starts once the running game has ended')
    assert.equal((await get(demo, '/emukill')).status, 200)
    assert.equal((await get(demo, '/runningGame')).status, 201)
    const hooks = (await settledHooks(demo)).filter((hook) => hook.event === 'game-start' || hook.event === 'game-end')
    assert.deepEqual(hooks.map((hook) => hook.event).sort(), ['game-end', 'game-end', 'game-start', 'game-start'])
  })

  it('answers 200 to a launch of a file that is no game and to a blank body, starting nothing; 400 text/html to an empty body', async () => {
    for (const body of [path.join(demo.root, 'roms', 'snes', 'Nothing.sfc'), path.join(demo.root, 'roms', 'snes', 'gamelist.xml'), ' \n']) {
      const answer = await post(demo, '/launch', body)
      assert.deepEqual([answer.status, answer.headers.get('content-type'), await answer.text()], [200, null, ''], body)
    }
    const empty = await post(demo, '/launch', '')
    assert.deepEqual([empty.status, empty.headers.get('content-type'), await empty.text()], [400, 'text/html', '400 bad request - body is missing'])
    assert.equal((await get(demo, '/runningGame')).status, 201)
  })

  it('keeps the latest /notify and /messagebox messages for /sim/state; an empty message is 400', async () => {
    const notified = await post(demo, '/notify', 'Hiscore saved: 123,450')
    assert.deepEqual([notified.status, notified.headers.get('content-type'), await notified.text()], [200, null, ''])
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

  it('on /reloadgames saves play stats into gamelist.xml (atomically), re-reads it, selects the list\'s first game 4 times', async () => {
    await browseTo(demo, 'nes', 'Metroid')
    await pressSettled(demo, 'b', 'start')
    const gamelist = path.join(demo.root, 'roms', 'nes', 'gamelist.xml')
    writeFileSync(gamelist, readFileSync(gamelist, 'utf8').replace('<name>Mega Man 2</name>', '<name>Mega Man 2 (edited)</name>'))
    const inode = statSync(gamelist).ino
    const before = (await settledHooks(demo)).length
    const reload = await get(demo, '/reloadgames')
    assert.deepEqual([reload.status, reload.headers.get('content-type')], [200, null])
    const hooks = await eventually(async () => (await settledHooks(demo)).slice(before), (recorded) => recorded.length >= 4, 'the selections of the reload')
    const first = path.join(demo.root, 'roms', 'nes', 'Mega Man 2 (USA).nes')
    assert.deepEqual(hooks, new Array(4).fill({ event: 'game-selected', args: ['nes', first, 'Mega Man 2 (edited)'] }))
    const state = await simState(demo.url)
    assert.deepEqual([state.view, state.systemId, state.gameName], ['gamelist', 'nes', 'Mega Man 2 (edited)'])
    assert.notEqual(statSync(gamelist).ino, inode, 'replaced by a new file, not rewritten in place')
    const saved = readFileSync(gamelist, 'utf8')
    const metroidEntry = saved.slice(saved.indexOf('<name>Metroid</name>'), saved.indexOf('</game>', saved.indexOf('<name>Metroid</name>')))
    assert.match(metroidEntry, /<playcount>1<\/playcount>/)
    assert.match(metroidEntry, /<lastplayed>\d{8}T\d{6}<\/lastplayed>/)
    assert.match(saved, /<name>Mega Man 2 \(edited\)<\/name>/)
    const games = await (await get(demo, '/systems/nes/games')).json() as EsGame[]
    assert.equal(games.find((game) => game.name === 'Metroid')?.playcount, '1')
  })
})

describe('simulated frontend: /emukill', () => {
  it('runs batocera-es-swissknife --emukill from ES\'s PATH and ends the simulated game', async () => {
    const bin = tempDir('cabinet-hub-bin-')
    const marker = path.join(bin, 'called')
    mkdirSync(bin, { recursive: true })
    writeFileSync(path.join(bin, 'batocera-es-swissknife'), `#!/bin/sh\nprintf '%s' "$*" > '${marker}'\n`)
    chmodSync(path.join(bin, 'batocera-es-swissknife'), 0o755)
    const demo = await startDemoFrontend({ env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` } })
    try {
      await press(demo.url, 'b', 'b')
      assert.equal((await get(demo, '/emukill')).status, 200)
      assert.equal(readFileSync(marker, 'utf8'), '--emukill')
      assert.equal((await simState(demo.url)).running, null)
    } finally {
      await demo.frontend.stop()
    }
  })
})

describe('simulated frontend: GET /quit', () => {
  it('fires the quit hook, answers, then stops serving', async () => {
    const demo = await startDemoFrontend()
    assert.equal((await fetch(`${demo.url}/quit`)).status, 200)
    await demo.frontend.closed
    const hooks = await eventually(() => readRecordedHooks(demo.log), (recorded) => recorded.length === 4, 'the start, settings and quit hooks')
    assert.deepEqual(hooks.map((hook) => hook.event).sort(), ['config-changed', 'quit', 'settings-changed', 'start'])
    await assert.rejects(fetch(`${demo.url}/caps`))
  })
})
