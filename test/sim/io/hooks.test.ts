import assert from 'node:assert/strict'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { eventually, installScript, press, pressSettled, readRecordedHooks, recordingScript, settledHooks, simState, demoFrontendsOfSuite, type DemoFrontend, type RecordedHook } from '../../support/sim.js'

describe('simulated frontend: hooks run as ES runs them (sh -c, concurrently)', () => {
  const start = demoFrontendsOfSuite()

  function nesRom (demo: DemoFrontend, file: string): string {
    return path.join(demo.root, 'roms', 'nes', file)
  }

  /** Opens the nes gamelist (4th system) and puts the cursor on `name` (name order: Mega Man 2, Metroid, Super Mario Bros., Tetris, The Legend of Zelda). */
  async function selectNes (demo: DemoFrontend, downs: number): Promise<void> {
    await pressSettled(demo, 'left', 'left', 'left', 'b', ...new Array<'down'>(downs).fill('down'))
  }

  it('gives game-selected a clean path and game-start the escaped path, its stem and the name; a plain zip arrives clean', async () => {
    const demo = await start()
    await selectNes(demo, 1)
    const before = readRecordedHooks(demo.log).length
    await pressSettled(demo, 'b')
    const hooks = readRecordedHooks(demo.log)
    assert.deepEqual(hooks.slice(before - 1, before), [{ event: 'game-selected', args: ['nes', nesRom(demo, 'Metroid (USA).nes'), 'Metroid'] }])
    assert.deepEqual(sorted(hooks.slice(before)), sorted([
      { event: 'config-changed', args: [] },
      { event: 'settings-changed', args: [] },
      { event: 'game-start', args: [`${nesRom(demo, 'Metroid\\ \\(USA\\).nes')}`, 'Metroid (USA)', 'Metroid'] }
    ]))
    const pacman = path.join(demo.root, 'roms', 'mame', 'pacman.zip')
    await fetch(`${demo.url}/emukill`)
    const launched = await fetch(`${demo.url}/launch`, { method: 'POST', body: pacman })
    assert.equal(launched.status, 200)
    const afterLaunch = await settledHooks(demo)
    assert.deepEqual(afterLaunch.filter((hook) => hook.event === 'game-start').at(-1), { event: 'game-start', args: [pacman, 'pacman', 'Pac-Man'] })
  })

  it('runs no hook at all for a rom name with a shell character and no space: sh cannot parse the command line', async () => {
    const demo = await start()
    await selectNes(demo, 2) // Super Mario Bros.
    const before = readRecordedHooks(demo.log).length
    await pressSettled(demo, 'down') // Tetris(USA).nes
    assert.equal((await simState(demo.url)).gameName, 'Tetris')
    assert.deepEqual(readRecordedHooks(demo.log).slice(before), [], 'no game-selected for Tetris(USA).nes')
    await pressSettled(demo, 'b')
    assert.equal((await simState(demo.url)).running?.gameName, 'Tetris')
    const events = readRecordedHooks(demo.log).slice(before).map((hook) => hook.event).sort()
    assert.deepEqual(events, ['config-changed', 'settings-changed'], 'no game-start either')
    await pressSettled(demo, 'start')
    assert.ok(readRecordedHooks(demo.log).slice(before).some((hook) => hook.event === 'game-end'), 'game-end has no arguments, so it runs')
  })

  it('runs every file of the event folder and the top-level scripts with ES extensions (event name first), from the tree root', async () => {
    const demo = await start()
    const { layout } = demo.frontend
    const before = (await settledHooks(demo)).length
    const scriptsDir = path.join(layout.esConfigDir, 'scripts')
    writeFileSync(path.join(scriptsDir, 'all-events.sh'), recordingScript(demo.log, ':top'))
    chmodSync(path.join(scriptsDir, 'all-events.sh'), 0o755)
    writeFileSync(path.join(scriptsDir, 'notes.txt'), recordingScript(demo.log, ':txt'))
    chmodSync(path.join(scriptsDir, 'notes.txt'), 0o755)
    installScript(layout, 'system-selected', 'no-extension', recordingScript(demo.log, ':plain'))
    installScript(layout, 'system-selected', 'where.sh', `#!/bin/sh\nprintf 'cwd\\t%s\\n' "$(pwd)" >> '${demo.log}'\n`)
    const hooks = await pressSettled(demo, 'right')
    assert.deepEqual(sorted(hooks.slice(before)), sorted([
      { event: 'system-selected', args: ['snes'] },
      { event: 'system-selected:plain', args: ['snes'] },
      { event: 'scripts:top', args: ['system-selected', 'snes'] },
      { event: 'cwd', args: [demo.root] }
    ]))
  })

  it('runs a non-executable script through sh as ES does: it fails with Permission denied (a .bat hook on Linux)', async () => {
    const demo = await start({ profile: 'batocera' })
    const { layout } = demo.frontend
    // screensaver-stop fires alone, so the one stderr log ES shares between hooks is this script's.
    rmSync(path.join(layout.esConfigDir, 'scripts', 'screensaver-stop', 'record.sh'))
    installScript(layout, 'screensaver-stop', 'cabinet-hub-hook.bat', '@echo off\r\n', false)
    installScript(layout, 'screensaver-stop', 'record.sh', recordingScript(demo.log, ':not-executable'), false)
    await fetch(`${demo.url}/sim/screensaver`, { method: 'POST' })
    await settledHooks(demo)
    const before = readRecordedHooks(demo.log).length
    await pressSettled(demo, 'down')
    assert.deepEqual(readRecordedHooks(demo.log).slice(before), [])
    const stderr = readFileSync(path.join(demo.root, 'system', 'logs', 'es_script_stderr.log'), 'utf8')
    assert.match(stderr, /Permission denied/)
  })

  it('starts the scripts of one event all at once: two scripts that wait for each other both finish', async () => {
    const demo = await start()
    const { layout } = demo.frontend
    const flags = path.join(demo.root, 'flags')
    mkdirSync(flags)
    // Each one marks itself, then waits (up to ~10 s) for the other's mark: run one after the other, neither would see it.
    const waiter = (self: string, other: string): string => `#!/bin/sh
touch '${flags}/${self}'
i=0; while [ ! -e '${flags}/${other}' ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done
[ -e '${flags}/${other}' ] && printf 'saw\\t%s\\n' '${other}' >> '${demo.log}'
`
    installScript(layout, 'game-start', 'a.sh', waiter('a', 'b'))
    installScript(layout, 'game-start', 'b.sh', waiter('b', 'a'))
    await press(demo.url, 'b', 'b')
    const hooks = await settledHooks(demo)
    assert.deepEqual(hooks.filter((hook) => hook.event === 'saw').map((hook) => hook.args[0]).sort(), ['a', 'b'])
  })

  it('does not queue events: a slow game-selected hook does not hold back the next events', async () => {
    const demo = await start()
    const { layout } = demo.frontend
    const gate = path.join(demo.root, 'gate')
    installScript(layout, 'game-selected', 'slow.sh', `#!/bin/sh\nwhile [ ! -e '${gate}' ]; do sleep 0.05; done\n`)
    await press(demo.url, 'right', 'b', 'down', 'a')
    // The slow shells are still waiting for the gate, yet the later system-selected already ran.
    await eventually(() => readRecordedHooks(demo.log), (recorded) => recorded.filter((hook) => hook.event === 'system-selected').length === 2, 'both system-selected hooks')
    const state = await simState(demo.url)
    assert.ok(state.hooks.finished < state.hooks.started, 'slow hooks still running')
    writeFileSync(gate, '')
    await settledHooks(demo)
  })

  it('fires config-changed and settings-changed at each launch and at quit, and waits for the quit hooks before it closes', async () => {
    const demo = await start({ playSeconds: 0.2 })
    const done = path.join(demo.root, 'quit-hook-done')
    installScript(demo.frontend.layout, 'quit', 'slow.sh', `#!/bin/sh\nsleep 0.3\ntouch '${done}'\n`)
    await press(demo.url, 'b', 'b')
    await eventually(() => readRecordedHooks(demo.log), (recorded) => recorded.some((hook) => hook.event === 'game-end'), 'game-end')
    assert.equal((await fetch(`${demo.url}/quit`)).status, 200)
    await demo.frontend.closed
    assert.ok(existsSync(done), 'the quit hook finished before the frontend closed')
    const counts = await eventually(() => countBy(readRecordedHooks(demo.log)), (seen) => seen.quit === 1 && seen['settings-changed'] === 2 && seen['config-changed'] === 2, 'settings and quit hooks')
    assert.deepEqual([counts['config-changed'], counts['settings-changed'], counts.quit], [2, 2, 1])
  })
})

function sorted (hooks: readonly RecordedHook[]): string[] {
  return hooks.map((hook) => JSON.stringify(hook)).sort()
}

function countBy (hooks: readonly RecordedHook[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const hook of hooks) counts[hook.event] = (counts[hook.event] ?? 0) + 1
  return counts
}
