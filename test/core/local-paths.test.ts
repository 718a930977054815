/**
 * Paths of this machine stay on it: a page of another origin reads the same answers and events
 * with each local path cut to its last segment; this machine's pages and programs get them whole.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { isLocalPath, withoutLocalPaths } from '../../src/core/local-paths.js'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'

const foreign = { origin: 'https://overlay.example' }

describe('local paths and pages of other origins', () => {
  let frontend: FrontendHub
  before(async () => {
    frontend = await startFrontendHub()
    await frontend.hook('game-selected', 'mame', `${frontend.tree.root}/roms/mame/1943.zip`, '1943')
  })
  after(async () => frontend.close())

  const read = async (url: string, headers: Record<string, string> = {}): Promise<string> => {
    const response = await frontend.hub.app.inject({ url, headers })
    assert.equal(response.statusCode, 200, `${url}: ${response.body}`)
    return response.body
  }

  it('tells paths of any system from the service\'s own URLs', () => {
    for (const path of ['/userdata/roms/mame/1943.zip', 'C:\\RetroBat\\roms\\mame\\1943.zip', 'D:/roms/x.zip', '\\\\nas\\roms\\x.zip', 'file:///home/pi/x.png', '/tmp/x']) assert.ok(isLocalPath(path), path)
    for (const text of ['/api/v1/media/arcade/1943/marquee.png', '/ws/marquee', '/overlays/score', '1943', 'Tom & Jerry / Tom', '/', 'https://example.org/a/b']) assert.ok(!isLocalPath(text), text)
    assert.deepEqual(withoutLocalPaths({ Path: '/roms/mame/1943.zip', Url: '/api/v1/media/x.png', RawArgs: ['mame', 'C:\\roms\\1943.zip'], N: 1 }), { Path: '1943.zip', Url: '/api/v1/media/x.png', RawArgs: ['mame', '1943.zip'], N: 1 })
  })

  it('answers a page of another origin without them, and this machine with them', async () => {
    for (const url of ['/api/v1/context/current-game', '/api/v1/context/state', '/api/v1/events/recent?limit=200']) {
      assert.ok((await read(url)).includes(frontend.tree.root), `${url} names the rom's path for this machine`)
      const forPage = await read(url, foreign)
      assert.ok(!forPage.includes(frontend.tree.root), `${url} for a foreign page: ${forPage.slice(0, 300)}`)
      assert.ok(forPage.includes('1943'))
    }
    for (const url of ['/api/v1/panels/current/theme-xml', '/api/v1/read-link']) {
      const refused = await frontend.hub.app.inject({ url, headers: foreign })
      assert.equal(refused.statusCode, 403, url)
    }
  })

  it('sends a WebSocket client of another origin its frames without them, replayed ones included', async () => {
    const local = await frontend.hub.connect(`/ws`)
    const page = await frontend.hub.connect(`/ws`, { headers: foreign })
    await frontend.hook('game-selected', 'mame', `${frontend.tree.root}/roms/mame/sf2.zip`, 'Street Fighter II')
    for (const client of [local, page]) await client.until((c) => c.frames.some((f) => f.Type === 'ui.game.selected' && JSON.stringify(f).includes('sf2')))
    assert.ok(JSON.stringify(local.frames).includes(frontend.tree.root))
    assert.ok(page.frames.length > 0 && !JSON.stringify(page.frames).includes(frontend.tree.root), 'no frame of the page names a local path')
    local.socket.close()
    page.socket.close()
  })
})
