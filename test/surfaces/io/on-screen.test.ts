import assert from 'node:assert/strict'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { startFrontendHub, type FrontendHub } from '../../support/frontend-hub.js'
import { tempDir } from '../../support/hub.js'
import { mediaBytes, writeMedia } from '../../support/media-store.js'
import { RecordingClient, type Frame } from '../../support/ws-client.js'

type Asset = { Url: string, Path: string }

describe('media of the entry on screen, between full scans', () => {
  let f: FrontendHub
  let mediaDir: string
  let marquee: RecordingClient
  let media: RecordingClient
  const updates = (): Frame[] => marquee.frames.filter((fr) => fr.Type === 'marquee.snapshot.updated')

  before(async () => {
    mediaDir = tempDir('cabinet-hub-on-screen-')
    // A change is rescanned two seconds after the folders are quiet: the look at the entry on screen, every second, notices a new file first.
    f = await startFrontendHub({ mediaDir }, () => {}, { listen: true })
    marquee = await RecordingClient.connect(`${f.hub.wsBase}/ws/marquee`)
    media = await RecordingClient.connect(`${f.hub.wsBase}/ws/media`)
  })
  after(async () => {
    marquee.close()
    media.close()
    await f.close()
  })

  it('publishes marquee.snapshot.updated when a file lands in the store folder of the game on screen, whatever the folder\'s case', async () => {
    const sequence = await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
    await marquee.until((c) => c.frames.some((fr) => fr.Type === 'marquee.snapshot' && fr.Payload.Sequence === sequence))
    const file = writeMedia(mediaDir, 'systems/Arcade/games/1943/artwork/marquee/marquee.png', mediaBytes('dropped marquee'))
    await marquee.until(() => updates().length > 0, 10_000)
    const update = updates().at(-1)!
    assert.equal(update.Payload.Sequence, sequence, 'the same selection, updated')
    const shown = (update.Payload.Media as Record<string, Asset | null>).Marquee!
    assert.equal(shown.Url, '/api/v1/media/systems/arcade/games/1943/artwork/marquee/marquee.png')
    assert.equal(shown.Path, file)
    assert.equal(Buffer.compare(Buffer.from(await (await fetch(f.hub.baseUrl + shown.Url)).arrayBuffer()), mediaBytes('dropped marquee')), 0)
    await media.until((c) => c.frames.some((fr) => fr.Type === 'media.index.updated' && fr.Payload.Reason === 'on-screen'))
    assert.ok(media.frames.some((fr) => fr.Type === 'media.asset.added' && fr.Payload.Url === shown.Url))
  })

  it('takes the file away again when it is deleted', async () => {
    const seen = updates().length
    rmSync(path.join(mediaDir, 'systems/Arcade/games/1943/artwork/marquee/marquee.png'))
    await marquee.until(() => updates().length > seen, 10_000)
    assert.equal((updates().at(-1)!.Payload.Media as Record<string, Asset | null>).Marquee, null)
    assert.equal((await fetch(`${f.hub.baseUrl}/api/v1/media/systems/arcade/games/1943/artwork/marquee/marquee.png`)).status, 404)
  })
})
