/**
 * No request, hook or records path waits on the disk with the loop stopped: with every `*Sync`
 * function of node:fs watched, the service answers its status, health, context, a hook, a records
 * read, the read link and a media file, lists the setup page and runs every one of its buttons,
 * and no call came from our code. The watch is first shown to catch calls made as our code makes
 * them (named imports of node:fs), so that finding none means something.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { after, before, describe, it, mock } from 'node:test'
import { settingsNow } from '../../src/frontends/es-de/settings-at-start.js'
import { writeDemoPanels } from '../../src/panels/index.js'
import { copyDemoTree } from '../support/demo-tree.js'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'
import { startHub, tempDir, type TestHub } from '../support/hub.js'
import { writeMedia, mediaBytes } from '../support/media-store.js'

const sourceFolder = fileURLToPath(new URL('../../src/', import.meta.url))

const fsFunctions = fs as unknown as Record<string, (...args: unknown[]) => unknown>
const syncNames = Object.keys(fs).filter((name) => name.endsWith('Sync') && typeof fsFunctions[name] === 'function')

/** Watches every `*Sync` function of node:fs, on its default export and its named exports. */
class SyncCallWatch {
  #spies: Array<{ name: string, calls: () => ReadonlyArray<{ stack: Error }>, restore: () => void }> = []

  start (): void {
    this.#spies = syncNames.map((name) => {
      const spy = mock.method(fsFunctions, name)
      return { name, calls: () => spy.mock.calls, restore: () => { spy.mock.restore() } }
    })
    // A named import (`import { readFileSync } from 'node:fs'`) sees the default export's functions only through this.
    syncBuiltinESMExports()
  }

  /** `<function> at <our file:line>` for every call whose stack passes through src/. */
  callsFromOurCode (): string[] {
    return this.#spies.flatMap(({ name, calls }) => calls().flatMap(({ stack }) => {
      const ours = stack.stack?.split('\n').find((line) => line.includes(sourceFolder) && !line.includes('node_modules'))
      return ours === undefined ? [] : [`${name} ${ours.trim()}`]
    }))
  }

  /** Restores only its own: the fast tier runs other files' mocks in the same process. */
  stop (): void {
    for (const { restore } of this.#spies) restore()
    syncBuiltinESMExports()
  }
}

/** The calls of our code while `work` runs. */
async function syncCallsDuring (work: () => Promise<void> | void): Promise<string[]> {
  const watch = new SyncCallWatch()
  watch.start()
  try {
    await work()
    return watch.callsFromOurCode()
  } finally {
    watch.stop()
  }
}

describe('no blocking file I/O on request, hook and records paths', () => {
  let f: FrontendHub
  const marquee = '/api/v1/media/systems/arcade/games/1943/artwork/marquee/marquee.png'

  before(async () => {
    const mediaDir = tempDir('cabinet-hub-media-')
    writeMedia(mediaDir, 'systems/arcade/games/1943/artwork/marquee/marquee.png', mediaBytes('marquee', 4096))
    f = await startFrontendHub({ mediaDir })
  })
  after(async () => f.close())

  it('catches the sync calls our start and command code makes (so an empty list below means something)', async () => {
    const folder = tempDir()
    const calls = await syncCallsDuring(() => {
      settingsNow(folder)
      writeDemoPanels(folder)
    })
    assert.ok(calls.some((call) => call.startsWith('readFileSync') && call.includes('settings-at-start.ts')), calls.join('\n'))
    assert.ok(calls.some((call) => call.startsWith('writeFileSync') && call.includes('demo-panels.ts')), calls.join('\n'))
  })

  it('answers status, health, context, a hook, records, the read link and a media file without one', async () => {
    const app = f.hub.app
    const get = async (url: string): Promise<void> => {
      const response = await app.inject({ method: 'GET', url })
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`)
    }
    const calls = await syncCallsDuring(async () => {
      await get('/api/v1/status')
      await get('/api/v1/health')
      await get('/api/v1/context/state')
      // A rom no gamelist lists: the catalog looks through every system.
      await f.hook('game-selected', 'mame', f.tree.rom('mame', 'unlisted.zip'), 'Unlisted')
      await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
      await get('/api/v1/context/state')
      await get('/api/v1/scores/index')
      await get('/api/v1/scores/anchors')
      await get('/api/v1/read-link')
      await get(marquee)
      await get('/api/v1/status')
    })
    assert.deepEqual(calls, [])
  })
})

describe('no blocking file I/O behind the setup page', () => {
  /** A page this service served, opened on the cabinet: the only caller the buttons answer. */
  const ownPage = { host: 'localhost:80', origin: 'http://localhost:80' }
  let retrobat: TestHub
  let esDe: TestHub
  let esDeRoot: string

  before(async () => {
    const root = path.join(tempDir('cabinet-hub-setup-'), 'RetroBat')
    await copyDemoTree(root, 'retrobat')
    // The RetroArch row has buttons only once RetroArch has written its config.
    const retroarchConfig = path.join(root, 'emulators', 'retroarch', 'retroarch.cfg')
    fs.mkdirSync(path.dirname(retroarchConfig), { recursive: true })
    fs.writeFileSync(retroarchConfig, 'network_cmd_enable = "true"\n')
    retrobat = await startHub({ options: { frontendRoot: root, profile: 'retrobat' } })
    // ES-DE's application data folder, ES-DE/ in its home, beside the roms in ROMs/ (the copy puts them there).
    esDeRoot = path.join(tempDir('cabinet-hub-setup-esde-'), 'ES-DE')
    await copyDemoTree(esDeRoot, 'es-de')
    esDe = await startHub({ options: { frontendRoot: esDeRoot, profile: 'es-de' } })
  })
  after(async () => Promise.all([retrobat.close(), esDe.close()]))

  type Action = { method: 'POST' | 'DELETE', path: string } | null
  interface SetupList { rows: Array<{ action: Action, undo: Action }>, readLinks: { revoke: Action } }

  /** Lists the setup page, then presses every button it offers (the undos after the actions, which they offer once there is something to undo). */
  async function pressEveryButton (hub: TestHub): Promise<string[]> {
    const list = async (): Promise<SetupList> => {
      const response = await hub.app.inject({ method: 'GET', url: '/api/v1/setup' })
      assert.equal(response.statusCode, 200, response.body)
      return response.json()
    }
    const press = async (action: Action): Promise<string> => {
      if (action === null) return ''
      const response = await hub.app.inject({ method: action.method, url: action.path, headers: ownPage, ...(action.method === 'POST' ? { payload: {} } : {}) })
      assert.equal(response.statusCode, 200, `${action.method} ${action.path}: ${response.body}`)
      return `${action.method} ${action.path}`
    }
    const pressed: string[] = []
    const first = await list()
    for (const action of [...first.rows.map((row) => row.action), first.readLinks.revoke]) pressed.push(await press(action))
    for (const row of (await list()).rows) pressed.push(await press(row.undo))
    return pressed.filter((name) => name !== '')
  }

  it('lists the setup page and runs every button of it, for RetroBat and for ES-DE, and chooses a frontend, without one', async () => {
    let pressed: string[] = []
    const calls = await syncCallsDuring(async () => {
      pressed = [...await pressEveryButton(retrobat), ...await pressEveryButton(esDe)]
      const chosen = await retrobat.app.inject({ method: 'POST', url: '/api/v1/setup/frontend', headers: ownPage, payload: { root: esDeRoot, profile: 'es-de' } })
      assert.equal(chosen.statusCode, 200, chosen.body)
    })
    for (const button of ['hooks', 'mame-plugin', 'retroarch', 'service', 'read-link/revoke']) assert.ok(pressed.includes(`POST /api/v1/setup/${button}`), `${button}: ${pressed.join(', ')}`)
    for (const undo of ['hooks', 'mame-plugin', 'retroarch']) assert.ok(pressed.includes(`DELETE /api/v1/setup/${undo}`), `${undo}: ${pressed.join(', ')}`)
    assert.deepEqual(calls, [])
  })
})
