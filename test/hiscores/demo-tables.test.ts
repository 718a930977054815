/**
 * The demo as a scoreboard SDK sees it: it probes `GET /api/v1/hiscores` for the game on screen and
 * treats anything but 2xx as "no hiscores". Every game of the demo tree, selected in turn, answers
 * with its table under the gamelist's name.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { writeDemoHiscores } from '../../src/hiscores/index.js'
import { romStem } from '../../src/identity/index.js'
import { demoGames, frontendLayout } from '../../src/sim/index.js'
import { copyDemoTree } from '../support/demo-tree.js'
import { startFakeEs, type FakeEs } from '../support/fake-es.js'
import { startHub, tempDir, type TestHub } from '../support/hub.js'

describe('the demo\'s hiscore tables', () => {
  let hub: TestHub
  let es: FakeEs
  const dataDir = tempDir('hiscore-demo-')
  const root = path.join(dataDir, 'demo-frontend')
  before(async () => {
    await copyDemoTree(root, 'retrobat')
    writeDemoHiscores(root, dataDir, demoGames().map((game) => romStem(game.file)))
    es = await startFakeEs()
    hub = await startHub({ options: { dataDir, frontendRoot: root, profile: 'retrobat', esUrl: es.url } })
  })
  after(async () => {
    await hub.close()
    await es.close()
  })

  it('gives every demo game a table: GET /api/v1/hiscores answers 2xx with scores for each one selected', async () => {
    const games = demoGames()
    assert.ok(games.length >= 10, `${games.length} demo games`)
    const romsDir = frontendLayout(root, 'retrobat').romsDir
    const tables = await hub.connect(`/ws/hiscore`)
    for (const game of games) {
      const hook = { event: 'game-selected', args: [game.system, path.join(romsDir, game.system, game.file), game.name] }
      assert.equal((await hub.fetch(`/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(hook) })).status, 202)
      // The selection is taken in once its table is published.
      await tables.until((c) => c.frames.some((frame) => frame.Type === 'hiscore.updated' && frame.Payload.Rom === romStem(game.file)))
      const response = await hub.fetch(`/api/v1/hiscores`)
      const body = await response.json() as { status: string, game: string, rom: string, scores: unknown[] }
      assert.equal(response.status, 200, `${game.system}/${game.file}: ${JSON.stringify(body)}`)
      assert.deepEqual([body.status, body.game, body.rom, body.scores.length], ['ok', game.name, romStem(game.file), 5], game.file)
    }
    tables.socket.close()
  })
})
