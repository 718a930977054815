/** Media alias tables (`media/aliases/games/<system>.json`) on a running service: the scan and the cards follow the same table. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { startFrontendHub } from '../../support/frontend-hub.js'
import { tempDir } from '../../support/hub.js'
import { mediaBytes, writeMedia } from '../../support/media-store.js'
import { eventually } from '../../support/sim.js'

describe('media alias tables', () => {
  it('files a game\'s media under its alias from the alias table, in the scan as in the card, and follows a table edited before a reindex', async () => {
    const mediaDir = tempDir('cabinet-hub-aliases-')
    writeMedia(mediaDir, 'aliases/games/arcade.json', Buffer.from(JSON.stringify({ Entries: { 'rom:1943': 'battle_of_midway' } })))
    writeMedia(mediaDir, 'systems/arcade/games/battle_of_midway/artwork/marquee/marquee.png', mediaBytes('aliased marquee'))
    const aliased = await startFrontendHub({ mediaDir }, (tree) => { writeMedia(tree.roms, 'mame/media/images/1943.png', mediaBytes('gamelist image')) }, { listen: true })
    try {
      const card = (await aliased.get('/api/v1/gamelists/mame/game?rom=1943')).body
      assert.equal(card.marquee, '/api/v1/media/systems/arcade/games/battle_of_midway/artwork/marquee/marquee.png')
      assert.notEqual(card.image, '', 'the gamelist\'s image, found under the alias the scan filed it by')
      assert.deepEqual(Buffer.from(await (await fetch(aliased.hub.baseUrl + String(card.image))).arrayBuffer()), mediaBytes('gamelist image'))
      writeMedia(mediaDir, 'aliases/games/arcade.json', Buffer.from(JSON.stringify({ Entries: {} })))
      assert.equal((await fetch(`${aliased.hub.baseUrl}/api/v1/media/reindex`, { method: 'POST' })).status, 202)
      const after = await eventually(async () => (await aliased.get('/api/v1/gamelists/mame/game?rom=1943')).body, (body) => body.marquee === '', 'the card without the alias\'s marquee')
      assert.notEqual(after.image, '', 'filed again under the computed slug, and found there')
    } finally {
      await aliased.close()
    }
  })
})
