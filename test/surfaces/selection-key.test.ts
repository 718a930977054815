/**
 * A consumer that listens to several streams matches them by SelectionKey (design.md §4), so the
 * same selection must carry the same key on each: the frontend's system id and rom stem, never
 * the media system (`mame`, not `arcade`) or the media slug.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startPanelHub, type PanelHub } from '../support/panels.js'
import type { RecordingClient} from '../support/ws-client.js';
import { type Frame } from '../support/ws-client.js'

describe('one SelectionKey for one selection on every stream', () => {
  let f: PanelHub
  let frontend: RecordingClient
  let marquee: RecordingClient
  let panel: RecordingClient

  before(async () => {
    f = await startPanelHub()
    frontend = await f.hub.connect(`/ws/frontend`)
    marquee = await f.hub.connect(`/ws/marquee`)
    panel = await f.hub.connect(`/ws/panel`)
  })
  after(async () => {
    for (const client of [frontend, marquee, panel]) client.close()
    await f.close()
  })

  /** The frame of `type` that the hook with `sequence` caused, once it arrived. */
  async function frameOf (client: RecordingClient, type: string, sequence: number): Promise<Frame> {
    const match = (frame: Frame): boolean => frame.Type === type && frame.Payload.Sequence === sequence
    await client.until((c) => c.frames.some(match))
    return client.frames.find(match)!
  }

  it('gives an arcade game of the frontend system mame the key mame|1943 on /ws/frontend, /ws/marquee and /ws/panel', async () => {
    const sequence = await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
    const selected = await frameOf(frontend, 'ui.game.selected', sequence)
    const snapshot = await frameOf(marquee, 'marquee.snapshot', sequence)
    const state = await frameOf(panel, 'panel.state', sequence)
    assert.equal(selected.Payload.SelectionKey, 'mame|1943')
    assert.equal(snapshot.Payload.SelectionKey, selected.Payload.SelectionKey, 'the marquee names the selection as the frontend does')
    assert.equal((snapshot.Payload.Selection as Record<string, unknown>).SelectionKey, selected.Payload.SelectionKey)
    assert.equal((snapshot.Payload.Latency as Record<string, unknown>).SelectionKey, selected.Payload.SelectionKey)
    assert.equal(state.Payload.SelectionKey, selected.Payload.SelectionKey)
    // The media system and slug keep fields of their own.
    assert.deepEqual([snapshot.Payload.MediaSystemId, snapshot.Payload.MediaKey], ['arcade', 'arcade|1943'])
    assert.deepEqual([(snapshot.Payload.Selection as Record<string, unknown>).System, (snapshot.Payload.Selection as Record<string, unknown>).Game], ['arcade', '1943'])
  })

  it('keeps the rom stem, not the media slug, for a name with spaces, dots and parentheses', async () => {
    const sequence = await f.hook('game-selected', 'snes', f.tree.rom('snes', 'Super Mario World (USA).sfc'), 'Super Mario World')
    const selected = await frameOf(frontend, 'ui.game.selected', sequence)
    const snapshot = await frameOf(marquee, 'marquee.snapshot', sequence)
    assert.equal(selected.Payload.SelectionKey, 'snes|Super Mario World (USA)')
    assert.equal(snapshot.Payload.SelectionKey, selected.Payload.SelectionKey)
    assert.equal(snapshot.Payload.MediaKey, 'snes|super_mario_world')
  })

  it('uses the system key mame| for a system selection, and the started game\'s key once it runs', async () => {
    const systemSequence = await f.hook('system-selected', 'mame')
    const system = await frameOf(frontend, 'ui.system.selected', systemSequence)
    const systemSnapshot = await frameOf(marquee, 'marquee.snapshot', systemSequence)
    assert.deepEqual([system.Payload.SelectionKey, systemSnapshot.Payload.SelectionKey, systemSnapshot.Payload.MediaKey], ['mame|', 'mame|', 'arcade|'])

    const startSequence = await f.hook('game-start', f.tree.rom('mame', 'sf.zip'), 'sf', 'Street Fighter')
    const started = await frameOf(frontend, 'ui.game.started', startSequence)
    const startedSnapshot = await frameOf(marquee, 'marquee.snapshot', startSequence)
    const startedState = await frameOf(panel, 'panel.state', startSequence)
    assert.deepEqual([started.Payload.SelectionKey, startedSnapshot.Payload.SelectionKey, startedState.Payload.SelectionKey], ['mame|sf', 'mame|sf', 'mame|sf'])
    await f.hook('game-end')
  })
})
