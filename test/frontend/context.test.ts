import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'

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
    const frontend = await f.hub.connect(`/ws/frontend`)
    const esevent = await f.hub.connect(`/ws/esevent`)
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
    const frontend = await f.hub.connect(`/ws/frontend`)
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

  it('takes game-start\'s system from the rom folder when the game starting is not the selected one, and publishes other hooks as ui.event', async () => {
    const frontend = await f.hub.connect(`/ws/frontend`)
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

})

describe('hook intake: the HTTP door refuses what it cannot use', () => {
  let f: FrontendHub
  before(async () => { f = await startFrontendHub() })
  after(async () => f.close())

  it('answers 400 with the reason for an incomplete hook, a bad name, a bad shape and malformed JSON', async () => {
    for (const [body, pattern] of [
      ['{"event":"game-selected","args":["mame"]}', /rom path/],
      ['{"event":"Game Selected","args":[]}', /event/],
      ['{"event":"game-selected","args":[{"system":"mame"}]}', /args/],
      ['{"event":', /JSON/i]
    ] as const) {
      const response = await f.postHook(body)
      const answer = await response.json() as { message: string, code: string }
      assert.equal(response.status, 400, body)
      assert.match(answer.message, pattern)
      assert.equal(typeof answer.code, 'string')
    }
    // Nothing of that reached the context; the service still answers.
    assert.equal((await f.get('/api/v1/context/current-game')).status, 404)
  })

  it('accepts the events.ini text format the Windows batch hook posts', async () => {
    const response = await f.postHook('event=game-selected\r\nmame "C:\\RetroBat\\roms\\mame\\1943.zip" "1943: The Battle of Midway"\r\n', 'text/plain')
    assert.equal(response.status, 202)
    const game = await f.get('/api/v1/context/current-game')
    assert.equal(game.body.path, 'C:\\RetroBat\\roms\\mame\\1943.zip')
    assert.equal(game.body.name, '1943: The Battle of Midway')
  })

  it('applies a hook id once, whichever door brings it again', async () => {
    const body = JSON.stringify({ event: 'system-selected', args: ['snes'], hookId: 'run-1' })
    const first = await (await f.postHook(body)).json() as { sequence: number, duplicate: boolean }
    const second = await (await f.postHook(body)).json() as { sequence: number, duplicate: boolean }
    assert.equal(first.duplicate, false)
    assert.equal(second.duplicate, true)
    assert.equal(second.sequence, first.sequence)
  })
})
