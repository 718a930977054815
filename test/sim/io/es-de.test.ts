/**
 * The simulated ES-DE against ES-DE's documented behaviour (src/sim/README.md, ES-DE parity): its
 * custom event scripts run one after another through `sh -c` with ES-DE's command string (every
 * argument quoted, empty ones left out, game-start's path escaped, the select events' raw), the
 * blank game-select of a fast scroll, and a game-end that waits for an input when ES-DE runs in the
 * background.
 */
import assert from 'node:assert/strict'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { writeDemoTree } from '../../../src/sim/index.js'
import { SimulatedEsDe } from '../../support/sim/es-de/frontend.js'
import { esDeScriptCommand } from '../../support/sim/es-de/hooks.js'
import type { EsDeSimState } from '../../support/sim/es-de/simulator.js'
import { tempDir } from '../../support/hub.js'
import { eventually, readRecordedHooks, recordingScript, type RecordedHook } from '../../support/sim.js'

const events = ['startup', 'quit', 'system-select', 'game-select', 'game-start', 'game-end', 'screensaver-start', 'screensaver-end', 'screensaver-game-select']

interface EsDeDemo { readonly sim: SimulatedEsDe, readonly url: string, readonly home: string, readonly log: string }

async function startEsDe (home: string, options: { readonly runInBackground?: boolean } = {}): Promise<EsDeDemo> {
  const tree = await writeDemoTree(home, 'es-de')
  if (options.runInBackground === true) {
    const settings = path.join(tree.esConfigDir, 'settings', 'es_settings.xml')
    writeFileSync(settings, readFileSync(settings, 'utf8').replace('name="RunInBackground" value="false"', 'name="RunInBackground" value="true"'))
  }
  const log = path.join(tempDir('cabinet-hub-esde-log-'), 'hooks.log')
  for (const event of events) {
    const folder = path.join(tree.esConfigDir, 'scripts', event)
    mkdirSync(folder, { recursive: true })
    // Two scripts whose names sort differently by case: ES-DE runs them by name, case-sensitive, one after the other.
    for (const [name, tag] of [['b-record.sh', ':b'], ['A-record.sh', ':A']] as const) {
      writeFileSync(path.join(folder, name), recordingScript(log, tag))
      chmodSync(path.join(folder, name), 0o755)
    }
  }
  const sim = new SimulatedEsDe({ frontendRoot: tree.root, playSeconds: 600, screensaverSeconds: 0, screensaverSwapSeconds: 600 })
  const { url } = await sim.start()
  return { sim, url, home, log }
}

async function state (demo: EsDeDemo): Promise<EsDeSimState> {
  return await (await fetch(`${demo.url}/sim/state`)).json() as EsDeSimState
}

/** Every event fired so far has run its scripts. */
async function settled (demo: EsDeDemo): Promise<RecordedHook[]> {
  await eventually(() => state(demo), ({ hooks }) => hooks.waiting === 0 && hooks.started === hooks.finished, 'the custom event scripts to finish')
  return readRecordedHooks(demo.log)
}

async function pressSettled (demo: EsDeDemo, ...inputs: string[]): Promise<RecordedHook[]> {
  for (const input of inputs) {
    const response = await fetch(`${demo.url}/sim/input`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input }) })
    assert.equal(response.status, 204)
    await settled(demo)
  }
  return readRecordedHooks(demo.log)
}

/** The hooks of one script (`:A` or `:b`), its tag taken off. */
const ofScript = (hooks: readonly RecordedHook[], tag: string): RecordedHook[] => hooks.filter((h) => h.event.endsWith(tag)).map((h) => ({ event: h.event.slice(0, -tag.length), args: h.args }))

describe('ES-DE command strings (Scripting.cpp)', () => {
  it('quotes the script and every argument, leaves empty ones out and escapes nothing inside', () => {
    assert.equal(esDeScriptCommand('/a/ES-DE/scripts/game-select/x.sh', ['/r/nes/Zelda (USA).zip', 'Zelda', 'nes', 'Nintendo']), '"/a/ES-DE/scripts/game-select/x.sh" "/r/nes/Zelda (USA).zip" "Zelda" "nes" "Nintendo"')
    assert.equal(esDeScriptCommand('/s/x.sh', ['', '', '', '']), '"/s/x.sh"')
    assert.equal(esDeScriptCommand('/s/x.sh', ['/r/a.zip', '', 'nes', 'NES']), '"/s/x.sh" "/r/a.zip" "nes" "NES"')
    assert.equal(esDeScriptCommand('/s/x.sh', ['"already quoted"', 'say "hi" $HOME']), '"/s/x.sh" "already quoted" "say "hi" $HOME"')
  })
})

describe('simulated ES-DE: custom events as ES-DE fires them', () => {
  const started: EsDeDemo[] = []
  after(async () => { await Promise.all(started.map(async (demo) => demo.sim.stop())) })

  it('fires startup, system-select and game-select with ES-DE\'s arguments, the blank fast-scroll select with none, game-start and game-end with the escaped path', async () => {
    const demo = await startEsDe(tempDir('cabinet-hub-esde-sim-'))
    started.push(demo)
    const roms = path.join(demo.home, 'ROMs', 'nes')
    // The carousel starts on mame; left wraps to nes, the last system. a opens it on Mega Man 2,
    // pagedown scrolls fast to the end of the list (The Legend of Zelda), a starts it, start exits it.
    const hooks = ofScript(await pressSettled(demo, 'left', 'a', 'pagedown', 'a', 'start'), ':A')
    const zelda = path.join(roms, 'Legend of Zelda, The (USA).nes')
    const escaped = zelda.replace(/([ ,()])/g, (c) => c === ',' ? c : `\\${c}`)
    assert.deepEqual(hooks, [
      { event: 'startup', args: [] },
      { event: 'system-select', args: ['nes', 'Nintendo Entertainment System', roms] },
      { event: 'game-select', args: [path.join(roms, 'Mega Man 2 (USA).nes'), 'Mega Man 2', 'nes', 'Nintendo Entertainment System'] },
      { event: 'game-select', args: [] },
      { event: 'game-select', args: [zelda, 'The Legend of Zelda', 'nes', 'Nintendo Entertainment System'] },
      { event: 'game-start', args: [escaped, 'The Legend of Zelda', 'nes', 'Nintendo Entertainment System'] },
      { event: 'game-end', args: [escaped, 'The Legend of Zelda', 'nes', 'Nintendo Entertainment System'] }
    ])
  })

  it('runs the scripts of an event one after another, by name, case-sensitive: A before b, and never two at once', async () => {
    const demo = started[0]!
    const hooks = readRecordedHooks(demo.log)
    // Each event's two scripts are adjacent (nothing ran between them) and in byte order.
    for (let index = 0; index < hooks.length; index += 2) {
      assert.deepEqual([hooks[index]!.event, hooks[index + 1]!.event], [hooks[index]!.event.replace(/:.$/, ':A'), hooks[index]!.event.replace(/:.$/, ':b')], JSON.stringify(hooks.slice(index, index + 2)))
      assert.deepEqual(hooks[index]!.args, hooks[index + 1]!.args)
    }
  })

  it('serves no web API: only the simulator\'s own routes answer', async () => {
    const demo = started[0]!
    for (const route of ['/caps', '/systems', '/runningGame']) assert.equal((await fetch(`${demo.url}${route}`)).status, 404, route)
  })

  it('running in the background, fires game-end only at the next input after the emulator exits', async () => {
    const demo = await startEsDe(tempDir('cabinet-hub-esde-bg-'), { runInBackground: true })
    started.push(demo)
    await pressSettled(demo, 'a', 'a', 'start')
    const exited = await state(demo)
    assert.equal(exited.exitUnnoticed, true)
    assert.equal(ofScript(readRecordedHooks(demo.log), ':A').filter((h) => h.event === 'game-end').length, 0, 'no game-end while ES-DE sleeps')
    const hooks = ofScript(await pressSettled(demo, 'down'), ':A')
    assert.equal(hooks.at(-1)!.event, 'game-end', 'the input woke ES-DE: game-end, and the input was consumed')
    assert.equal((await state(demo)).view, 'gamelist')
  })

  it('fires the screensaver\'s events: start (manual), its games as screensaver-game-select, end (cancel)', async () => {
    const demo = started[0]!
    const before = readRecordedHooks(demo.log).length
    assert.equal((await fetch(`${demo.url}/sim/screensaver`, { method: 'POST' })).status, 204)
    await settled(demo)
    const hooks = ofScript(await pressSettled(demo, 'down'), ':A').slice(before / 2)
    assert.deepEqual(hooks.map((h) => h.event), ['screensaver-start', 'screensaver-game-select', 'screensaver-end'])
    assert.deepEqual(hooks[0]!.args, ['manual'])
    assert.equal(hooks[1]!.args.length, 4)
    assert.deepEqual(hooks[2]!.args, ['cancel'])
  })
})
