import assert from 'node:assert/strict'
import { existsSync, mkdirSync, renameSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { maxHookArgLength } from '../../src/frontend/hook-event.js'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'
import { RecordingClient, type Frame } from '../support/ws-client.js'

const romFields = ['Rom', 'GamePath', 'GameName', 'Selected', 'Running', 'Game', 'MachineName']

/** Every key anywhere in a payload, to prove a field is absent at any depth. */
function keysDeep (value: unknown): string[] {
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([k, v]) => [k, ...keysDeep(v)])
}

describe('frontend hooks -> context and ui.* events', () => {
  let f: FrontendHub
  before(async () => { f = await startFrontendHub() })
  after(async () => f.close())

  it('answers 404 NO_CONTEXT with a message for current-game, and 404 for current-system, before any selection', async () => {
    const game = await f.get('/api/v1/context/current-game')
    assert.equal(game.status, 404)
    assert.equal(game.body.code, 'NO_CONTEXT')
    assert.match(game.body.message, /selected/)
    assert.equal((await f.get('/api/v1/context/current-system')).status, 404)
    const state = await f.get('/api/v1/context/state')
    assert.deepEqual(state.body, { state: 'browsing', selectedSystem: null, selectedGame: null, runningGame: null, collection: null, screensaverGame: null, selectionUncertain: false })
  })

  it('turns system-selected then game-selected into ui.system.selected (no rom field anywhere) and ui.game.selected with every field', async () => {
    const frontend = await RecordingClient.connect(`${f.hub.wsBase}/ws/frontend`)
    const esevent = await RecordingClient.connect(`${f.hub.wsBase}/ws/esevent`)
    const romPath = f.tree.rom('mame', '1943.zip')
    const systemSeq = await f.hook('system-selected', 'mame')
    const gameSeq = await f.hook('game-selected', 'mame', romPath, '1943: The Battle of Midway')
    await frontend.until((c) => c.types().includes('ui.game.selected'))
    await esevent.until((c) => c.frames.length >= 2)

    const system = frontend.frames.find((fr) => fr.Type === 'ui.system.selected')!
    assert.equal(system.Payload.System, 'mame')
    assert.equal(system.Payload.SystemId, 'mame')
    assert.equal(system.Payload.SelectionKey, 'mame|')
    assert.equal(system.Payload.Sequence, systemSeq)
    assert.deepEqual(keysDeep(system.Payload).filter((k) => romFields.includes(k)), [])

    const game = frontend.frames.find((fr) => fr.Type === 'ui.game.selected')!
    assert.equal(game.Payload.SystemId, 'mame')
    assert.equal(game.Payload.Rom, '1943')
    assert.equal(game.Payload.GamePath, romPath)
    assert.equal(game.Payload.GameName, '1943: The Battle of Midway')
    assert.equal(game.Payload.Sequence, gameSeq)
    assert.ok(gameSeq > systemSeq)
    assert.equal(game.Payload.SelectionKey, 'mame|1943')
    const selection = game.Payload.Selection as Record<string, unknown>
    assert.equal(selection.Developer, 'Capcom')
    assert.equal(selection.GameId, '9001')
    const context = game.Payload.Context as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
    assert.equal(context.State, 'browsing')
    assert.equal(context.Selected.GamePath, romPath)

    assert.deepEqual(esevent.frames.map((fr) => [fr.Type, fr.Payload.EventName, fr.Payload.Source, fr.Payload.Sequence]), [
      ['esevent.events_refresh', 'system-selected', 'http', systemSeq],
      ['esevent.events_refresh', 'game-selected', 'http', gameSeq]
    ])
    // One hook, one CorrelationId on every event it caused.
    assert.equal(esevent.frames[1]!.CorrelationId, game.CorrelationId)
    frontend.close()
    esevent.close()
  })

  it('serves current-game with details, extras and launch info from the gamelist, and current-system from es_systems.cfg', async () => {
    const { status, body } = await f.get('/api/v1/context/current-game')
    assert.equal(status, 200)
    assert.equal(body.state, 'browsing')
    assert.equal(body.name, '1943: The Battle of Midway')
    assert.equal(body.gameId, '9001')
    assert.equal(body.details.desc, 'Vertical shooter over the Pacific.')
    assert.equal(body.details.players, '1-2')
    assert.equal(body.details.rating, '0.8')
    assert.equal(body.details.releasedate, '19870101T000000')
    // The gamelist names media files the tree does not hold: no canonical URL (test/media covers those that exist).
    assert.equal(body.details.image, '')
    assert.equal(body.details.video, '')
    assert.deepEqual(body.details.extras, { cheevosId: '123', cheevosId_region: 'eu' })
    assert.deepEqual(body.launch, { romPath: f.tree.rom('mame', '1943.zip'), romExists: true, running: false, startedAtUtc: null })
    const system = await f.get('/api/v1/Context/current-system')
    assert.equal(system.body.system.name, 'mame')
    assert.equal(system.body.system.fullname, 'Arcade')
    assert.equal(system.body.system.manufacturer, 'Various')
  })

  it('follows browsing -> playing -> browsing through game-start and game-end', async () => {
    const frontend = await RecordingClient.connect(`${f.hub.wsBase}/ws/frontend`)
    const romPath = f.tree.rom('mame', 'sf.zip')
    await f.hook('game-selected', 'mame', romPath, 'Street Fighter')
    await f.hook('game-start', romPath, 'sf', 'Street Fighter')
    const playing = await f.get('/api/v1/context/state')
    assert.equal(playing.body.state, 'playing')
    assert.equal(playing.body.runningGame.systemId, 'mame')
    assert.equal(playing.body.runningGame.gamePath, romPath)
    assert.equal(playing.body.runningGame.launch.running, true)
    assert.equal((await f.get('/api/v1/context/current-game')).body.state, 'playing')

    await f.hook('game-end')
    const browsing = await f.get('/api/v1/context/state')
    assert.equal(browsing.body.state, 'browsing')
    assert.equal(browsing.body.runningGame, null)
    assert.equal(browsing.body.selectedGame.gamePath, romPath)

    await frontend.until((c) => c.types().includes('ui.game.ended'))
    const started = frontend.frames.find((fr) => fr.Type === 'ui.game.started')!
    assert.equal(started.Payload.SystemId, 'mame')
    assert.equal(started.Payload.Rom, 'sf')
    assert.equal((started.Payload.Selection as Record<string, unknown>).LongName, 'sf')
    assert.equal((started.Payload.Context as Record<string, unknown>).State, 'playing')
    const ended = frontend.frames.find((fr) => fr.Type === 'ui.game.ended')!
    assert.equal(ended.Payload.Rom, 'sf')
    assert.equal((ended.Payload.Context as Record<string, unknown>).State, 'browsing')
    frontend.close()
  })

  it('publishes once the selection ES repeats right after a game ends, and again a selection repeated after something else', async () => {
    // Quiet intervals longer than the burst gate's (200 ms), so only the repeat can hold a selection back.
    const quiet = async (): Promise<void> => { await new Promise((resolve) => setTimeout(resolve, 300)) }
    await quiet()
    const frontend = await RecordingClient.connect(`${f.hub.wsBase}/ws/frontend`)
    const romPath = f.tree.rom('mame', 'sf.zip')
    await f.hook('game-start', romPath, 'sf', 'Street Fighter')
    await f.hook('game-end')
    await f.hook('game-selected', 'mame', romPath, 'Street Fighter')
    await f.hook('game-selected', 'mame', romPath, 'Street Fighter')
    await quiet()
    await f.hook('system-selected', 'mame')
    await quiet()
    await f.hook('game-selected', 'mame', romPath, 'Street Fighter')
    await frontend.until((c) => c.types().filter((t) => t === 'ui.game.selected').length === 2)
    await quiet()
    const afterEnd = frontend.types().slice(frontend.types().indexOf('ui.game.ended'))
    assert.deepEqual(afterEnd, ['ui.game.ended', 'ui.game.selected', 'ui.system.selected', 'ui.game.selected'])
    frontend.close()
  })

  it('marks the selection uncertain when a control pressed on the panel gets no selection report, until the frontend reports one', async () => {
    const frontend = await RecordingClient.connect(`${f.hub.wsBase}/ws/frontend`)
    const romPath = f.tree.rom('mame', 'sf.zip')
    await f.hook('game-selected', 'mame', romPath, 'Street Fighter')
    const press = await fetch(`${f.hub.baseUrl}/api/v1/panels/input`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ player: 1, slot: 1, pressed: true }) })
    assert.equal(press.status, 202, await press.clone().text())
    await frontend.until((c) => c.types().includes('ui.selection.uncertain'))
    assert.equal((await f.get('/api/v1/context/state')).body.selectionUncertain, true)
    await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943')
    const state = (await f.get('/api/v1/context/state')).body
    assert.equal(state.selectionUncertain, false)
    assert.equal(state.selectedGame.gamePath, f.tree.rom('mame', '1943.zip'))
    frontend.close()
  })

  it('takes game-start\'s system from the rom folder when the game starting is not the selected one, and publishes other hooks as ui.event', async () => {
    const frontend = await RecordingClient.connect(`${f.hub.wsBase}/ws/frontend`)
    await f.hook('system-selected', 'mame')
    await f.hook('game-start', f.tree.rom('snes', 'Super Mario World (USA).sfc'), 'Super Mario World (USA)')
    const running = (await f.get('/api/v1/context/state')).body.runningGame
    assert.equal(running.systemId, 'snes')
    assert.equal(running.gameName, 'Super Mario World')
    await f.hook('game-end')
    await f.hook('sleep')
    await frontend.until((c) => c.types().includes('ui.event'))
    const event = frontend.frames.find((fr) => fr.Type === 'ui.event')!
    assert.equal(event.Payload.EventName, 'sleep')
    frontend.close()
  })

  it('reads ES-DE gamelists with a second root, and keeps games missing from every gamelist working', async () => {
    const mario = f.tree.rom('snes', 'Super Mario World (USA).sfc')
    await f.hook('game-selected', 'snes', mario, 'Mario')
    let game = await f.get('/api/v1/context/current-game')
    assert.equal(game.body.name, 'Super Mario World')
    assert.equal(game.body.details.developer, 'Nintendo')

    const pacman = f.tree.rom('mame', 'pacman.zip')
    await f.hook('game-selected', 'mame', pacman)
    game = await f.get('/api/v1/context/current-game')
    assert.equal(game.status, 200)
    assert.equal(game.body.name, 'pacman')
    assert.equal(game.body.details.name, 'pacman')
    assert.match(game.body.gameId, /^[0-9a-f]{32}$/)
    assert.equal(game.body.launch.romExists, true)
  })

  it('keeps the games read before when a gamelist turns corrupt, says why in status, and re-reads it once it changes on disk', async () => {
    const pacman = f.tree.rom('mame', 'pacman.zip')
    const gamelist = path.join(f.tree.roms, 'mame', 'gamelist.xml')
    const catalogStatus = async () => (await f.get('/api/v1/status')).body.frontend.catalog as { games: number, unreadableGamelists: Array<{ file: string, error: string }> }
    const until = async (done: (status: Awaited<ReturnType<typeof catalogStatus>>) => boolean) => {
      const deadline = Date.now() + 10_000
      let status = await catalogStatus()
      while (Date.now() < deadline && !done(status)) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        status = await catalogStatus()
      }
      return status
    }
    const before = await catalogStatus()
    assert.deepEqual(before.unreadableGamelists, [])
    writeFileSync(gamelist, '<gameList><game><path>./pacman.zip</path><name>Pac-Man</name>')
    // The catalog re-reads it within a second; a half-written file must not take the games away.
    const broken = await until((status) => status.unreadableGamelists.length > 0)
    assert.deepEqual(broken.unreadableGamelists.map((u) => u.file), [gamelist])
    assert.match(broken.unreadableGamelists[0]!.error, /ends inside <game>/)
    assert.equal(broken.games, before.games)
    assert.equal((await f.get('/api/v1/gamelists/mame/game?rom=1943')).status, 200)
    await f.hook('game-selected', 'mame', pacman, 'pacman (from the hook)')
    const fallback = await f.get('/api/v1/context/current-game')
    assert.equal(fallback.status, 200)
    assert.equal(fallback.body.name, 'pacman (from the hook)')
    writeFileSync(gamelist, '<gameList><game><path>./pacman.zip</path><name>Pac-Man</name><developer>Namco</developer></game></gameList>')
    const fixed = await until((status) => status.unreadableGamelists.length === 0)
    assert.equal(fixed.games, before.games - 1, 'the new gamelist holds one game where the old one held two')
    await f.hook('game-selected', 'mame', pacman)
    assert.equal((await f.get('/api/v1/context/current-game')).body.name, 'Pac-Man')
  })

  it('ends ten selections 20 ms apart with the tenth in context and as the last ui.game.selected; Sequence never goes back', async () => {
    // Start after a quiet interval (the default burst interval is 200 ms), so the burst really starts here.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const frontend = await RecordingClient.connect(`${f.hub.wsBase}/ws/frontend`)
    const roms = Array.from({ length: 10 }, (_, i) => `/cab/roms/mame/game${i + 1}.zip`)
    const sequences: number[] = []
    for (const rom of roms) {
      sequences.push(await f.hook('game-selected', 'mame', rom, path.basename(rom)))
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await frontend.until((c) => c.frames.some((fr) => fr.Type === 'ui.game.selected' && fr.Payload.GamePath === roms[9]))
    const selected = frontend.frames.filter((fr: Frame) => fr.Type === 'ui.game.selected')
    assert.equal(selected[0]!.Payload.GamePath, roms[0], 'the first of a burst goes out at once')
    assert.equal(selected.at(-1)!.Payload.Sequence, sequences[9])
    const seen = selected.map((fr) => fr.Payload.Sequence as number)
    assert.deepEqual(seen, [...seen].sort((a, b) => a - b))
    assert.equal((await f.get('/api/v1/context/current-game')).body.path, roms[9])
    // Nothing older arrives afterwards.
    await new Promise((resolve) => setTimeout(resolve, 400))
    assert.equal(frontend.frames.filter((fr) => fr.Type === 'ui.game.selected').at(-1)!.Payload.GamePath, roms[9])
    frontend.close()
  })
})

describe('hook intake: the HTTP door refuses what it cannot use', () => {
  let f: FrontendHub
  before(async () => { f = await startFrontendHub() })
  after(async () => f.close())

  const post = async (body: string, type = 'application/json') => fetch(`${f.hub.baseUrl}/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': type }, body })

  it('answers 400 with the reason for an incomplete hook, a bad name, a bad shape and malformed JSON', async () => {
    for (const [body, pattern] of [
      ['{"event":"game-selected","args":["mame"]}', /rom path/],
      ['{"event":"Game Selected","args":[]}', /event/],
      ['{"event":"game-selected","args":[{"system":"mame"}]}', /args/],
      ['{"event":', /JSON/i]
    ] as const) {
      const response = await post(body)
      const answer = await response.json() as { message: string, code: string }
      assert.equal(response.status, 400, body)
      assert.match(answer.message, pattern)
      assert.equal(typeof answer.code, 'string')
    }
    // Nothing of that reached the context; the service still answers.
    assert.equal((await f.get('/api/v1/context/current-game')).status, 404)
  })

  it('accepts the events.ini text format the Windows batch hook posts', async () => {
    const response = await post('event=game-selected\r\nmame "C:\\RetroBat\\roms\\mame\\1943.zip" "1943: The Battle of Midway"\r\n', 'text/plain')
    assert.equal(response.status, 202)
    const game = await f.get('/api/v1/context/current-game')
    assert.equal(game.body.path, 'C:\\RetroBat\\roms\\mame\\1943.zip')
    assert.equal(game.body.name, '1943: The Battle of Midway')
  })

  it('takes the same argument length at every door: 400 over HTTP (JSON and text/plain), .rejected in the spool folder', async () => {
    const longPath = `C:\\roms\\mame\\${'x'.repeat(60_000)}.zip`
    const fitting = `C:\\roms\\mame\\${'y'.repeat(maxHookArgLength - 17)}.zip`
    assert.equal(fitting.length, maxHookArgLength)

    const text = await post(`event=game-selected\r\n"mame" "${longPath}" "Long"\r\n`, 'text/plain')
    assert.equal(text.status, 400)
    assert.match((await text.json() as { message: string }).message, new RegExp(`argument 2 has ${longPath.length} characters; a hook argument has at most ${maxHookArgLength}`))
    const json = await post(JSON.stringify({ event: 'game-selected', args: ['mame', longPath, 'Long'] }))
    assert.equal(json.status, 400)
    assert.equal((await post(`event=game-selected\r\n"mame" "${fitting}" "Fits"\r\n`, 'text/plain')).status, 202)

    const spool = path.join(f.hub.dataDir, 'events.d')
    mkdirSync(spool, { recursive: true })
    const temp = path.join(spool, '.long.tmp')
    writeFileSync(temp, `event=game-selected\r\n"mame" "${longPath}" "Long"\r\n`)
    // Old enough not to be a file still being written.
    utimesSync(temp, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
    renameSync(temp, path.join(spool, 'bat-game-selected-1.ini'))
    const rejected = path.join(spool, 'bat-game-selected-1.ini.rejected')
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline && !existsSync(rejected)) await new Promise((resolve) => setTimeout(resolve, 50))
    assert.ok(existsSync(rejected))
    assert.equal((await f.get('/api/v1/context/current-game')).body.name, 'Fits')
  })

  it('applies a hook id once, whichever door brings it again', async () => {
    const body = JSON.stringify({ event: 'system-selected', args: ['snes'], hookId: 'run-1' })
    const first = await (await post(body)).json() as { sequence: number, duplicate: boolean }
    const second = await (await post(body)).json() as { sequence: number, duplicate: boolean }
    assert.equal(first.duplicate, false)
    assert.equal(second.duplicate, true)
    assert.equal(second.sequence, first.sequence)
  })
})
