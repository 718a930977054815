import assert from 'node:assert/strict'
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { keysymOf } from '../../../src/frontends/emulationstation/es-input.js'
import { startHub, tempDir, type TestHub } from '../../support/hub.js'
import { findPeer } from '../../support/peers.js'

const xvfb = findPeer('Xvfb', 'xvfb', ['/usr/bin/Xvfb'])
const xev = findPeer('xev', 'x11-utils', ['/usr/bin/xev'])
const xdotool = findPeer('xdotool', 'xdotool', ['/usr/bin/xdotool'])
const skip = xvfb.skip || xev.skip || xdotool.skip

/** SDL2 keycodes as ES writes them into es_input.cfg. */
const sdl = { Return: 13, Escape: 27, Up: 0x40000052, Down: 0x40000051, Left: 0x40000050, Right: 0x4000004f, F1: 0x4000003a, F2: 0x4000003b, bracketleft: 91, bracketright: 93 }
/** ES's own keyboard defaults: OK is `b` (Return), back is `a` (Escape), the page keys are `[` and `]`. */
const mapping: Record<string, number> = { a: sdl.Escape, b: sdl.Return, up: sdl.Up, down: sdl.Down, left: sdl.Left, right: sdl.Right, start: sdl.F1, select: sdl.F2, pageup: sdl.bracketleft, pagedown: sdl.bracketright }

function esInputCfg (keys: Record<string, number>): string {
  const inputs = Object.entries(keys).map(([name, id]) => `    <input name="${name}" type="key" id="${id}" value="1" />`).join('\n')
  return `<?xml version="1.0"?>\n<inputList>\n  <inputConfig type="joystick" deviceName="Pad" deviceGUID="03000000">\n    <input name="a" type="button" id="0" value="1" />\n  </inputConfig>\n  <inputConfig type="keyboard" deviceName="Keyboard" deviceGUID="-1">\n${inputs}\n  </inputConfig>\n</inputList>\n`
}

/** Generous: a loaded machine takes seconds to start Xvfb and map xev's window (CI once took over 5). */
const startBoundMs = 30_000

async function waitFor (check: () => boolean, what: string): Promise<void> {
  for (const deadline = performance.now() + startBoundMs; !check() && performance.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 25))
  if (!check()) throw new Error(`timed out waiting for ${what}`)
}

describe('es_input.cfg keyboard mapping', () => {
  it('turns SDL2 keycodes into X keysym names', () => {
    assert.equal(keysymOf(13), 'Return')
    assert.equal(keysymOf(0x40000052), 'Up')
    assert.equal(keysymOf(0x4000004e), 'Next')
    assert.equal(keysymOf(97), 'a')
    assert.equal(keysymOf(91), 'bracketleft')
    assert.equal(keysymOf(93), 'bracketright')
    assert.equal(keysymOf(0x40000999), null)
  })
})

describe('xdotool input backend against a real X server', { skip }, () => {
  let display = ''
  let server: ChildProcess
  let window: ChildProcess
  let seen = ''
  let hub: TestHub
  let esConfigDir = ''
  let windowId = ''
  const previousDisplay = process.env.DISPLAY

  before(async () => {
    let number = 70
    while (existsSync(`/tmp/.X11-unix/X${number}`) || existsSync(`/tmp/.X${number}-lock`)) number++
    display = `:${number}`
    server = spawn(xvfb.path!, [display, '-screen', '0', '640x480x24', '-nolisten', 'tcp'], { stdio: 'ignore' })
    await waitFor(() => existsSync(`/tmp/.X11-unix/X${number}`), 'Xvfb')
    // xev stands in for the frontend window: it prints every key event it receives. ES's SDL
    // window is known by its class, `emulationstation`; its title is not fixed.
    window = spawn(xev.path!, ['-name', 'Some title'], { env: { ...process.env, DISPLAY: display }, stdio: ['ignore', 'pipe', 'ignore'] })
    window.stdout!.on('data', (chunk: Buffer) => { seen += chunk.toString() })
    await waitFor(() => seen.includes('MapNotify'), 'the window')
    const xenv = { ...process.env, DISPLAY: display }
    windowId = execFileSync(xdotool.path!, ['search', '--name', '^Some title$'], { env: xenv, encoding: 'utf8' }).trim().split('\n')[0]!
    execFileSync(xdotool.path!, ['set_window', '--class', 'emulationstation', '--classname', 'emulationstation', windowId], { env: xenv })

    esConfigDir = tempDir()
    mkdirSync(esConfigDir, { recursive: true })
    writeFileSync(path.join(esConfigDir, 'es_input.cfg'), esInputCfg(mapping))
    process.env.DISPLAY = display
    hub = await startHub({ listen: true, options: { esConfigDir, controlBackend: 'xdotool' } })
  })

  after(async () => {
    await hub?.close()
    process.env.DISPLAY = previousDisplay
    window?.kill()
    server?.kill()
  })

  const keyEvents = (): string[] => [...seen.matchAll(/(KeyPress|KeyRelease) event[\s\S]*?keysym 0x[0-9a-f]+, (\w+)\)/g)].map((m) => `${m[1]} ${m[2]}`)

  it('is ready once xdotool, the display, the window and a complete keyboard mapping are there', async () => {
    const status = await (await fetch(`${hub.baseUrl}/api/v1/es/controller/status`)).json() as { backend: string, ready: boolean, message: string }
    assert.equal(status.backend, 'xdotool')
    assert.equal(status.ready, true, status.message)
  })

  it('sends the keys mapped in es_input.cfg to the frontend window, pressed then released, in order', async () => {
    const before = keyEvents().length
    for (const input of ['b', 'up', 'pagedown']) {
      const response = await fetch(`${hub.baseUrl}/api/v1/es/controller/tap`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input, holdMs: 30 }) })
      assert.ok(response.ok, await response.text())
    }
    await waitFor(() => keyEvents().length >= before + 6, 'six key events')
    assert.deepEqual(keyEvents().slice(before), ['KeyPress Return', 'KeyRelease Return', 'KeyPress Up', 'KeyRelease Up', 'KeyPress bracketright', 'KeyRelease bracketright'])
  })

  it('says what is missing when the keyboard mapping is incomplete', async () => {
    const partial = { ...mapping }
    delete partial.select
    writeFileSync(path.join(esConfigDir, 'es_input.cfg'), esInputCfg(partial))
    const status = await (await fetch(`${hub.baseUrl}/api/v1/es/controller/status`)).json() as { ready: boolean, message: string }
    assert.equal(status.ready, false)
    assert.match(status.message, /maps no keyboard key to select/)
    writeFileSync(path.join(esConfigDir, 'es_input.cfg'), esInputCfg(mapping))
  })

  it('drives ES-DE with its own keys (Enter is OK, Backspace back, PgDn the next page) to its window of class es-de, without an es_input.xml', async () => {
    execFileSync(xdotool.path!, ['set_window', '--class', 'es-de', '--classname', 'es-de', windowId], { env: { ...process.env, DISPLAY: display } })
    const esDe = await startHub({ listen: true, options: { esConfigDir: tempDir(), profile: 'es-de', controlBackend: 'xdotool' } })
    try {
      const status = await (await fetch(`${esDe.baseUrl}/api/v1/es/controller/status`)).json() as { ready: boolean, message: string }
      assert.equal(status.ready, true, status.message)
      assert.match(status.message, /"es-de" window/)
      const before = keyEvents().length
      for (const input of ['a', 'b', 'pagedown']) {
        const response = await fetch(`${esDe.baseUrl}/api/v1/es/controller/tap`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input, holdMs: 30 }) })
        assert.ok(response.ok, await response.text())
      }
      await waitFor(() => keyEvents().length >= before + 6, 'six key events')
      assert.deepEqual(keyEvents().slice(before), ['KeyPress Return', 'KeyRelease Return', 'KeyPress BackSpace', 'KeyRelease BackSpace', 'KeyPress Next', 'KeyRelease Next'])
    } finally {
      await esDe.close()
    }
  })
})
