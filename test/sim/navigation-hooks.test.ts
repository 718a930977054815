import assert from 'node:assert/strict'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { eventually, installScript, press, readRecordedHooks, recordingScript, settledHooks, simState, startDemoFrontend, type DemoFrontend, type RecordedHook } from '../support/sim.js'

const demoFiles: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  mame: { '1943: The Battle of Midway': '1943.zip', 'Street Fighter II: The World Warrior': 'sf2.zip', 'Donkey Kong': 'dkong.zip' },
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
  const started: DemoFrontend[] = []
  async function start (...args: Parameters<typeof startDemoFrontend>): Promise<DemoFrontend> {
    const demo = await startDemoFrontend(...args)
    started.push(demo)
    return demo
  }
  after(async () => { await Promise.all(started.map(async (demo) => demo.frontend.stop())) })

  it('browses carousel and gamelists: system-selected, game-selected, wrapping steps, clamped pages, back', async () => {
    const demo = await start()
    await press(demo.url, 'right', 'a', 'down', 'down', 'down', 'down', 'up', 'b', 'left', 'a', 'pagedown', 'pagedown', 'pageup', 'right', 'start', 'select')
    assert.deepEqual(await settledHooks(demo), [
      { event: 'start', args: [] },
      systemSelected('snes'),
      gameSelected(demo, 'snes', 'F-Zero'),
      gameSelected(demo, 'snes', 'Super Mario World'),
      gameSelected(demo, 'snes', 'Super Metroid'),
      gameSelected(demo, 'snes', 'The Legend of Zelda: A Link to the Past'),
      gameSelected(demo, 'snes', 'F-Zero'), // down on the last game wraps to the top
      gameSelected(demo, 'snes', 'The Legend of Zelda: A Link to the Past'), // and up on the first to the bottom
      systemSelected('snes'),
      systemSelected('mame'),
      gameSelected(demo, 'mame', '1943: The Battle of Midway'),
      gameSelected(demo, 'mame', 'Street Fighter II: The World Warrior'), // a page stops at the end; the second moves nothing
      gameSelected(demo, 'mame', '1943: The Battle of Midway'),
      systemSelected('snes'), // right in a gamelist opens the next system's list at its own cursor
      gameSelected(demo, 'snes', 'The Legend of Zelda: A Link to the Past')
    ])
    const state = await simState(demo.url)
    assert.deepEqual([state.view, state.systemId, state.gameName], ['gamelist', 'snes', 'The Legend of Zelda: A Link to the Past'])
  })

  it('launches with a: game-start <romPath> <romStem> <displayName>, then game-end with no arguments after the play time', async () => {
    const demo = await start({ playSeconds: 0.3 })
    await press(demo.url, 'right', 'a', 'up', 'a')
    assert.equal((await simState(demo.url)).view, 'playing')
    await press(demo.url, 'down', 'b', 'left') // the emulator owns the pad: nothing moves, nothing fires
    const zelda = romPath(demo, 'snes', 'The Legend of Zelda: A Link to the Past')
    const hooks = await eventually(() => readRecordedHooks(demo.log), (recorded) => recorded.some((hook) => hook.event === 'game-end'), 'game-end')
    assert.deepEqual(hooks.slice(-2), [
      { event: 'game-start', args: [zelda, 'Legend of Zelda, The - A Link to the Past (USA)', 'The Legend of Zelda: A Link to the Past'] },
      { event: 'game-end', args: [] }
    ])
    assert.equal(hooks.filter((hook) => hook.event === 'game-selected').length, 2)
    const state = await simState(demo.url)
    assert.deepEqual([state.view, state.running, state.gameName], ['gamelist', null, 'The Legend of Zelda: A Link to the Past'])
  })

  it('ends a game early on start, like the exit hotkey', async () => {
    const demo = await start()
    await press(demo.url, 'a', 'a')
    assert.equal((await simState(demo.url)).running?.gameName, '1943: The Battle of Midway')
    await press(demo.url, 'start')
    const hooks = await settledHooks(demo)
    assert.deepEqual(hooks.slice(-2).map((hook) => hook.event), ['game-start', 'game-end'])
    assert.equal((await simState(demo.url)).running, null)
  })

  it('runs a fast burst FIFO: every selection, in input order, even when each hook is slow', async () => {
    const demo = await start()
    installScript(demo.frontend.layout, 'game-selected', 'record.sh', `#!/bin/sh\nsleep 0.02\n${recordingScript(demo.log).split('\n')[1]!}\n`)
    await press(demo.url, 'a', ...new Array<'down'>(24).fill('down'))
    const mameOrder = ['1943: The Battle of Midway', 'Donkey Kong', 'Galaga', 'Pac-Man', 'Street Fighter II: The World Warrior']
    const selected = (await settledHooks(demo)).filter((hook) => hook.event === 'game-selected').map((hook) => hook.args[2])
    assert.deepEqual(selected, Array.from({ length: 25 }, (_, index) => mameOrder[index % 5]))
  })

  it('runs every executable script of the event folder in name order (with or without #!), skips the others, survives a failing one', async () => {
    const demo = await start()
    const { layout } = demo.frontend
    installScript(layout, 'game-start', '0-fails.sh', '#!/bin/sh\nexit 3\n')
    installScript(layout, 'game-start', 'b.sh', recordingScript(demo.log, ':b'))
    installScript(layout, 'game-start', 'a.sh', recordingScript(demo.log, ':a'))
    installScript(layout, 'game-start', 'c.sh', recordingScript(demo.log, ':c'), false)
    installScript(layout, 'game-start', 'd-no-shebang', recordingScript(demo.log, ':d').replace(/^#!.*\n/, '')) // run by sh, as ES's shell would
    await press(demo.url, 'a', 'a')
    const events = (await settledHooks(demo)).map((hook) => hook.event).filter((event) => event.startsWith('game-start'))
    assert.deepEqual(events, ['game-start:a', 'game-start:b', 'game-start:d', 'game-start'])
  })

  it('finds the hook folder and roms of a Batocera-profile tree', async () => {
    const demo = await start({ profile: 'batocera' })
    assert.equal(demo.frontend.layout.esConfigDir, path.join(demo.root, 'system', 'configs', 'emulationstation'))
    await press(demo.url, 'a')
    assert.deepEqual((await settledHooks(demo)).slice(-1), [gameSelected(demo, 'mame', '1943: The Battle of Midway')])
  })
})
