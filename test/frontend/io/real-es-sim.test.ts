/**
 * The service against the simulator behaving like the real EmulationStation (src/sim/README.md):
 * our sh hooks run through `sh -c` command strings, fired all at once, with ES's escaping; a rom
 * name the shell cannot pass runs no hook at all; the screensaver shows its own games.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { closeSync, openSync, writeSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { configuredFrontendHooks, type FrontendsConfig } from '../../../src/frontends/index.js'
import { spoolDirOf } from '../../../src/frontend/index.js'
import { SimulatedFrontend } from '../../../src/sim/index.js'
import { copyDemoTree } from '../../support/demo-tree.js'
import { keyCodes, keyTap } from '../../support/evdev.js'
import { startHub, tempDir, type TestHub } from '../../support/hub.js'
import { frontendRunning } from '../../support/frontend-hub.js'
import { eventually } from '../../support/sim.js'
import { RecordingClient, type Frame } from '../../support/ws-client.js'

describe('the service against the simulated real ES', () => {
  let hub: TestHub
  let sim: SimulatedFrontend
  let simUrl = ''
  let frontend: RecordingClient
  let raw: RecordingClient
  let nesRoms = ''
  /** The panel's input device: the keys the player's joystick sends reach the service too. */
  let panel = 0

  before(async () => {
    const tree = await copyDemoTree(tempDir('cabinet-hub-real-es-'), 'batocera')
    nesRoms = path.join(tree.root, 'roms', 'nes')
    sim = new SimulatedFrontend({ frontendRoot: tree.root, profile: 'batocera', playSeconds: 600, screensaverSeconds: 0, screensaverSwapSeconds: 0.3 })
    simUrl = (await sim.start()).url
    const panelDevice = path.join(tempDir('cabinet-hub-panel-'), 'event-panel')
    execFileSync('mkfifo', [panelDevice])
    hub = await startHub({ listen: true, options: { frontendRoot: tree.root, profile: 'batocera', esUrl: simUrl, controlBackend: 'simulator', esProbeIntervalMs: '200', reconcileHintMs: '300', panelEvdevDevices: panelDevice } })
    panel = openSync(panelDevice, 'w')
    await configuredFrontendHooks({ profile: 'batocera' } as FrontendsConfig)!.install({ esConfigDir: tree.esConfigDir, spoolDir: spoolDirOf(hub.dataDir), port: 0, platform: 'linux' })
    frontend = await RecordingClient.connect(`${hub.wsBase}/ws/frontend`)
    raw = await RecordingClient.connect(`${hub.wsBase}/ws/esevent`)
    // ui.frontend.started is news, not retained: it may have gone out before this client connected.
    await frontendRunning(hub)
  })
  after(async () => {
    closeSync(panel)
    frontend.close()
    raw.close()
    await hub.close()
    await sim.stop()
  })

  const all = (type: string): Frame[] => frontend.frames.filter((f) => f.Type === type)
  const post = async (route: string, body: unknown): Promise<Response> => fetch(`${hub.baseUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const simPost = async (route: string, body?: string): Promise<Response> => fetch(`${simUrl}${route}`, { method: 'POST', ...(body === undefined ? {} : { body }) })
  const state = async (): Promise<Record<string, any>> => (await fetch(`${hub.baseUrl}/api/v1/context/state`)).json() as Promise<Record<string, any>> // eslint-disable-line @typescript-eslint/no-explicit-any

  it('starts and ends a game whose path has spaces and parentheses with its true path and the selection\'s GameId', async () => {
    const metroid = path.join(nesRoms, 'Metroid (USA).nes')
    // Nothing is selected before the player moves; then walk there with the frontend's own
    // inputs, counted in on-screen order.
    assert.equal((await post('/api/v1/es/controller/tap', { input: 'right' })).status, 200)
    await frontend.until((c) => c.types().includes('ui.system.selected'), 15_000)
    const goto = await post('/api/v1/es/controller/goto-game', { system: 'nes', gameName: 'Metroid', gapMs: 30 })
    assert.equal(goto.status, 200, await goto.clone().text())
    await frontend.until((c) => c.frames.some((f) => f.Type === 'ui.game.selected' && f.Payload.GamePath === metroid), 15_000)
    const selected = all('ui.game.selected').filter((f) => f.Payload.GamePath === metroid).at(-1)!
    assert.equal((await simPost('/launch', metroid)).status, 200)
    await frontend.until((c) => c.types().includes('ui.game.started'), 15_000)
    const started = all('ui.game.started').at(-1)!.Payload
    assert.match((started.RawArgs as string[])[0]!, /Metroid\\ \\\(USA\\\)\.nes$/, 'ES passed the escaped path')
    assert.equal(started.GamePath, metroid)
    assert.equal((started.Selection as Record<string, unknown>).GameId, (selected.Payload.Selection as Record<string, unknown>).GameId)
    assert.equal((started.Selection as Record<string, unknown>).Developer, 'Nintendo R&D1')
    assert.equal(started.Inferred, undefined, 'the hook said it')
    await fetch(`${simUrl}/emukill`)
    await frontend.until((c) => c.types().includes('ui.game.ended'), 15_000)
    assert.equal(all('ui.game.ended').at(-1)!.Payload.GamePath, metroid)
  })

  it('applies the hooks ES fires together in the order it fired them', async () => {
    // At a launch ES writes its settings, then starts the game; at the end, game-end and then
    // re-selections, every hook in its own shell at once.
    const names = raw.frames.map((f) => String(f.Payload.EventName))
    const launch = names.lastIndexOf('game-start')
    assert.deepEqual(names.slice(launch - 2, launch + 1), ['config-changed', 'settings-changed', 'game-start'], names.join(', '))
    await raw.until((c) => c.frames.map((f) => f.Payload.EventName).lastIndexOf('game-selected') > c.frames.map((f) => f.Payload.EventName).lastIndexOf('game-end'), 10_000)
      .catch((error: Error) => { throw new Error(`${error.message}; hooks: ${raw.frames.map((f) => f.Payload.EventName).join(', ')}`) })
    const afterEnd = raw.frames.map((f) => String(f.Payload.EventName)).slice(names.lastIndexOf('game-end'))
    assert.equal(afterEnd[0], 'game-end')
    assert.ok(afterEnd.slice(1).every((name) => name === 'game-selected'), afterEnd.join(', '))
  })

  it('still reports the start and the end of a game whose name breaks ES\'s shell, from the web API', async () => {
    const tetris = path.join(nesRoms, 'Tetris(USA).nes')
    const startedBefore = all('ui.game.started').length
    const endedBefore = all('ui.game.ended').length
    assert.equal((await simPost('/launch', tetris)).status, 200)
    await frontend.until((c) => c.types().filter((t) => t === 'ui.game.started').length > startedBefore, 15_000)
    const started = all('ui.game.started').at(-1)!.Payload
    assert.equal(started.GamePath, tetris)
    assert.equal(started.Inferred, true)
    assert.ok(!raw.frames.some((f) => f.Payload.EventName === 'game-start' && String((f.Payload.RawArgs as string[])[0]).includes('Tetris')), 'no game-start hook ran')
    assert.equal((await state()).state, 'playing')
    await fetch(`${simUrl}/emukill`)
    await frontend.until((c) => c.types().filter((t) => t === 'ui.game.ended').length > endedBefore, 15_000)
    assert.equal(all('ui.game.ended').at(-1)!.Payload.GamePath, tetris, 'the end names the game that ran')
    assert.equal((await state()).state, 'browsing')
  })

  it('never sends a confirm to a cursor whose position the hooks did not report, and says what it sent and that nothing launched', async () => {
    const mario = path.join(nesRoms, 'Super Mario Bros. (World).nes')
    const goto = await post('/api/v1/es/controller/goto-game', { system: 'nes', gameName: 'Super Mario Bros.', gapMs: 30 })
    assert.equal(goto.status, 200, await goto.clone().text())
    await frontend.until((c) => c.frames.some((f) => f.Type === 'ui.game.selected' && f.Payload.GamePath === mario), 15_000)
    // The player moves on to Tetris(USA).nes, whose game-selected hook cannot run: the service still believes in Mario.
    assert.equal((await fetch(`${simUrl}/sim/input`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input: 'down' }) })).status, 204)
    const simState = async (): Promise<Record<string, any>> => (await fetch(`${simUrl}/sim/state`)).json() as Promise<Record<string, any>> // eslint-disable-line @typescript-eslint/no-explicit-any
    assert.equal((await simState()).gameName, 'Tetris')

    // Back to the carousel (reported), then OK into nes: the cursor lands on Tetris, and no hook says so.
    const first = await post('/api/v1/es/controller/goto-game', { system: 'nes', gameName: 'Metroid', gapMs: 30, verifyTimeoutMs: 1000 })
    assert.equal(first.status, 409)
    const firstBody = await first.json() as Record<string, unknown>
    assert.equal(firstBody.code, 'POSITION_UNKNOWN')
    assert.deepEqual(firstBody.inputsSent, ['a', 'b'], 'back, then OK onto the carousel entry the frontend reported')
    assert.equal(firstBody.launched, false)
    assert.equal((await (await fetch(`${hub.baseUrl}/api/v1/es/controller/status`)).json() as Record<string, unknown>).positionKnown, false)
    // The selection the service holds is said to be uncertain: in the context, and as an event.
    const uncertain = await state()
    assert.equal(uncertain.selectionUncertain, true)
    const said = all('ui.selection.uncertain').at(-1)!.Payload
    assert.equal((said.Context as Record<string, unknown>).SelectionUncertain, true)
    assert.ok(Date.parse(String(said.LastInputAt)) <= Date.now())

    // Again: the position is unknown, so nothing at all is sent (an OK now would launch Tetris).
    const again = await post('/api/v1/es/controller/goto-game', { system: 'nes', gameName: 'Metroid', gapMs: 30, verifyTimeoutMs: 1000 })
    assert.equal(again.status, 409)
    const againBody = await again.json() as Record<string, unknown>
    assert.equal(againBody.code, 'POSITION_UNKNOWN')
    assert.deepEqual(againBody.inputsSent, [])
    assert.equal(againBody.launched, false)
    const after = await simState()
    assert.equal(after.running, null, 'nothing was launched')
    assert.equal(after.view, 'gamelist')
    assert.equal(after.gameName, 'Tetris')

    // Moving off Tetris is reported again: the position is known once more.
    const selections = all('ui.game.selected').length
    assert.equal((await post('/api/v1/es/controller/tap', { input: 'down' })).status, 200)
    await frontend.until(() => all('ui.game.selected').length > selections, 15_000)
    assert.equal((await (await fetch(`${hub.baseUrl}/api/v1/es/controller/status`)).json() as Record<string, unknown>).positionKnown, true)
    assert.equal((await state()).selectionUncertain, false)
  })

  it('marks the selection uncertain when the player\'s own joystick moves onto a game whose hook cannot run', async () => {
    const tetris = path.join(nesRoms, 'Tetris(USA).nes')
    const metroid = path.join(nesRoms, 'Metroid (USA).nes')
    const shown = async (): Promise<string | null> => ((await (await fetch(`${simUrl}/sim/state`)).json()) as { gamePath: string | null }).gamePath
    const held = async (): Promise<string | null> => (await state()).selectedGame?.gamePath ?? null
    assert.equal((await post('/api/v1/es/controller/goto-game', { system: 'nes', gameName: 'Metroid', gapMs: 30 })).status, 200)
    await eventually(held, (game) => game === metroid, 'the service to hold Metroid')
    // The player pushes the stick down: the key reaches the frontend and, through the panel's device, the service.
    for (let step = 0; step < 20 && await shown() !== tetris; step++) {
      const from = await shown()
      assert.equal((await simPost('/sim/input', JSON.stringify({ input: 'down' }))).status, 204)
      writeSync(panel, keyTap(keyCodes.down))
      const now = await eventually(shown, (game) => game !== from, 'the frontend to move')
      if (now !== tetris) await eventually(held, (game) => game === now, `the service to hold ${String(now)}`)
    }
    assert.equal(await shown(), tetris, 'the frontend shows Tetris')
    const uncertain = await eventually(state, (context) => context.selectionUncertain === true, 'the selection to be uncertain')
    assert.notEqual(uncertain.selectedGame?.gamePath, tetris, 'no hook told the service')
    assert.equal((all('ui.selection.uncertain').at(-1)!.Payload.Context as Record<string, unknown>).SelectionUncertain, true)
  })

  it('leaves the screensaver\'s game when the screensaver stops', async () => {
    await frontend.until(() => all('ui.game.selected').length > 0)
    await new Promise((resolve) => setTimeout(resolve, 500))
    const covered = (await state()).selectedGame.gamePath as string
    assert.equal((await simPost('/sim/screensaver')).status, 204)
    await frontend.until((c) => c.types().filter((t) => t === 'ui.screensaver.game.selected').length >= 2, 15_000)
    const during = await state()
    assert.equal(during.state, 'screensaver')
    assert.equal(during.selectedGame.gamePath, covered, JSON.stringify(raw.frames.slice(-8).map((f) => [f.Payload.EventName, f.Payload.RawArgs])))
    assert.notEqual(during.screensaverGame, null)
    const input = await fetch(`${simUrl}/sim/input`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input: 'down' }) })
    assert.equal(input.status, 204)
    await frontend.until((c) => c.types().includes('ui.screensaver.stopped'), 15_000)
    const afterStop = await state()
    assert.equal(afterStop.state, 'browsing')
    assert.equal(afterStop.selectedGame.gamePath, covered)
    assert.equal(afterStop.screensaverGame, null)
  })
})
