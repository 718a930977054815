import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'
import { tempDir } from '../support/hub.js'
import { mediaBytes, writeMedia } from '../support/media-store.js'

describe('gamelist operations', () => {
  let f: FrontendHub
  before(async () => {
    const mediaDir = tempDir('cabinet-hub-gamelists-')
    writeMedia(mediaDir, 'systems/arcade/games/1943/artwork/marquee/marquee.png', mediaBytes('marquee'))
    f = await startFrontendHub({ mediaDir })
  })
  after(async () => f.close())

  it('lists systems with playable games (a gamelist entry without its rom does not count)', async () => {
    const { status, body } = await f.get('/api/v1/gamelists')
    assert.equal(status, 200)
    assert.deepEqual(body, { total: 3, systems: [{ systemId: 'mame', games: 2 }, { systemId: 'snes', games: 1 }] })
  })

  it('pages and searches a system\'s games', async () => {
    const all = await f.get('/api/v1/gamelists/mame/games')
    assert.deepEqual(all.body, {
      systemId: 'mame',
      total: 2,
      games: [
        { rom: '1943', name: '1943: The Battle of Midway', path: 'roms/mame/1943.zip', gameKey: 'arcade|1943' },
        { rom: 'sf', name: 'Street Fighter', path: 'roms/mame/sf.zip', gameKey: 'arcade|sf' }
      ]
    })
    const searched = await f.get('/api/v1/gamelists/MAME/games?search=street')
    assert.deepEqual(searched.body.games.map((g: { rom: string }) => g.rom), ['sf'])
    const paged = await f.get('/api/v1/gamelists/mame/games?limit=1&offset=1')
    assert.equal(paged.body.total, 2)
    assert.deepEqual(paged.body.games.map((g: { rom: string }) => g.rom), ['sf'])
    const bad = await f.get('/api/v1/gamelists/mame/games?limit=0')
    assert.equal(bad.status, 400)
    assert.ok(bad.body.code.length > 0)
    assert.equal((await f.get('/api/v1/gamelists/nes/games')).body.code, 'UNKNOWN_SYSTEM')
  })

  it('answers one game\'s card with canonical media URLs that resolve, 404 for an unknown rom', async () => {
    const { status, body } = await f.get('/api/v1/gamelists/mame/game?rom=1943')
    assert.equal(status, 200)
    assert.equal(body.desc, 'Vertical shooter over the Pacific.')
    assert.equal(body.players, '1-2')
    assert.equal(body.marquee, '/api/v1/media/systems/arcade/games/1943/artwork/marquee/marquee.png')
    assert.equal(body.image, '', 'the gamelist names an image the tree does not hold')
    assert.equal((await f.hub.fetch(body.marquee)).status, 200)
    const missing = await f.get('/api/v1/gamelists/mame/game?rom=pacman')
    assert.equal(missing.status, 404)
    assert.equal(missing.body.code, 'UNKNOWN_GAME')
  })

  it('answers 404 MANAGER_DISABLED on media and gamelists when the Local Media Manager is off', async () => {
    const off = await startFrontendHub({ 'managers.localMedia': false })
    try {
      assert.equal((await off.get('/api/v1/gamelists')).body.code, 'MANAGER_DISABLED')
      assert.equal((await off.hub.fetch(`/api/v1/media/systems/arcade/x.png`)).status, 404)
    } finally {
      await off.close()
    }
  })
})
