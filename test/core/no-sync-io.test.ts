/**
 * No request, hook or records path waits on the disk with the loop stopped: with every `*Sync`
 * function of node:fs watched, the service answers its status, health, context, a hook, a records
 * read, the read link and a media file, and no call came from our code. The watch is first shown
 * to catch calls made as our code makes them (named imports of node:fs), so that finding none
 * means something.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import { fileURLToPath } from 'node:url'
import { after, before, describe, it, mock } from 'node:test'
import { settingsNow } from '../../src/frontends/es-de/settings.js'
import { writeSpoolFile } from '../../src/frontend/spool.js'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'
import { tempDir } from '../support/hub.js'
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
      writeSpoolFile(folder, { event: 'game-selected', args: [], hookId: null })
    })
    assert.ok(calls.some((call) => call.startsWith('readFileSync') && call.includes('settings.ts')), calls.join('\n'))
    assert.ok(calls.some((call) => call.startsWith('openSync') && call.includes('atomic-file.ts')), calls.join('\n'))
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
