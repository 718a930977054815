/**
 * The containment check of served media is kept between requests: these tests swap files and
 * folders for links out of the media roots after a first request, and check that the next
 * request (and the next rescan) never serves what the link points at.
 */
import assert from 'node:assert/strict'
import { mkdirSync, renameSync, rmSync, symlinkSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { ServedContainment } from '../../src/media/served-containment.js'
import { startHub, tempDir, type TestHub } from '../support/hub.js'
import { injectGet, mediaBytes, writeMedia } from '../support/media-store.js'

describe('served containment, kept while the file stays the same', () => {
  let root: string
  let outside: string
  let containment: ServedContainment
  /** As the file sender asks: with the stat it made of the file, through links. */
  const allows = async (file: string): Promise<boolean> => {
    const seen = await stat(file).catch(() => null)
    return seen !== null && await containment.allows(file, seen)
  }

  before(() => {
    root = tempDir('cabinet-hub-root-')
    outside = tempDir('cabinet-hub-outside-')
    containment = new ServedContainment()
    containment.reset([root])
  })

  it('allows a plain file and a link inside the roots, refuses a link out of them and a missing file', async () => {
    const plain = writeMedia(root, 'a/plain.png', mediaBytes('plain'))
    const secret = writeMedia(outside, 'secret.png', mediaBytes('secret'))
    symlinkSync(plain, path.join(root, 'a/inside-link.png'))
    symlinkSync(secret, path.join(root, 'a/outside-link.png'))
    assert.equal(await allows(plain), true)
    assert.equal(await allows(path.join(root, 'a/inside-link.png')), true)
    assert.equal(await allows(path.join(root, 'a/outside-link.png')), false)
    assert.equal(await allows(path.join(root, 'a/missing.png')), false)
    assert.equal(await allows(path.join(root, 'missing/file.png')), false)
  })

  it('refuses a file once its folder is swapped for a link out of the roots', async () => {
    const file = writeMedia(root, 'b/game/marquee.png', mediaBytes('inside'))
    writeMedia(outside, 'b-copy/marquee.png', mediaBytes('outside'))
    assert.equal(await allows(file), true)
    renameSync(path.join(root, 'b/game'), path.join(root, 'b/old-game'))
    symlinkSync(path.join(outside, 'b-copy'), path.join(root, 'b/game'))
    assert.equal(await allows(file), false)
  })

  it('refuses a file once a folder above it is swapped for a link out of the roots', async () => {
    const file = writeMedia(root, 'c/system/games/game/marquee.png', mediaBytes('inside'))
    writeMedia(outside, 'c-copy/games/game/marquee.png', mediaBytes('outside'))
    assert.equal(await allows(file), true)
    rmSync(path.join(root, 'c/system'), { recursive: true })
    symlinkSync(path.join(outside, 'c-copy'), path.join(root, 'c/system'))
    assert.equal(await allows(file), false)
  })

  it('refuses a plain file once it is swapped for a link out of the roots', async () => {
    const file = writeMedia(root, 'd/marquee.png', mediaBytes('inside'))
    assert.equal(await allows(file), true)
    rmSync(file)
    symlinkSync(writeMedia(outside, 'd-secret.png', mediaBytes('secret')), file)
    assert.equal(await allows(file), false)
  })

  it('refuses a linked file once the folder of its target is swapped for a link out of the roots', async () => {
    const target = writeMedia(root, 'e/shared/marquee.png', mediaBytes('shared'))
    mkdirSync(path.join(root, 'e/game'), { recursive: true })
    const link = path.join(root, 'e/game/marquee.png')
    symlinkSync(target, link)
    assert.equal(await allows(link), true)
    rmSync(path.join(root, 'e/shared'), { recursive: true })
    writeMedia(outside, 'e-shared/marquee.png', mediaBytes('outside'))
    symlinkSync(path.join(outside, 'e-shared'), path.join(root, 'e/shared'))
    assert.equal(await allows(link), false)
  })

  it('refuses a file moved out of the roots and linked back in: its change time moved', async () => {
    const file = writeMedia(root, 'g/marquee.png', mediaBytes('inside'))
    assert.equal(await allows(file), true)
    const moved = path.join(outside, 'g-marquee.png')
    renameSync(file, moved)
    symlinkSync(moved, file)
    assert.equal(await allows(file), false)
  })

  it('forgets every verdict with new roots', async () => {
    const file = writeMedia(root, 'f/marquee.png', mediaBytes('inside'))
    assert.equal(await allows(file), true)
    containment.reset([outside])
    assert.equal(await allows(file), false)
    containment.reset([root])
    assert.equal(await allows(file), true)
  })
})

describe('a served game folder swapped for a link out of the media roots', () => {
  const marqueeUrl = '/api/v1/media/systems/arcade/games/1943/artwork/marquee/marquee.png'
  let hub: TestHub
  let mediaDir: string
  let outside: string
  const gameDir = (): string => path.join(mediaDir, 'systems/arcade/games/1943')

  before(async () => {
    mediaDir = tempDir('cabinet-hub-media-')
    outside = tempDir('cabinet-hub-outside-')
    writeMedia(mediaDir, 'systems/arcade/games/1943/artwork/marquee/marquee.png', mediaBytes('inside marquee'))
    writeMedia(outside, 'artwork/marquee/marquee.png', mediaBytes('outside marquee'))
    hub = await startHub({ options: { mediaDir } })
  })
  after(async () => hub.close())

  it('is never served from outside: refused once the swap is seen (at once for a range, within a second for the kept copy), and after the next rescan; served again once real again', async () => {
    const first = await injectGet(hub, marqueeUrl)
    assert.equal(first.status, 200)
    assert.deepEqual(first.body, mediaBytes('inside marquee'))

    // The media folders are watched: the swap is rescanned by itself a moment later (the reindex below asks as well).
    const media = await hub.connect('/ws/media')
    renameSync(gameDir(), path.join(mediaDir, '1943-moved-away'))
    symlinkSync(outside, gameDir())
    // A range goes to the file sender, whose stat sees the new file at once.
    const range = await injectGet(hub, marqueeUrl, { range: 'bytes=0-9' })
    assert.equal(range.status, 404, 'the index still lists the file, but its folder now lies outside the roots')
    // The whole small file may still come from the copy taken of the inside file, never from outside.
    const next = await injectGet(hub, marqueeUrl)
    assert.ok(next.status === 404 || next.body.equals(mediaBytes('inside marquee')), `answered ${next.status}`)
    assert.ok(!next.body.equals(mediaBytes('outside marquee')))
    hub.clock.advance(1100)
    const checked = await injectGet(hub, marqueeUrl)
    assert.equal(checked.status, 404, 'the copy is looked at again within a second')

    try {
      assert.equal((await hub.fetch(`/api/v1/media/reindex`, { method: 'POST' })).status, 202)
      await media.until((c) => c.frames.some((fr) => fr.Type === 'media.asset.removed'), 10_000)
      const rescanned = await injectGet(hub, marqueeUrl)
      assert.equal(rescanned.status, 404)
      assert.ok(!rescanned.body.equals(mediaBytes('outside marquee')))

      rmSync(gameDir())
      renameSync(path.join(mediaDir, '1943-moved-away'), gameDir())
      assert.equal((await hub.fetch(`/api/v1/media/reindex`, { method: 'POST' })).status, 202)
      await media.until((c) => c.frames.some((fr) => fr.Type === 'media.asset.added'), 10_000)
      const back = await injectGet(hub, marqueeUrl)
      assert.equal(back.status, 200)
      assert.deepEqual(back.body, mediaBytes('inside marquee'))
    } finally {
      media.close()
    }
  })
})
