import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

async function post (f: FrontendHub, action: string, body: unknown = {}): Promise<{ status: number, body: Json }> {
  const response = await f.hub.fetch(`/api/v1/es/controller/${action}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, body: await response.json() as Json }
}

/** Plays the frontend's part: a carousel and gamelists that fire the selection hooks ES would. */
function attachCarousel (f: FrontendHub, systems: string[]): void {
  let system = 0
  let game: number | null = null
  const fire = (): void => {
    const id = systems[system]!
    const games = f.es.games[id] ?? []
    void (game === null ? f.hook('system-selected', id) : f.hook('game-selected', id, games[game]!.path, games[game]!.name))
  }
  // ES's own naming: OK is `b`, back is `a`.
  f.es.onInput = (input) => {
    const count = (f.es.games[systems[system]!] ?? []).length
    if (game === null && (input === 'right' || input === 'left')) system = (system + (input === 'right' ? 1 : systems.length - 1)) % systems.length
    else if (game === null && input === 'b' && count > 0) game = 0
    // A single step wraps round the gamelist, as on ES.
    else if (game !== null && input === 'down') game = (game + 1) % count
    else if (game !== null && input === 'up') game = (game + count - 1) % count
    else if (game !== null && input === 'a') game = null
    else return
    fire()
  }
}

describe('frontend control with the simulator backend', () => {
  let f: FrontendHub
  before(async () => {
    f = await startFrontendHub({ controlBackend: 'simulator' })
    f.es.systems = [{ name: 'mame' }, { name: 'snes' }, { name: 'n64' }]
    f.es.games = {
      mame: [{ path: f.tree.rom('mame', '1943.zip'), name: '1943: The Battle of Midway' }, { path: f.tree.rom('mame', 'sf.zip'), name: 'Street Fighter' }],
      snes: [{ path: f.tree.rom('snes', 'Super Mario World (USA).sfc'), name: 'Super Mario World' }],
      n64: Array.from({ length: 16 }, (_, i) => ({ path: f.tree.rom('n64', `Game ${String(i + 1).padStart(2, '0')}.z64`), name: `Game ${String(i + 1).padStart(2, '0')}` }))
    }
    attachCarousel(f, ['mame', 'snes', 'n64'])
  })
  after(async () => f.close())

  it('reports the backend, its readiness and the inputs it supports', async () => {
    const status = await (await f.hub.fetch(`/api/v1/es/controller/status`)).json() as Json
    assert.equal(status.backend, 'simulator')
    assert.equal(status.ready, true)
    assert.equal(status.dryRun, false)
    assert.deepEqual(status.supportedInputs, ['up', 'down', 'left', 'right', 'a', 'b', 'start', 'select', 'pageup', 'pagedown'])
  })

  it('refuses navigation before the carousel position is known (409), unknown systems (404) and bad inputs (400)', async () => {
    const unknownPosition = await post(f, 'goto-system', { system: 'snes' })
    assert.equal(unknownPosition.status, 409)
    assert.equal(unknownPosition.body.code, 'CURRENT_SYSTEM_UNKNOWN')
    await f.hook('system-selected', 'mame')
    const unknownSystem = await post(f, 'goto-system', { system: 'dreamcast' })
    assert.equal(unknownSystem.status, 404)
    assert.equal(unknownSystem.body.code, 'SYSTEM_NOT_FOUND')
    for (const [action, body] of [['tap', { input: 'jump' }], ['tap', { input: 'a', count: 0 }], ['combo', { inputs: [] }], ['goto-game', { system: 'mame' }]] as const) {
      const bad = await post(f, action, body)
      assert.equal(bad.status, 400, `${action} ${JSON.stringify(body)}`)
      assert.equal(typeof bad.body.message, 'string')
    }
    assert.deepEqual(f.es.calls, [], 'nothing was sent')
  })

  it('taps through the simulator and acknowledges on /ws/control', async () => {
    const control = await f.hub.connect(`/ws/control`)
    const tap = await post(f, 'tap', { input: 'right', count: 2, gapMs: 0 })
    assert.equal(tap.status, 200)
    assert.equal(tap.body.status, 'sent')
    assert.deepEqual(tap.body.inputsSent, ['right', 'right'])
    assert.deepEqual(f.es.calls, ['input right', 'input right'])
    await control.until((c) => c.types().includes('es-control.action.completed'))
    assert.deepEqual(control.types(), ['es-control.action.started', 'es-control.action.completed'])
    control.close()
  })

  it('goto-system takes the shorter way round the carousel and is verified by the system-selected hook', async () => {
    // The carousel is on n64 now (mame + right, right).
    const goto = await post(f, 'goto-system', { system: 'mame', gapMs: 0 })
    assert.equal(goto.status, 200, JSON.stringify(goto.body))
    assert.deepEqual(goto.body.inputsSent, ['right'])
    assert.equal(goto.body.status, 'completed')
    assert.equal(goto.body.verified, true)
    assert.equal(goto.body.previousSystem, 'n64')
  })

  it('goto-game enters the system and steps to the game, verified by game-selected', async () => {
    const goto = await post(f, 'goto-game', { system: 'mame', gameName: 'street fighter', gapMs: 0 })
    assert.equal(goto.status, 200, JSON.stringify(goto.body))
    assert.deepEqual(goto.body.inputsSent, ['b', 'down'])
    assert.equal(goto.body.verified, true)
    const game = await (await f.hub.fetch(`/api/v1/context/current-game`)).json() as Json
    assert.equal(game.path, f.tree.rom('mame', 'sf.zip'))
    const missing = await post(f, 'goto-game', { system: 'mame', gameName: 'Pong' })
    assert.equal(missing.status, 404)
    assert.equal(missing.body.code, 'GAME_NOT_FOUND')
  })

  it('goto-game goes round a gamelist that wraps: from the first of 16 games to the last is one up', async () => {
    const goto = await post(f, 'goto-game', { system: 'n64', gameName: 'Game 16', gapMs: 0 })
    assert.equal(goto.status, 200, JSON.stringify(goto.body))
    // Back to the carousel on mame, left round to n64, OK onto its first game, then one up.
    assert.deepEqual(goto.body.inputsSent, ['a', 'left', 'b', 'up'])
    assert.equal(goto.body.verified, true)
    assert.equal((await f.get('/api/v1/context/current-game')).body.path, f.tree.rom('n64', 'Game 16.z64'))
  })

  it('after POSITION_UNKNOWN sends nothing until the frontend reports a selection, which lets the next goto through', async () => {
    // START moves no cursor here, so the frontend reports nothing after it.
    assert.equal((await post(f, 'tap', { input: 'start' })).status, 200)
    const sentBefore = f.es.calls.length
    for (let i = 0; i < 2; i++) {
      const refused = await post(f, 'goto-system', { system: 'n64', gapMs: 0 })
      assert.deepEqual([refused.status, refused.body.code, refused.body.inputsSent], [409, 'POSITION_UNKNOWN', []])
    }
    assert.equal(f.es.calls.length, sentBefore, 'nothing was sent')
    await f.hook('game-selected', 'n64', f.tree.rom('n64', 'Game 16.z64'), 'Game 16')
    const goto = await post(f, 'goto-system', { system: 'n64', gapMs: 0 })
    assert.equal(goto.status, 200, JSON.stringify(goto.body))
    assert.deepEqual(goto.body.inputsSent, ['a'])
    assert.equal(goto.body.verified, true)
  })

  it('refuses navigation while a game runs (409)', async () => {
    await f.hook('game-start', f.tree.rom('mame', 'sf.zip'), 'sf', 'Street Fighter')
    const goto = await post(f, 'goto-system', { system: 'snes' })
    assert.equal(goto.status, 409)
    assert.equal(goto.body.code, 'GAME_RUNNING')
    await f.hook('game-end')
  })

  it('forwards notify and reloadgames only when asked', async () => {
    assert.ok(!f.es.calls.includes('reloadgames'), 'never reloaded on its own')
    assert.equal((await post(f, 'notify', { message: 'Hello cabinet' })).status, 200)
    assert.equal((await post(f, 'reloadgames')).status, 200)
    assert.deepEqual(f.es.calls.slice(-2), ['notify Hello cabinet', 'reloadgames'])
    assert.equal((await post(f, 'notify', { message: '' })).status, 400)
  })

  it('takes bodies as typed: a number where a string is documented, or a string where a number is, answers 400', async () => {
    const callsBefore = f.es.calls.length
    for (const [action, body, field] of [['notify', { message: 5 }, /message/], ['tap', { input: 'right', count: '2' }, /count/], ['goto-system', { system: 7 }, /system/]] as const) {
      const bad = await post(f, action, body)
      assert.equal(bad.status, 400, `${action} ${JSON.stringify(body)}`)
      assert.equal(bad.body.code, 'VALIDATION_ERROR')
      assert.match(bad.body.message, field)
    }
    assert.equal(f.es.calls.length, callsBefore, 'nothing was sent')
  })

  it('states in the OpenAPI schemas the rules the handlers enforce, and keeps their error codes', async () => {
    const bodySchema = (action: string): Json => (f.hub.app.swagger() as Json).paths[`/api/v1/es/controller/${action}`].post.requestBody.content['application/json'].schema
    assert.equal(bodySchema('combo').properties.inputs.minItems, 1)
    assert.deepEqual(bodySchema('goto-game').anyOf, [{ required: ['gamePath'] }, { required: ['gameName'] }])
    assert.deepEqual((await post(f, 'combo', { inputs: [] })).body, { message: 'combo needs at least one input', code: 'EMPTY_SEQUENCE' })
    assert.deepEqual((await post(f, 'goto-game', { system: 'mame' })).body, { message: 'Send gamePath or gameName', code: 'MISSING_GAME' })
    assert.equal((await post(f, 'combo', { inputs: [], extra: 1 })).status, 400)
  })
})

describe('frontend control: dry-run, and a simulator that is down', () => {
  let dry: FrontendHub
  let down: FrontendHub
  before(async () => {
    dry = await startFrontendHub()
    down = await startFrontendHub({ controlBackend: 'simulator' })
    await down.es.close()
  })
  after(async () => {
    await dry.close()
    await down.hub.close()
  })

  it('dry-run plans inputs without sending any', async () => {
    const tap = await post(dry, 'combo', { inputs: ['select', 'start'], gapMs: 0 })
    assert.equal(tap.status, 200)
    assert.equal(tap.body.status, 'planned')
    assert.equal(tap.body.dryRun, true)
    assert.deepEqual(tap.body.inputsSent, ['select', 'start'])
    assert.deepEqual(dry.es.calls, [])
  })

  it('stop ends a running sequence between inputs; another action meanwhile gets 409', async () => {
    const long = post(dry, 'tap', { input: 'down', count: 200, gapMs: 50 })
    // The sequence has begun once its request has been taken in: one turn of the loop.
    await new Promise((resolve) => setImmediate(resolve))
    const busy = await post(dry, 'tap', { input: 'up' })
    assert.equal(busy.status, 409)
    assert.equal(busy.body.code, 'NAVIGATION_IN_PROGRESS')
    assert.deepEqual((await post(dry, 'stop')).body, { success: true, action: 'stop', status: 'stopped' })
    const stopped = await long
    assert.equal(stopped.body.status, 'stopped')
    assert.ok(stopped.body.inputsSent.length < 200)
    assert.deepEqual((await post(dry, 'stop')).body, { success: true, action: 'stop', status: 'idle' })
  })

  it('answers 409 BACKEND_NOT_READY for inputs and 502 for frontend calls when the simulator is down', async () => {
    const tap = await post(down, 'tap', { input: 'a' })
    assert.equal(tap.status, 409)
    assert.equal(tap.body.code, 'BACKEND_NOT_READY')
    const notify = await post(down, 'notify', { message: 'x' })
    assert.equal(notify.status, 502)
    assert.equal(notify.body.code, 'ES_UNREACHABLE')
  })
})
