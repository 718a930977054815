/**
 * Against the real Debian MAME (design.md §7): `pong` needs no ROM and, with `-output network`,
 * serves its outputs on TCP 8000. A Lua script steps outputs once per frame; it waits for a file
 * the test creates after the session reached the WebSocket, so no step can happen before the
 * service is connected. Only one MAME can own port 8000: the tests of this file run one after the
 * other, and hold the port against the other files that run MAME (support/mame-output-port.ts).
 */
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { installPlugin } from '../../../src/game-events/mame-plugin/plugin-files.js'
import { definitionsRoot } from '../../../src/game-events/watches/definition-store.js'
import { putDefinition, quietPeers } from '../../support/game-events.js'
import { startHub, tempDir, type TestHub } from '../../support/hub.js'
import { holdMameOutputPort } from '../../support/mame-output-port.js'
import { counterRom } from '../../support/nes-rom.js'
import { findPeer } from '../../support/peers.js'
import { RecordingClient } from '../../support/ws-client.js'

const mame = findPeer('MAME', 'mame', ['/usr/games/mame', '/usr/bin/mame'])
const steps = 60

/** After the go file appears: one step a frame, `lamp0` toggling and `step` counting, then exit. */
const steppingScript = `
local n = 0
local go = false
emu.register_periodic(function()
  if not go then
    local f = io.open(os.getenv("STEP_GO_FILE"), "r")
    if f == nil then return end
    f:close()
    go = true
  end
  if n >= ${steps} then return end
  n = n + 1
  manager.machine.output:set_value("lamp0", n % 2)
  manager.machine.output:set_value("step", n)
  if n == ${steps} then manager.machine:exit() end
end)
`

/** Counts one step a frame until killed. */
const endlessScript = `
local n = 0
emu.register_periodic(function()
  n = n + 1
  manager.machine.output:set_value("step", n)
end)
`

const expectedSteps = Array.from({ length: steps }, (_, i) => [`lamp0=${(i + 1) % 2}`, `step=${i + 1}`]).flat()

describe('cabemu outputs from a real MAME', { skip: mame.skip }, () => {
  let hub: TestHub
  let work: string
  let releasePort: (() => void) | undefined
  const running: ChildProcess[] = []

  before(async () => {
    releasePort = await holdMameOutputPort()
    work = tempDir('cabinet-hub-mame-')
    hub = await startHub({ listen: true, options: { ...quietPeers, cabemuEnabled: true } })
  })
  after(async () => {
    for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await hub.close()
    releasePort?.()
  })

  function startMame (name: string, script: string): { child: ChildProcess, goFile: string } {
    const scriptFile = path.join(work, `${name}.lua`)
    const goFile = path.join(work, `${name}.go`)
    writeFileSync(scriptFile, script)
    const child = spawn(mame.path!, ['pong', '-output', 'network', '-video', 'none', '-sound', 'none', '-nothrottle', '-seconds_to_run', '600',
      '-autoboot_script', scriptFile, '-autoboot_delay', '0'], {
      cwd: work,
      env: { ...process.env, HOME: work, SDL_VIDEODRIVER: 'dummy', SDL_AUDIODRIVER: 'dummy', STEP_GO_FILE: goFile },
      stdio: 'ignore'
    })
    running.push(child)
    return { child, goFile }
  }

  const outputs = (client: RecordingClient): string[] => client.frames.filter((f) => f.Type === 'cabemu.output.changed').map((f) => {
    const signal = (f.Payload.Signals as Array<{ Key: string, Value: number }>)[0]!
    return `${signal.Key}=${signal.Value}`
  })

  /** Starts MAME, waits for the session on /ws/arcade, lets the script step, and checks every step arrived in order. */
  async function runSteppingSession (name: string): Promise<void> {
    const arcade = await RecordingClient.connect(`${hub.wsBase}/ws/arcade`)
    const { child, goFile } = startMame(name, steppingScript)
    await arcade.until((c) => c.types().includes('cabemu.session.started'), 60_000)
    const started = arcade.frames.find((f) => f.Type === 'cabemu.session.started')!
    assert.equal(started.Payload.MachineName, 'pong')
    assert.equal(started.Payload.Port, 8000)

    writeFileSync(goFile, 'go')
    await arcade.until((c) => c.types().includes('cabemu.session.stopped'), 60_000)
    assert.deepEqual(outputs(arcade), expectedSteps)
    const normalized = arcade.frames.filter((f) => f.Type === 'arcade.output.changed').map((f) => `${String(f.Payload.Key)}=${String(f.Payload.Value)}`)
    assert.deepEqual(normalized, expectedSteps)
    assert.equal(arcade.frames.find((f) => f.Type === 'cabemu.session.stopped')!.Payload.Reason, 'stopped')
    if (child.exitCode === null) await once(child, 'exit')
    arcade.close()
  }

  it('follows a MAME started after the service: pong session, then every toggle and step in order', async () => {
    await runSteppingSession('first')
  })

  it('survives MAME killed mid-session: session stopped, service still serving, next MAME picked up', async () => {
    const arcade = await RecordingClient.connect(`${hub.wsBase}/ws/arcade`)
    const { child } = startMame('killed', endlessScript)
    await arcade.until((c) => outputs(c).length >= 20, 60_000)
    child.kill('SIGKILL')
    await arcade.until((c) => c.types().includes('cabemu.session.stopped'), 30_000)
    const stopped = arcade.frames.find((f) => f.Type === 'cabemu.session.stopped')!
    assert.deepEqual(stopped.Payload, { Source: 'cabemu', MachineName: 'pong', Port: 8000, Reason: 'disconnected' })
    const steps = outputs(arcade).map((s) => Number(s.split('=')[1]))
    assert.deepEqual(steps, steps.map((_, i) => steps[0]! + i), 'consecutive steps, none lost')
    arcade.close()

    assert.equal((await fetch(`${hub.baseUrl}/api/v1/health`)).status, 200)
    await runSteppingSession('after-kill')
  })

  const mamePlugin = async (): Promise<{ state: string, problem: string | null } | null> => {
    const status = await (await fetch(`${hub.baseUrl}/api/v1/ingame/status`)).json() as { sources: { cabemu: Array<{ instance: string, mamePlugin: { state: string, problem: string | null } | null }> } }
    return status.sources.cabemu.find((c) => c.instance === 'cabemu')!.mamePlugin
  }

  it('says when the cabinethub plugin MAME loaded reads another data dir\'s definitions, naming its folder as MAME gave it', async () => {
    const pluginsDir = path.join(work, 'other plugins=1')
    const elsewhere = definitionsRoot(path.join(work, 'another data: dir'))
    // 0: the port the test hub was configured with (it listens on one the system chose), so the plugin is this hub's, misinstalled.
    await installPlugin(pluginsDir, elsewhere, 0)
    const arcade = await RecordingClient.connect(`${hub.wsBase}/ws/arcade`)
    const child = spawn(mame.path!, ['pong', '-plugin', 'cabinethub', '-pluginspath', `${pluginsDir};/usr/share/games/mame/plugins`, '-output', 'network',
      '-video', 'none', '-sound', 'none', '-seconds_to_run', '600'], { cwd: work, env: { ...process.env, HOME: work, SDL_VIDEODRIVER: 'dummy', SDL_AUDIODRIVER: 'dummy' }, stdio: 'ignore' })
    running.push(child)
    await arcade.until((c) => c.types().includes('cabemu.content.started'), 60_000)
    let plugin = await mamePlugin()
    for (let i = 0; i < 100 && plugin === null; i++) plugin = await new Promise((resolve) => setTimeout(resolve, 50)).then(mamePlugin)
    assert.equal(plugin?.state, 'degraded')
    assert.ok(plugin.problem!.includes(`MAME plugin in ${path.join(pluginsDir, 'cabinethub')} reads watch definitions from ${elsewhere}`), plugin.problem!)
    assert.ok(plugin.problem!.endsWith(`fix: npx cabinet-hub install-mame-plugin --plugins-dir ${pluginsDir} --data-dir ${hub.dataDir}`), plugin.problem!)
    child.kill('SIGKILL')
    await arcade.until((c) => c.types().includes('cabemu.session.stopped'), 30_000)
    arcade.close()
  })

  it('reads watched memory through the cabinethub plugin: mame nes -cart with the counter watched as a score reaches /ws/score', async () => {
    const pluginsDir = path.join(work, 'plugins')
    await installPlugin(pluginsDir, definitionsRoot(hub.dataDir), 0)
    const put = await putDefinition(hub, 'nes', 'chk', { watches: [{ key: 'P1_SCORE', address: '0x0010', size: 2, encoding: 'uint-le', role: 'score', player: 1, description: 'frame counter' }] })
    assert.equal(put.status, 200)
    const cart = path.join(work, 'chk.nes')
    writeFileSync(cart, counterRom())
    const score = await RecordingClient.connect(`${hub.wsBase}/ws/score`)
    const arcade = await RecordingClient.connect(`${hub.wsBase}/ws/arcade`)
    const ingame = await RecordingClient.connect(`${hub.wsBase}/ws/ingame`)
    const child = spawn(mame.path!, ['nes', '-cart', cart, '-plugin', 'cabinethub', '-pluginspath', `${pluginsDir};/usr/share/games/mame/plugins`, '-output', 'network',
      '-video', 'none', '-sound', 'none', '-seconds_to_run', '600'], { cwd: work, env: { ...process.env, HOME: work, SDL_VIDEODRIVER: 'dummy', SDL_AUDIODRIVER: 'dummy' }, stdio: 'ignore' })
    running.push(child)

    const scores = (c: RecordingClient): number[] => c.frames.filter((f) => f.Type === 'score.live.changed' && f.Payload.Source === 'ingame.memory').map((f) => f.Payload.Score as number)
    await score.until((c) => scores(c).length >= 10, 60_000)
    const values = scores(score)
    assert.ok(values.every((v, i) => i === 0 || v > values[i - 1]!), `scores only go up: ${values.join(',')}`)
    const last = score.frames.at(-1)!.Payload
    assert.equal(last.SystemId, 'nes')
    assert.equal(last.Rom, 'chk')
    const memory = ingame.frames.find((f) => f.Type === 'ingame.memory.changed')!
    assert.equal(memory.Payload.Source, 'cabemu')
    assert.equal((memory.Payload.Signal as { Key: string }).Key, 'P1_SCORE')
    assert.ok(arcade.types().includes('cabemu.content.started'))
    assert.ok(!arcade.frames.some((f) => f.Type === 'cabemu.output.changed' && JSON.stringify(f.Payload).includes('chub.')), 'the bridge\'s outputs are not lamps')
    assert.deepEqual(await mamePlugin(), { folder: path.join(pluginsDir, 'cabinethub'), definitionsDir: definitionsRoot(hub.dataDir), state: 'ok', problem: null })
    child.kill('SIGKILL')
    for (const c of [score, arcade, ingame]) c.close()
  })
})
