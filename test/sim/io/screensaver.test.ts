import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { eventually, press, pressSettled, readRecordedHooks, settledHooks, simState, demoFrontendsOfSuite, type DemoFrontend, type RecordedHook } from '../../support/sim.js'

describe('simulated frontend: slideshow screensaver', () => {
  const start = demoFrontendsOfSuite()

  async function knownGames (demo: DemoFrontend): Promise<Set<string>> {
    const games = await (await fetch(`${demo.url}/systems/all/games`)).json() as { systemName: string, path: string, name: string }[]
    return new Set(games.map((game) => JSON.stringify([game.systemName, game.path, game.name])))
  }

  function selections (hooks: readonly RecordedHook[]): RecordedHook[] {
    return hooks.filter((hook) => hook.event === 'game-selected')
  }

  it('starts on demand: screensaver-start slideshow, then a random game selected every swap; an input stops it and is consumed', async () => {
    const demo = await start({ screensaverSeconds: 0, screensaverSwapSeconds: 0.05 })
    await pressSettled(demo, 'right', 'b')
    const before = readRecordedHooks(demo.log).length
    assert.equal((await fetch(`${demo.url}/sim/screensaver`, { method: 'POST' })).status, 204)
    assert.equal((await simState(demo.url)).screensaver, true)
    const during = await eventually(() => readRecordedHooks(demo.log).slice(before), (recorded) => selections(recorded).length >= 3, 'three slideshow selections')
    assert.deepEqual(during.filter((hook) => hook.event.startsWith('screensaver')), [{ event: 'screensaver-start', args: ['slideshow'] }])
    const games = await knownGames(demo)
    for (const hook of selections(during)) assert.ok(games.has(JSON.stringify(hook.args)), `a real game with its own system: ${hook.args.join(' | ')}`)

    await press(demo.url, 'down')
    const state = await simState(demo.url)
    assert.deepEqual([state.screensaver, state.view, state.systemId, state.gameName], [false, 'gamelist', 'snes', 'F-Zero'], 'the input only stopped the screensaver')
    const stoppedAt = (await settledHooks(demo)).length
    const all = readRecordedHooks(demo.log)
    assert.deepEqual(all.filter((hook) => hook.event === 'screensaver-stop'), [{ event: 'screensaver-stop', args: [] }])
    await pressSettled(demo, 'down')
    assert.deepEqual(readRecordedHooks(demo.log).slice(stoppedAt).filter((hook) => hook.event !== 'game-selected' || hook.args[2] !== 'Super Mario World'), [],
      'no re-selection after the stop: the next selection is the next input\'s')
  })

  it('starts by itself after the idle time', async () => {
    // The first game: a random one could be `Tetris(USA).nes`, whose hook ES's shell cannot even parse (see es-shell.ts).
    const demo = await start({ screensaverSeconds: 0.3, screensaverSwapSeconds: 60, screensaverRandom: () => 0 })
    await eventually(async () => simState(demo.url), (state) => state.screensaver, 'the idle screensaver')
    const hooks = await settledHooks(demo)
    assert.deepEqual(hooks.filter((hook) => hook.event !== 'start').map((hook) => hook.event).sort(), ['game-selected', 'screensaver-start'], 'one random game at the start')
  })

  it('does not start while a game runs, and a launch stops a showing one', async () => {
    const demo = await start({ screensaverSeconds: 0.3, screensaverSwapSeconds: 60 })
    const pacman = (await (await fetch(`${demo.url}/systems/mame/games`)).json() as { name: string, path: string }[]).find((game) => game.name === 'Pac-Man')!
    assert.equal((await fetch(`${demo.url}/launch`, { method: 'POST', body: pacman.path })).status, 200)
    assert.deepEqual(await simState(demo.url).then((state) => [state.view, state.screensaver]), ['playing', false])
    await new Promise((resolve) => setTimeout(resolve, 900)) // three idle times
    assert.deepEqual(await simState(demo.url).then((state) => [state.view, state.screensaver]), ['playing', false])
  })
})
