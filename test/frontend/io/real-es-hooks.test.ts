/**
 * The hooks as the real EmulationStation runs them (src/sim/README.md): an escaped game-start
 * path, hooks that never run (the web API stands in), collections on the carousel, the
 * screensaver, and one ui.frontend.started per start.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startFrontendHub, type FrontendHub } from '../../support/frontend-hub.js'
import { frontendRunning } from '../../support/frontend-hub.js'
import { RecordingClient, type Frame } from '../../support/ws-client.js'

/** ES shell-escapes game-start's path, then double-quotes it when it has a space: the backslashes reach the hook. */
const esEscaped = (romPath: string): string => romPath.replace(/([ ()'"!$^&*{}[\]?;<>\\])/g, '\\$1')

describe('hooks as the real EmulationStation fires them', () => {
  let f: FrontendHub
  let frontend: RecordingClient
  before(async () => {
    f = await startFrontendHub({ esProbeIntervalMs: '100', reconcileHintMs: '100', reconcileIntervalMs: '600000' }, () => {}, { listen: true })
    frontend = await RecordingClient.connect(`${f.hub.wsBase}/ws/frontend`)
    // ui.frontend.started is news, not retained: it may have gone out before this client connected.
    await frontendRunning(f.hub)
  })
  after(async () => {
    frontend.close()
    await f.close()
  })

  const last = (type: string): Frame => {
    const frame = frontend.frames.filter((fr) => fr.Type === type).at(-1)
    assert.ok(frame !== undefined, `no ${type} in ${frontend.types().join(', ')}`)
    return frame
  }
  const count = (type: string): number => frontend.types().filter((t) => t === type).length

  it('publishes ui.frontend.started once when the web API answers and the start hook runs', async () => {
    const journal = async (): Promise<number> => ((await (await fetch(`${f.hub.baseUrl}/api/v1/events/recent?prefix=ui.frontend.started`)).json()) as { events: unknown[] }).events.length
    assert.equal(await journal(), 1, 'the web API answered')
    await f.hook('start')
    await f.hook('system-selected', 'mame')
    await frontend.until((c) => c.types().includes('ui.system.selected'), 15_000)
    assert.equal(await journal(), 1, 'the start hook told nothing new')
  })

  it('starts and ends a game whose path has spaces and parentheses with its true path and the selection\'s GameId', async () => {
    const rom = f.tree.rom('snes', 'Super Mario World (USA).sfc')
    await f.hook('game-selected', 'snes', rom, 'Super Mario World')
    await frontend.until((c) => c.types().includes('ui.game.selected'), 15_000)
    const selected = last('ui.game.selected').Payload
    await f.hook('game-start', esEscaped(rom), 'Super Mario World (USA)', 'Super Mario World')
    await frontend.until((c) => c.types().includes('ui.game.started'), 15_000)
    const started = last('ui.game.started').Payload
    assert.deepEqual(started.RawArgs, [esEscaped(rom), 'Super Mario World (USA)', 'Super Mario World'], 'the raw hook keeps what ES sent')
    assert.equal(started.GamePath, rom)
    assert.equal((started.Selection as Record<string, unknown>).GameId, (selected.Selection as Record<string, unknown>).GameId)
    assert.equal((started.Selection as Record<string, unknown>).Developer, 'Nintendo', 'the catalog knows the game')
    const current = await f.get('/api/v1/context/current-game')
    assert.equal(current.body.launch.romExists, true)
    await f.hook('game-end')
    await frontend.until((c) => c.types().includes('ui.game.ended'), 15_000)
    assert.equal(last('ui.game.ended').Payload.GamePath, rom)
  })

  it('infers the start and the end of a game whose hooks never ran, from the web API', async () => {
    const rom = f.tree.rom('mame', 'pacman.zip')
    const startedBefore = count('ui.game.started')
    // A rom name ES's shell cannot pass: no game-start runs, but ES still writes its settings.
    f.es.running = { path: rom, name: 'Pac-Man' }
    await f.hook('settings-changed')
    await frontend.until((c) => c.types().filter((t) => t === 'ui.game.started').length > startedBefore, 15_000)
    const started = last('ui.game.started').Payload
    assert.equal(started.GamePath, rom)
    assert.equal(started.Inferred, true)
    assert.equal(started.Source, 'web-api')
    assert.equal((await f.get('/api/v1/context/state')).body.state, 'playing')

    const endedBefore = count('ui.game.ended')
    f.es.running = null
    await f.hook('config-changed')
    await frontend.until((c) => c.types().filter((t) => t === 'ui.game.ended').length > endedBefore, 15_000)
    const ended = last('ui.game.ended').Payload
    assert.equal(ended.GamePath, rom, 'the end names the game that ran, not the selection')
    assert.equal(ended.Inferred, true)
    // ES's own game-end, if it comes after all, is not a second end.
    await f.hook('game-end')
    await f.hook('system-selected', 'snes')
    await frontend.until(() => last('ui.system.selected').Payload.SystemId === 'snes', 15_000)
    assert.equal(count('ui.game.ended'), endedBefore + 1)
  })

  it('keeps a game\'s own system inside a collection and says which collection is browsed', async () => {
    await f.hook('system-selected', 'all')
    await frontend.until(() => last('ui.system.selected').Payload.SystemId === 'all', 15_000)
    await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943')
    await frontend.until(() => last('ui.game.selected').Payload.Rom === '1943', 15_000)
    const selected = last('ui.game.selected').Payload
    assert.equal(selected.SystemId, 'mame')
    assert.equal((selected.Context as Record<string, unknown>).Collection, 'all')
    const state = (await f.get('/api/v1/context/state')).body
    assert.equal(state.collection, 'all')
    assert.equal(state.selectedSystem.name, 'mame')
  })

  it('treats the screensaver\'s games as its own and returns to the covered selection when it stops', async () => {
    await f.hook('system-selected', 'mame')
    await f.hook('game-selected', 'mame', f.tree.rom('mame', 'sf.zip'), 'Street Fighter')
    await frontend.until(() => last('ui.game.selected').Payload.Rom === 'sf', 15_000)
    const selectionsBefore = count('ui.game.selected')
    await f.hook('screensaver-start', 'slideshow')
    await f.hook('game-selected', 'snes', f.tree.rom('snes', 'Super Mario World (USA).sfc'), 'Super Mario World')
    await frontend.until((c) => c.types().includes('ui.screensaver.game.selected'), 15_000)
    assert.equal(last('ui.screensaver.started').Payload.Mode, 'slideshow')
    assert.equal(last('ui.screensaver.game.selected').Payload.SystemId, 'snes')
    const during = (await f.get('/api/v1/context/state')).body
    assert.equal(during.state, 'screensaver')
    assert.equal(during.selectedGame.gameName, 'Street Fighter', 'the selection is what the screensaver covers')
    assert.equal(during.screensaverGame.gameName, 'Super Mario World')
    await f.hook('screensaver-stop')
    await frontend.until((c) => c.types().includes('ui.screensaver.stopped'), 15_000)
    const afterStop = (await f.get('/api/v1/context/state')).body
    assert.equal(afterStop.state, 'browsing')
    assert.equal(afterStop.selectedGame.gameName, 'Street Fighter')
    assert.equal(afterStop.screensaverGame, null)
    assert.equal(count('ui.game.selected'), selectionsBefore, 'no selection came from the screensaver')
  })
})
