import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { cli, run } from '../../support/cli.js'
import { tempDir } from '../../support/hub.js'
import { eventually, installRecordingHooks, readRecordedHooks } from '../../support/sim.js'
import { frontendLayout } from '../../../src/sim/index.js'


/** Starts `cabinet-hub sim` and reads the web API URL from its log line. */
async function startSim (args: string[]): Promise<{ child: ChildProcess, url: string }> {
  const child = spawn(process.execPath, [cli, 'sim', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const url = await eventually(() => /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0], (found) => found !== undefined || child.exitCode !== null, 'the sim to listen')
  assert.ok(url, `sim did not start: ${output}`)
  return { child, url }
}

describe('cabinet-hub sim and demo-tree commands', () => {
  it('lists both commands in --help', () => {
    const help = run(['--help'])
    assert.equal(help.status, 0)
    assert.match(help.stdout, /cabinet-hub sim --frontend-root DIR/)
    assert.match(help.stdout, /cabinet-hub demo-tree --out DIR/)
  })

  it('demo-tree writes the tree, then keeps it on a second run', () => {
    const out = tempDir('cabinet-hub-cli-demo-')
    const first = run(['demo-tree', '--out', out])
    assert.equal(first.status, 0, first.stderr)
    assert.match(first.stdout, /files written, 0 already there/)
    assert.ok(existsSync(path.join(out, 'emulationstation', '.emulationstation', 'es_systems.cfg')))
    assert.ok(existsSync(path.join(out, 'roms', 'mame', 'gamelist.xml')))
    assert.match(run(['demo-tree', '--out', out]).stdout, / 0 files written/)
  })

  it('refuses missing or bad flags with exit code 2 and one line', () => {
    for (const args of [['demo-tree'], ['sim'], ['sim', '--frontend-root', '/tmp', '--profile', 'mister'], ['sim', '--frontend-root', '/tmp', '--port', 'x'], ['sim', '--frontend-root', '/tmp', '--port', '80.5'], ['sim', '--frontend-root', '/tmp', '--log-level', 'loud'], ['demo-tree', '--out', '/tmp', '--bogus']]) {
      const result = run(args)
      assert.equal(result.status, 2, args.join(' '))
      assert.match(result.stderr, /^cabinet-hub: .+\n$/)
    }
  })

  it('demo-tree writes an ES-DE or a Recalbox tree; sim plays only the ES family and says which', () => {
    const esDe = tempDir('cabinet-hub-cli-esde-')
    assert.equal(run(['demo-tree', '--out', esDe, '--profile', 'es-de']).status, 0)
    assert.ok(existsSync(path.join(esDe, 'ES-DE', 'settings', 'es_settings.xml')))
    const recalbox = tempDir('cabinet-hub-cli-recalbox-')
    assert.equal(run(['demo-tree', '--out', recalbox, '--profile', 'recalbox']).status, 0)
    assert.ok(existsSync(path.join(recalbox, 'system', 'recalbox.conf')))
    assert.ok(existsSync(path.join(recalbox, 'roms', 'nes', 'media', 'images', 'Metroid (USA)-image.png')))
    for (const [profile, root] of [['es-de', esDe], ['recalbox', recalbox]]) {
      const result = run(['sim', '--profile', profile!, '--frontend-root', root!])
      assert.equal(result.status, 2, result.stderr)
      assert.equal(result.stderr, 'cabinet-hub: --profile must be one of retrobat, batocera\n')
    }
  })

  it('sim serves the ES web API over the tree, fires hooks, and exits 0 on SIGTERM', async () => {
    const root = tempDir('cabinet-hub-cli-sim-')
    assert.equal(run(['demo-tree', '--out', root]).status, 0)
    const log = installRecordingHooks(frontendLayout(root))
    const { child, url } = await startSim(['--frontend-root', root, '--play-seconds', '0.2'])
    let exited = false
    try {
      const systems = await (await fetch(`${url}/systems`)).json() as { name: string }[]
      assert.deepEqual(systems.map((system) => system.name), ['mame', 'snes', 'megadrive', 'nes', 'all', 'favorites'])
      const launched = await fetch(`${url}/launch`, { method: 'POST', body: path.join(root, 'roms', 'mame', 'pacman.zip') })
      assert.equal(launched.status, 200)
      const hooks = await eventually(() => readRecordedHooks(log), (recorded) => recorded.filter((hook) => hook.event === 'game-selected').length === 3, 'game-end and the selections after it')
      // Hooks run concurrently: compare what ran, not the order their shells finished in.
      assert.deepEqual(hooks.map((hook) => hook.event).sort(), ['config-changed', 'game-end', 'game-selected', 'game-selected', 'game-selected', 'game-start', 'settings-changed', 'start'])
      child.kill('SIGTERM')
      const [code] = await once(child, 'exit') as [number | null]
      exited = true
      assert.equal(code, 0)
    } finally {
      // A failed check must not leave the simulator running: the test process would wait on it.
      if (!exited) child.kill('SIGKILL')
    }
  })

  it('sim exits 0 after GET /quit, having fired the quit hook', async () => {
    const root = tempDir('cabinet-hub-cli-sim-')
    assert.equal(run(['demo-tree', '--out', root, '--profile', 'batocera']).status, 0)
    const log = installRecordingHooks(frontendLayout(root, 'batocera'))
    const { child, url } = await startSim(['--frontend-root', root, '--profile', 'batocera'])
    const exited = once(child, 'exit')
    assert.equal((await fetch(`${url}/quit`)).status, 200)
    const [code] = await exited as [number | null]
    assert.equal(code, 0)
    const hooks = await eventually(() => readRecordedHooks(log), (recorded) => recorded.length >= 4, 'the start, settings and quit hooks')
    assert.deepEqual(hooks.map((hook) => hook.event).sort(), ['config-changed', 'quit', 'settings-changed', 'start'])
  })
})
