/**
 * Issue 36's "done when": a game whose gamelist `<name>` is not its file stem, selected by a
 * frontend that names it by its file, has one name everywhere: the gamelist's, in
 * `/api/v1/context/state`, `ui.game.selected`, the marquee snapshot; and `panel.state` is the
 * panel of that same game.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { writeFrontendTree, type FrontendTree } from '../support/frontend-tree.js'
import { sendHook, startHub, type TestHub } from '../support/hub.js'
import { RecordingClient } from '../support/ws-client.js'

describe('one name for the game on screen', () => {
  let hub: TestHub
  let tree: FrontendTree
  let ws: RecordingClient
  before(async () => {
    tree = writeFrontendTree()
    hub = await startHub({ options: { frontendRoot: tree.root }, listen: false })
    ws = await RecordingClient.inject(hub.app, '/ws')
  })
  after(async () => {
    ws.close()
    await hub.close()
  })

  it('names a game the gamelist calls otherwise than its file by the gamelist\'s name, in the REST state, ui.game.selected and the marquee; its panel is that game\'s', async () => {
    // The gamelist names 1943.zip "1943: The Battle of Midway"; this frontend names it by its file.
    const sequence = await sendHook(hub, 'game-selected', 'mame', tree.rom('mame', '1943.zip'), '1943')
    const bySequence = (type: string) => (c: RecordingClient) => c.frames.some((f) => f.Type === type && f.Payload.Sequence === sequence)
    await ws.until(bySequence('marquee.snapshot'))
    await ws.until(bySequence('panel.state'))
    const payload = (type: string) => ws.frames.findLast((f) => f.Type === type && f.Payload.Sequence === sequence)!.Payload

    const state = (await hub.app.inject({ url: '/api/v1/context/state' })).json<{ selectedGame: { gameName: string } }>()
    const selected = payload('ui.game.selected')
    const marquee = payload('marquee.snapshot').Selection as Record<string, unknown>
    const expected = '1943: The Battle of Midway'
    assert.deepEqual({
      state: state.selectedGame.gameName,
      selected: selected.GameName,
      selection: (selected.Selection as Record<string, unknown>).Name,
      marquee: marquee.GameName,
      marqueeName: marquee.Name
    }, { state: expected, selected: expected, selection: expected, marquee: expected, marqueeName: expected })
    // panel.state carries no name: it is the panel of the same game.
    const panel = payload('panel.state')
    assert.deepEqual([panel.SelectionKey, panel.SystemId], [selected.SelectionKey, 'mame'])
  })
})
