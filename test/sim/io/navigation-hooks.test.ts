import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, it } from 'node:test'
import { eventually, press, pressSettled, readRecordedHooks, settledHooks, simState, demoFrontendsOfSuite, type DemoFrontend, type RecordedHook } from '../../support/sim.js'

const demoFiles: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  mame: { '1943: The Battle of Midway': '1943.zip', 'Street Fighter II: The World Warrior': 'sf2.zip', 'Donkey Kong': 'dkong.zip', Galaga: 'galaga.zip' },
  snes: {
    'F-Zero': 'F-Zero (USA).sfc',
    'Super Mario World': 'Super Mario World (USA).sfc',
    'Super Metroid': 'Super Metroid (USA).sfc',
    'The Legend of Zelda: A Link to the Past': 'Legend of Zelda, The - A Link to the Past (USA).sfc'
  }
}

function romPath (demo: DemoFrontend, system: string, name: string): string {
  return path.join(demo.root, 'roms', system, demoFiles[system]![name]!)
}

function gameSelected (demo: DemoFrontend, system: string, name: string): RecordedHook {
  return { event: 'game-selected', args: [system, romPath(demo, system, name), name] }
}

function systemSelected (system: string): RecordedHook {
  return { event: 'system-selected', args: [system] }
}

describe('simulated frontend: navigation fires ES hooks with ES argv', () => {
  const start = demoFrontendsOfSuite()

  /** Presses each input after the hooks of the previous one finished; returns the hooks of each input (concurrent hooks of one input sorted). */
  async function hooksPerInput (demo: DemoFrontend, ...inputs: Parameters<typeof pressSettled>[1][]): Promise<RecordedHook[][]> {
    const steps: RecordedHook[][] = []
    for (const input of inputs) {
      const before = (await settledHooks(demo)).length
      steps.push(sortHooks((await pressSettled(demo, input)).slice(before)))
    }
    return steps
  }

  it('browses carousel and gamelists: system-selected, game-selected, wrapping steps, clamped pages, back', async () => {
    const demo = await start()
    assert.deepEqual(await settledHooks(demo), [{ event: 'start', args: [] }])
    assert.deepEqual(await hooksPerInput(demo, 'right', 'b', 'down', 'down', 'down', 'down', 'up', 'a', 'left', 'b', 'pagedown', 'pagedown', 'pageup', 'right', 'start', 'select'), [
      [systemSelected('snes')],
      [gameSelected(demo, 'snes', 'F-Zero')],
      [gameSelected(demo, 'snes', 'Super Mario World')],
      [gameSelected(demo, 'snes', 'Super Metroid')],
      [gameSelected(demo, 'snes', 'The Legend of Zelda: A Link to the Past')],
      [gameSelected(demo, 'snes', 'F-Zero')], // down on the last game wraps to the top
      [gameSelected(demo, 'snes', 'The Legend of Zelda: A Link to the Past')], // and up on the first to the bottom
      [systemSelected('snes')],
      [systemSelected('mame')],
      [gameSelected(demo, 'mame', '1943: The Battle of Midway')],
      [gameSelected(demo, 'mame', 'Street Fighter II: The World Warrior')], // a page stops at the end
      [], // the second moves nothing
      [gameSelected(demo, 'mame', '1943: The Battle of Midway')],
      sortHooks([systemSelected('snes'), gameSelected(demo, 'snes', 'The Legend of Zelda: A Link to the Past')]), // right in a gamelist: the next list at its own cursor
      [],
      []
    ])
    const state = await simState(demo.url)
    assert.deepEqual([state.view, state.systemId, state.gameName], ['gamelist', 'snes', 'The Legend of Zelda: A Link to the Past'])
  })

  it('has the all and favorites collections on the carousel: system-selected names them, game-selected names the game\'s own system', async () => {
    const demo = await start()
    assert.deepEqual(await hooksPerInput(demo, 'left', 'left', 'b', 'down', 'down', 'down'), [
      [systemSelected('favorites')], // listed even with no favorite game, as ES keeps it
      [systemSelected('all')],
      [gameSelected(demo, 'mame', '1943: The Battle of Midway')], // every game, in name order
      [gameSelected(demo, 'mame', 'Donkey Kong')],
      [gameSelected(demo, 'snes', 'F-Zero')],
      [gameSelected(demo, 'mame', 'Galaga')]
    ])
  })

  it('launches with a: config-changed, settings-changed and game-start with the escaped path; after game-end the cursor\'s game is selected again', async () => {
    const demo = await start()
    await pressSettled(demo, 'right', 'b', 'up')
    const before = readRecordedHooks(demo.log).length
    await press(demo.url, 'b')
    assert.equal((await simState(demo.url)).view, 'playing')
    await press(demo.url, 'down', 'a', 'left') // the emulator owns the pad: nothing moves, nothing fires
    assert.equal((await simState(demo.url)).gameName, 'The Legend of Zelda: A Link to the Past')
    await press(demo.url, 'start') // the exit hotkey
    const hooks = await eventually(() => readRecordedHooks(demo.log), (recorded) => recorded.filter((hook) => hook.event === 'game-selected').length === 5, 'game-end and the selections after it')
    // game-start runs before the game ends, and so finishes first.
    await settledHooks(demo)
    assert.deepEqual(sortHooks(readRecordedHooks(demo.log).slice(before)), sortHooks([
      { event: 'config-changed', args: [] },
      { event: 'settings-changed', args: [] },
      { event: 'game-start', args: [path.join(demo.root, 'roms', 'snes', 'Legend\\ of\\ Zelda,\\ The\\ -\\ A\\ Link\\ to\\ the\\ Past\\ \\(USA\\).sfc'), 'Legend of Zelda, The - A Link to the Past (USA)', 'The Legend of Zelda: A Link to the Past'] },
      { event: 'game-end', args: [] },
      // Three times, as batocera-emulationstation v42 re-selects the cursor's game after a game.
      gameSelected(demo, 'snes', 'The Legend of Zelda: A Link to the Past'),
      gameSelected(demo, 'snes', 'The Legend of Zelda: A Link to the Past'),
      gameSelected(demo, 'snes', 'The Legend of Zelda: A Link to the Past')
    ]))
    assert.ok(hooks.findIndex((hook) => hook.event === 'game-start') < hooks.findIndex((hook) => hook.event === 'game-end'))
    const state = await simState(demo.url)
    assert.deepEqual([state.view, state.running, state.gameName], ['gamelist', null, 'The Legend of Zelda: A Link to the Past'])
  })

  it('ends a game by itself after the play time', async () => {
    const demo = await start({ playSeconds: 0.2 })
    await pressSettled(demo, 'b', 'b')
    const hooks = await eventually(() => readRecordedHooks(demo.log), (recorded) => recorded.some((hook) => hook.event === 'game-end'), 'game-end')
    assert.deepEqual(hooks.find((hook) => hook.event === 'game-end'), { event: 'game-end', args: [] })
    assert.equal((await simState(demo.url)).running, null)
  })

  it('finds the hook folder and roms of a Batocera-profile tree', async () => {
    const demo = await start({ profile: 'batocera' })
    assert.equal(demo.frontend.layout.esConfigDir, path.join(demo.root, 'system', 'configs', 'emulationstation'))
    assert.deepEqual(await hooksPerInput(demo, 'b'), [[gameSelected(demo, 'mame', '1943: The Battle of Midway')]])
  })
})

function sortHooks (hooks: readonly RecordedHook[]): RecordedHook[] {
  return [...hooks].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
}
