import assert from 'node:assert/strict'
import { mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'
import { tempDir } from '../support/hub.js'
import { injectGet, mediaBytes, writeMedia, writeServedStore } from '../support/media-store.js'

const game = '/api/v1/media/systems/arcade/games/1943'
const marqueeUrl = `${game}/artwork/marquee/marquee.png`

describe('media index and serving', () => {
  let f: FrontendHub

  before(async () => {
    f = await startFrontendHub({ mediaDir: writeServedStore().mediaDir })
  })
  after(async () => f.close())

  it('serves an indexed file with its bytes, content type, validators, cache and CORS headers', async () => {
    const response = await f.hub.fetch(marqueeUrl)
    assert.equal(response.status, 200)
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), mediaBytes('marquee', 4096))
    assert.equal(response.headers.get('content-type'), 'image/png')
    assert.ok(response.headers.get('etag'))
    assert.ok(response.headers.get('last-modified'))
    assert.match(response.headers.get('cache-control') ?? '', /max-age=60/)
    assert.equal(response.headers.get('access-control-allow-origin'), '*')
    assert.equal(response.headers.get('accept-ranges'), 'bytes')
  })

  it('serves SVG under a sandbox policy, so a script in it never runs in our origin; other media get no policy', async () => {
    const svg = await f.hub.fetch(`${game}/ui/wheels/wheel.svg`)
    assert.equal(svg.status, 200)
    assert.match(svg.headers.get('content-type') ?? '', /^image\/svg\+xml/)
    assert.match(svg.headers.get('content-security-policy') ?? '', /(^|;)\s*sandbox\s*(;|$)/)
    assert.equal((await f.hub.fetch(marqueeUrl)).headers.get('content-security-policy'), null)
  })

  it('answers HEAD with the length and no body', async () => {
    const response = await f.hub.fetch(marqueeUrl, { method: 'HEAD' })
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-length'), '4096')
    assert.equal((await response.arrayBuffer()).byteLength, 0)
  })

  it('answers ranges with 206 and Content-Range, and 416 with { message, code } when unsatisfiable', async () => {
    const part = await f.hub.fetch(marqueeUrl, { headers: { range: 'bytes=10-19' } })
    assert.equal(part.status, 206)
    assert.equal(part.headers.get('content-range'), 'bytes 10-19/4096')
    assert.deepEqual(Buffer.from(await part.arrayBuffer()), mediaBytes('marquee', 4096).subarray(10, 20))
    const tail = await f.hub.fetch(marqueeUrl, { headers: { range: 'bytes=-5' } })
    assert.equal(tail.status, 206)
    assert.equal((await tail.arrayBuffer()).byteLength, 5)
    const beyond = await f.hub.fetch(marqueeUrl, { headers: { range: 'bytes=5000-6000' } })
    assert.equal(beyond.status, 416)
    assert.equal(beyond.headers.get('content-range'), 'bytes */4096')
    const body = await beyond.json() as { code: string, message: string }
    assert.equal(body.code, 'RANGE_NOT_SATISFIABLE')
    assert.ok(body.message.length > 0)
  })

  // fetch() adds Cache-Control: no-cache to requests with validators, so these go out raw like a browser cache's.
  it('answers 304 to If-None-Match and If-Modified-Since, and ignores a stale If-Range', async () => {
    const first = await injectGet(f.hub, marqueeUrl)
    const etag = String(first.headers.etag)
    const lastModified = String(first.headers['last-modified'])
    assert.equal((await injectGet(f.hub, marqueeUrl, { 'if-none-match': etag })).status, 304)
    assert.equal((await injectGet(f.hub, marqueeUrl, { 'if-modified-since': lastModified })).status, 304)
    assert.equal((await injectGet(f.hub, marqueeUrl, { 'if-none-match': '"other"' })).status, 200)
    assert.equal((await injectGet(f.hub, marqueeUrl, { range: 'bytes=0-9', 'if-range': etag })).status, 206)
    const stale = await injectGet(f.hub, marqueeUrl, { range: 'bytes=0-9', 'if-range': '"stale"' })
    assert.equal(stale.status, 200)
    assert.equal(stale.body.byteLength, 4096)
  })

  it('prefers the user store over the canonical store, and keeps system fanart under the system', async () => {
    const fanart = await f.hub.fetch(`${game}/artwork/fanart.jpg`)
    assert.equal(fanart.status, 200)
    assert.deepEqual(Buffer.from(await fanart.arrayBuffer()), mediaBytes('user fanart'))
    assert.equal((await f.hub.fetch(`${game}/artwork/fanart.png`)).status, 404)
    const system = await f.hub.fetch(`/api/v1/media/systems/arcade/artwork/fanart.png`)
    assert.deepEqual(Buffer.from(await system.arrayBuffer()), mediaBytes('system fanart'))
  })

  it('answers an unknown path with 404 { message, code }', async () => {
    const response = await f.hub.fetch(`/api/v1/media/systems/arcade/games/nope/artwork/marquee/marquee.png`)
    assert.equal(response.status, 404)
    assert.equal((await response.json() as { code: string }).code, 'MEDIA_NOT_FOUND')
  })

  it('indexes gamelist media, follows added and removed files on /ws/media, and gives current-game canonical URLs that resolve', async () => {
    const media = await f.hub.connect(`/ws/media`)
    const image = mediaBytes('title screen')
    writeMedia(f.tree.roms, 'mame/media/images/1943.png', image)
    writeMedia(f.tree.roms, 'mame/media/mix/1943.png', mediaBytes('mix'))
    const reindex = await f.hub.fetch(`/api/v1/media/reindex`, { method: 'POST' })
    assert.equal(reindex.status, 202)
    await media.until((c) => c.frames.some((fr) => fr.Type === 'media.asset.added' && fr.Payload.Kind === 'image'))
    const added = media.frames.find((fr) => fr.Type === 'media.asset.added' && fr.Payload.Kind === 'image')!
    assert.equal(added.Payload.Url, `${game}/artwork/screentitle.png`)
    assert.equal(added.Payload.Origin, 'emulationstation')
    await media.until((c) => c.types().includes('media.index.updated'))

    await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
    const current = await f.get('/api/v1/context/current-game')
    const details = current.body.details
    assert.equal(details.image, `${game}/artwork/screentitle.png`)
    assert.equal(details.marquee, marqueeUrl)
    assert.equal(details.fanart, `${game}/artwork/fanart.jpg`)
    assert.equal(details.video, '')
    assert.equal(details.extras.mixrbv2, `${game}/artwork/mix/mixrbv2.png`)
    assert.equal(details.extras.mix, undefined)
    assert.equal(details.extras.cheevosId, '123')
    for (const url of [details.image, details.marquee, details.fanart, details.extras.mixrbv2]) {
      assert.equal((await f.hub.fetch(url)).status, 200, url)
    }
    assert.deepEqual(Buffer.from(await (await f.hub.fetch(details.image)).arrayBuffer()), readFileSync(path.join(f.tree.roms, 'mame/media/images/1943.png')))

    rmSync(path.join(f.tree.roms, 'mame/media/images/1943.png'))
    await f.hub.fetch(`/api/v1/media/reindex`, { method: 'POST' })
    await media.until((c) => c.frames.some((fr) => fr.Type === 'media.asset.removed' && fr.Payload.Kind === 'image'))
    assert.equal((await f.hub.fetch(details.image)).status, 404)
    assert.equal((await f.get('/api/v1/context/current-game')).body.details.image, '')
    media.close()
  })
})

describe('a store folder linked out of the media roots', () => {
  let f: FrontendHub
  let mediaDir: string
  let outsideMarquee: string
  let gamelistMarquee: string

  before(async () => {
    mediaDir = tempDir('cabinet-hub-media-')
    const outside = tempDir('cabinet-hub-outside-')
    outsideMarquee = writeMedia(outside, 'artwork/marquee/marquee.png', mediaBytes('outside marquee'))
    mkdirSync(path.join(mediaDir, 'systems/arcade/games'), { recursive: true })
    symlinkSync(outside, path.join(mediaDir, 'systems/arcade/games/1943'))
    // A change is rescanned two seconds after the folders are quiet: what gets indexed first after the first scan comes from the look at the entry on screen.
    f = await startFrontendHub({ mediaDir }, (tree) => {
      gamelistMarquee = writeMedia(tree.roms, 'mame/media/marquees/1943.png', mediaBytes('gamelist marquee'))
    })
  })
  after(async () => f.close())

  const cardMarquee = async (): Promise<Buffer> => {
    const card = await f.get('/api/v1/gamelists/mame/game?rom=1943')
    assert.equal(card.status, 200)
    const served = await f.hub.fetch(String(card.body.marquee))
    assert.equal(served.status, 200, `${String(card.body.marquee)} is served`)
    return Buffer.from(await served.arrayBuffer())
  }

  it('is not indexed, by a full scan or by the look at the game on screen: the gamelist marquee stays advertised and served', async () => {
    assert.deepEqual(await cardMarquee(), mediaBytes('gamelist marquee'))
    const media = await f.hub.connect(`/ws/media`)
    const marquee = await f.hub.connect(`/ws/marquee`)
    try {
      const sequence = await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
      await marquee.until((c) => c.frames.some((fr) => fr.Type === 'marquee.snapshot' && fr.Payload.Sequence === sequence))
      // The look at the entry on screen covers the system, then the game: once it reports a new
      // system file, it has been through the linked game folder too.
      writeMedia(mediaDir, 'systems/arcade/artwork/background.png', mediaBytes('system fanart'))
      await media.until((c) => c.frames.some((fr) => fr.Type === 'media.index.updated' && fr.Payload.Reason === 'on-screen'), 10_000)
      assert.deepEqual(media.frames.filter((fr) => fr.Type === 'media.asset.added' && fr.Payload.Path === outsideMarquee), [])
      const shown = marquee.frames.filter((fr) => fr.Type.startsWith('marquee.snapshot')).at(-1)!
      assert.equal((shown.Payload.Media as Record<string, { Path: string } | null>).Marquee?.Path, gamelistMarquee)
      assert.deepEqual(await cardMarquee(), mediaBytes('gamelist marquee'))
    } finally {
      media.close()
      marquee.close()
    }
  })
})
