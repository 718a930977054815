import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'
import { tempDir } from '../support/hub.js'
import { mediaBytes, writeMedia } from '../support/media-store.js'
import type { RecordingClient} from '../support/ws-client.js';
import { type Frame } from '../support/ws-client.js'

const streams = ['marquee', 'topper', 'instruction-card', 'screen'] as const
type Asset = { Kind: string, Url: string, Path: string, Stem: string, Length: number, Origin: string, Role?: string }

function assetsIn (value: unknown): Asset[] {
  if (value === null || typeof value !== 'object') return []
  if ('Url' in value && 'Path' in value) return [value as Asset]
  return Object.values(value).flatMap(assetsIn)
}

describe('surface snapshots', () => {
  let f: FrontendHub
  let mediaDir: string
  const clients = new Map<string, RecordingClient>()
  const last = (stream: string, type = `${stream}.snapshot`): Frame | undefined => clients.get(stream)!.frames.filter((fr) => fr.Type === type).at(-1)
  const waitFor = async (sequence: number, type = (s: string) => `${s}.snapshot`): Promise<Record<string, Frame['Payload']>> => {
    const result: Record<string, Frame['Payload']> = {}
    for (const stream of streams) {
      await clients.get(stream)!.until(() => last(stream, type(stream))?.Payload.Sequence === sequence)
      result[stream] = last(stream, type(stream))!.Payload
    }
    return result
  }

  before(async () => {
    mediaDir = tempDir('cabinet-hub-surfaces-')
    const game = 'systems/arcade/games/1943'
    const files: ReadonlyArray<readonly [string, string]> = [
      ['artwork/marquee/marquee.png', 'marquee'], ['artwork/marquee/topper.png', 'topper'], ['artwork/fanart.jpg', 'fanart'],
      ['video.mp4', 'video'], ['artwork/screentitle.png', 'title'], ['artwork/screenshot.png', 'ingame'], ['artwork/flyer.png', 'flyer'],
      ['artwork/box/front.png', 'box'], ['ui/wheels/wheel.png', 'wheel'], ['artwork/ic/ic.png', 'card'], ['artwork/ic/ic-2.png', 'card 2'],
      ['artwork/ic/moves/ic-1.png', 'card 1'], ['artwork/marquee/dmd.png', 'dmd'],
      ['artwork/marquee/dmd-attract.gif', 'dmd animation']
    ]
    for (const [file, label] of files) writeMedia(mediaDir, `${game}/${file}`, mediaBytes(label))
    writeMedia(mediaDir, `${game}/texts/metadata-en.json`, Buffer.from(JSON.stringify({ Description: 'Fly over Midway.', Genre: 'Shoot em up', Players: '2', Rating: '0.9' })))
    writeMedia(mediaDir, `${game}/texts/metadata-fr.json`, Buffer.from(JSON.stringify({ Description: 'Survolez Midway.' })))
    writeMedia(mediaDir, 'systems/arcade/artwork/marquee/marquee.png', mediaBytes('system marquee'))
    writeMedia(mediaDir, 'systems/arcade/artwork/fanart.png', mediaBytes('system fanart'))
    writeMedia(mediaDir, 'systems/arcade/artwork/marquee/generated-system-dmd.png', mediaBytes('system generated dmd'))
    f = await startFrontendHub({ mediaDir })
    for (const stream of streams) clients.set(stream, await f.hub.connect(`/ws/${stream}`))
  })
  after(async () => {
    for (const client of clients.values()) client.close()
    await f.close()
  })

  it('publishes the four snapshots of a selected game, and every asset URL serves the bytes of its Path', async () => {
    const sequence = await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
    const snaps = await waitFor(sequence)
    const marquee = snaps.marquee!
    assert.equal(marquee.SnapshotVersion, 2)
    assert.equal(marquee.SelectionKey, 'mame|1943', 'the frontend\'s system and rom, as on ui.game.selected')
    assert.deepEqual([marquee.MediaSystemId, marquee.MediaKey], ['arcade', 'arcade|1943'])
    assert.equal(marquee.Scope, 'game')
    assert.deepEqual(marquee.Selection, {
      Sequence: sequence, SelectionKey: 'mame|1943', Scope: 'game', SystemId: 'mame', FrontendSystem: 'mame', System: 'arcade', Game: '1943',
      GameId: '9001', GameName: '1943: The Battle of Midway', Name: '1943: The Battle of Midway', GamePath: f.tree.rom('mame', '1943.zip'),
      Releasedate: '19870101T000000', Developer: 'Capcom', Publisher: 'Capcom', Genre: 'Shooter', Genres: '', State: 'browsing'
    })
    const latency = marquee.Latency as Record<string, unknown>
    assert.deepEqual([latency.Source, latency.Trigger, latency.Sequence, latency.SelectionKey], ['projection', 'ui.game.selected', sequence, 'mame|1943'])
    assert.ok(Date.parse(String(latency.PublishedAtUtc)) >= Date.parse(String(latency.ReceivedAtUtc)))
    assert.deepEqual(marquee.Generation, { Marquee: 'source-present', Dmd: 'source-present' })
    const media = marquee.Media as Record<string, Asset | null>
    assert.equal(media.Marquee!.Url, '/api/v1/media/systems/arcade/games/1943/artwork/marquee/marquee.png')
    assert.equal(media.Video!.Kind, 'video')
    assert.equal(media.Fanart!.Url, '/api/v1/media/systems/arcade/games/1943/artwork/fanart.jpg')
    assert.equal(media.Fanart!.Stem, 'fanart')
    const dmd = media.Dmd as unknown as Asset & { Still: Asset | null, Generated: null, Animations: Asset[] }
    assert.equal(dmd.Url, '/api/v1/media/systems/arcade/games/1943/artwork/marquee/dmd.png')
    assert.equal(dmd.Still!.Url, dmd.Url, 'a still DMD image is the group\'s Still')
    assert.equal(dmd.Generated, null, 'the game has DMD files of its own, so the system\'s generated one stays out')
    assert.deepEqual(dmd.Animations.map((a) => a.Url), ['/api/v1/media/systems/arcade/games/1943/artwork/marquee/dmd-animation.gif'])
    assert.equal((marquee.SystemAssets as Record<string, Asset>).fanart!.Url, '/api/v1/media/systems/arcade/artwork/fanart.png')
    assert.deepEqual(Object.keys(marquee.Assets as object), ['box-front', 'dmd', 'dmd-animation', 'fanart', 'flyer', 'ic', 'ic-1', 'ic-2', 'image', 'marquee', 'thumbnail', 'topper', 'video', 'wheel'])

    assert.equal((snaps.topper!.Media as Record<string, Asset>).Topper!.Kind, 'topper')
    assert.equal((snaps.topper!.Media as Record<string, Asset>).Flyer!.Kind, 'flyer')
    const text = snaps.topper!.Text as Record<string, unknown>
    assert.deepEqual({ ...text, Fields: undefined }, { Language: 'en', Description: 'Fly over Midway.', Genre: 'Shoot em up', Players: '2', Rating: '0.9', Languages: ['en', 'fr'], Fields: undefined })
    const fields = text.Fields as Record<string, string>
    assert.deepEqual([fields.name, fields.desc, fields.genre, fields.developer], ['1943: The Battle of Midway', 'Fly over Midway.', 'Shoot em up', 'Capcom'], 'template fields: the localized text over the gamelist\'s')
    assert.ok(!('image' in fields) && !('path' in fields), 'raw gamelist paths never reach the surfaces')
    const cards = snaps['instruction-card']!.Cards as Asset[]
    assert.deepEqual(cards.map((c) => [c.Kind, c.Role]), [['ic', 'card'], ['ic-1', 'moves'], ['ic-2', 'card']])
    const screen = snaps.screen!.Media as Record<string, Asset>
    assert.equal(screen.Image!.Url, '/api/v1/media/systems/arcade/games/1943/artwork/screentitle.png')
    assert.equal(screen.Thumbnail!.Url, '/api/v1/media/systems/arcade/games/1943/artwork/screenshot.png')
    assert.equal(snaps.marquee!.Text, undefined)

    for (const asset of Object.values(snaps).flatMap(assetsIn)) {
      const response = await f.hub.fetch(asset.Url)
      assert.equal(response.status, 200, asset.Url)
      assert.deepEqual(Buffer.from(await response.arrayBuffer()), readFileSync(asset.Path), asset.Url)
    }
  })

  it('carries nothing of the previous game into a game without media, and never falls back for Video', async () => {
    const sequence = await f.hook('game-selected', 'mame', f.tree.rom('mame', 'sf.zip'), 'Street Fighter')
    const snaps = await waitFor(sequence)
    for (const stream of streams) {
      const json = JSON.stringify(snaps[stream])
      assert.ok(!json.includes('1943'), `${stream} leaks the previous game: ${json}`)
      assert.deepEqual(snaps[stream]!.Assets, {})
    }
    const media = snaps.marquee!.Media as Record<string, Asset | null>
    assert.equal(media.Video, null)
    assert.equal(media.Topper, null)
    assert.equal(media.Marquee!.Url, '/api/v1/media/systems/arcade/artwork/marquee/marquee.png', 'the legacy marquee falls back to the system')
    assert.deepEqual(snaps['instruction-card']!.Cards, [])
    assert.deepEqual(snaps.topper!.Text, {
      Language: 'gamelist', Description: '', Genre: '', Players: '', Rating: '', Languages: [],
      Fields: { name: 'Street Fighter', developer: 'Capcom', desc: '', genre: '', players: '', rating: '' }
    })
    const dmd = media.Dmd as unknown as { Url: string, Still: null, Generated: Asset, Animations: [] }
    assert.deepEqual([dmd.Still, dmd.Animations, dmd.Generated.Url], [null, [], '/api/v1/media/systems/arcade/artwork/marquee/generated-dmd.png'], 'the DMD group falls back to the system as a whole')
    assert.deepEqual(snaps.marquee!.Generation, { Marquee: 'source-present', Dmd: 'generated-present' })
  })

  it('replays the last snapshot to a new /ws/marquee client at once', async () => {
    const late = await f.hub.connect(`/ws/marquee`)
    await late.until((c) => c.frames.length > 0)
    assert.equal(late.frames[0]!.Type, 'marquee.snapshot')
    assert.equal((late.frames[0]!.Payload.Selection as { Game: string }).Game, 'sf')
    late.close()
  })

  it('publishes marquee.snapshot.updated when the current entry gains media on disk', async () => {
    const current = last('marquee')!.Payload.Sequence as number
    writeMedia(mediaDir, 'systems/arcade/games/sf/artwork/marquee/marquee.png', mediaBytes('sf marquee'))
    assert.equal((await f.hub.fetch(`/api/v1/media/reindex`, { method: 'POST' })).status, 202)
    const snaps = await waitFor(current, (s) => s === 'marquee' ? 'marquee.snapshot.updated' : `${s}.snapshot`)
    assert.equal((snaps.marquee!.Media as Record<string, Asset>).Marquee!.Url, '/api/v1/media/systems/arcade/games/sf/artwork/marquee/marquee.png')
  })

  it('says the game is playing once it starts, and which event put it on screen', async () => {
    const sequence = await f.hook('game-start', f.tree.rom('mame', 'sf.zip'), 'sf', 'Street Fighter')
    const snaps = await waitFor(sequence)
    assert.equal((snaps.marquee!.Selection as Record<string, unknown>).State, 'playing')
    assert.equal((snaps.screen!.Latency as Record<string, unknown>).Trigger, 'ui.game.started')
    await f.hook('game-end')
  })

  it('switches to system scope on system-selected', async () => {
    const sequence = await f.hook('system-selected', 'mame')
    const snaps = await waitFor(sequence)
    assert.equal(snaps.marquee!.Scope, 'system')
    assert.equal(snaps.marquee!.SelectionKey, 'mame|', 'the frontend\'s system id, as on ui.system.selected')
    assert.equal(snaps.marquee!.MediaKey, 'arcade|')
    assert.equal(snaps.marquee!.SystemAssets, undefined)
    assert.deepEqual(Object.keys(snaps.marquee!.Assets as object), ['fanart', 'generated-dmd', 'marquee'])
    assert.equal(snaps.topper!.Text, undefined)
  })
})
