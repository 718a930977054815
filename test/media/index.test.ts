import assert from 'node:assert/strict'
import { symlinkSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { closeDatabase, openDatabase, type HubDatabase } from '../../src/core/storage/database.js'
import { coreMigrations, migrate } from '../../src/core/storage/migrations.js'
import { mediaModule } from '../../src/media/index.js'
import { FirstLook } from '../../src/media/first-look.js'
import { MediaIndex } from '../../src/media/media-index.js'
import { MediaScan, type MediaFile, type MediaSources } from '../../src/media/scan.js'
import type { CatalogGame } from '../../src/library/index.js'
import { kindOfStorePath } from '../../src/media/kinds.js'
import { mediaSystemId, slugOf } from '../../src/identity/index.js'
import { GameAliases } from '../../src/media/identity.js'
import { startHub, tempDir } from '../support/hub.js'
import { writeMedia } from '../support/media-store.js'

/** The database as the service leaves it: the core's and the media module's tables. */
function openMigrated (dataDir: string): HubDatabase {
  const db = openDatabase(dataDir)
  migrate(db, [coreMigrations, { owner: mediaModule.name, steps: mediaModule.migrations! }])
  return db
}

const file = (name: string, extra: Partial<MediaFile> = {}): MediaFile => ({ file: `/m/${name}`, system: 'arcade', slug: '1943', kind: 'marquee', role: null, origin: 'local', rank: 0, size: 10, mtimeMs: 1, ...extra })

describe('media index', () => {
  const dataDir = tempDir()

  it('survives a restart through SQLite and reports only what changed', async () => {
    const db = openMigrated(dataDir)
    const first = new MediaIndex(db)
    assert.equal(await first.resume(), false)
    const change = await first.replace([file('marquee.png'), file('wheel.png', { kind: 'wheel' }), file('user.jpg', { origin: 'user' })])
    assert.deepEqual(change.added.map((a) => a.url).sort(), [
      '/api/v1/media/systems/arcade/games/1943/artwork/marquee/marquee.jpg',
      '/api/v1/media/systems/arcade/games/1943/ui/wheels/wheel.png'
    ])
    closeDatabase(db)

    const reopened = openMigrated(dataDir)
    const warm = new MediaIndex(reopened)
    assert.equal(await warm.resume(), true)
    // The counts the last run saved, not a count of the table at start.
    assert.deepEqual(warm.counts(), { files: 3, assets: 2, entries: 1 })
    assert.equal(warm.entry('arcade', '1943').get('marquee')?.file, '/m/user.jpg')
    const next = await warm.replace([file('marquee.png'), file('wheel.png', { kind: 'wheel', size: 11 })])
    assert.deepEqual(next.removed.map((a) => a.kind), ['marquee'])
    assert.deepEqual(next.added.map((a) => `${a.kind} ${a.file}`).sort(), ['marquee /m/marquee.png', 'wheel /m/wheel.png'])
    assert.equal(warm.byPath('systems/arcade/games/1943/artwork/marquee/marquee.png')?.file, '/m/marquee.png')
    closeDatabase(reopened)
  })

  it('finds a game\'s or a system\'s asset by its URL path in any case, and only the best file of a kind', async () => {
    const db = openMigrated(tempDir())
    const index = new MediaIndex(db)
    await index.replace([
      file('marquee.png'),
      file('user-marquee.jpg', { origin: 'user' }),
      file('logo.svg', { slug: '', kind: 'wheel' })
    ])
    assert.equal(index.byPath('Systems/Arcade/Games/1943/Artwork/Marquee/Marquee.JPG')?.file, '/m/user-marquee.jpg')
    assert.equal(index.byPath('systems/arcade/games/1943/artwork/marquee/marquee.png'), null, 'the losing file of a kind is not served')
    assert.equal(index.byPath('systems/arcade/ui/wheels/wheel.svg')?.url, '/api/v1/media/systems/arcade/ui/wheels/wheel.svg')
    assert.equal(index.byPath('systems/arcade/games/1943/ui/wheels/wheel.svg'), null)
    assert.deepEqual(index.counts(), { files: 3, assets: 2, entries: 2 })
    closeDatabase(db)
  })

  it('takes a first look (the files gamelists name, the store\'s system art) that the full scan completes, telling only the entries asked about', async () => {
    const root = tempDir()
    const mediaRoot = path.join(root, 'media')
    const romsRoot = path.join(root, 'roms')
    writeMedia(mediaRoot, 'systems/snes/artwork/background.jpg', Buffer.from('system art'))
    writeMedia(mediaRoot, 'systems/snes/games/f_zero/ui/wheels/wheel.png', Buffer.from('wheel'))
    writeMedia(romsRoot, 'snes/images/f-zero.png', Buffer.from('image'))
    writeMedia(romsRoot, 'snes/images/metroid.png', Buffer.from('metroid'))
    symlinkSync('f-zero.png', path.join(romsRoot, 'snes', 'images', 'f-zero-link.png'))
    const games: CatalogGame[] = [
      { systemId: 'snes', romPath: path.join(romsRoot, 'snes', 'F-Zero.sfc'), fields: { name: 'F-Zero', image: './images/f-zero.png', marquee: './images/missing.png' }, extras: {} },
      { systemId: 'snes', romPath: path.join(romsRoot, 'snes', 'Super Metroid.sfc'), fields: { name: 'Super Metroid', image: './images/../images/metroid.png', thumbnail: './images/f-zero-link.png', marquee: './missing-folder/metroid.png' }, extras: {} }
    ]
    const sources: MediaSources = { mediaRoot, romsRoot, downloadedMediaDir: null, themeRoots: [], themes: [], games: () => games, systems: () => ['snes'] }
    const listed = (files: readonly MediaFile[]): string[] => files.map((f) => `${f.kind} ${path.relative(root, f.file)} ${f.size}`).sort()

    const aliases = new GameAliases(mediaRoot)
    await aliases.load()
    const look = await new MediaScan(sources, { aliases, firstLook: true }).run()
    assert.deepEqual(listed(look), ['fanart media/systems/snes/artwork/background.jpg 10', 'image roms/snes/images/f-zero.png 0', 'image roms/snes/images/metroid.png 0', 'thumbnail roms/snes/images/f-zero-link.png 5'],
      'the store\'s system art looked at, the gamelists\' files found in their folder\'s listing, a link followed')
    const full = await new MediaScan(sources, { aliases }).run()
    assert.deepEqual(listed(full), ['fanart media/systems/snes/artwork/background.jpg 10', 'image roms/snes/images/f-zero.png 5', 'image roms/snes/images/metroid.png 7', 'thumbnail roms/snes/images/f-zero-link.png 5', 'wheel media/systems/snes/games/f_zero/ui/wheels/wheel.png 5'])

    const db = openMigrated(tempDir())
    const index = new MediaIndex(db)
    const held = new FirstLook()
    for (const found of look) held.push(found)
    await index.holdFirstLook(held)
    assert.equal(index.entry('snes', slugOf('F-Zero')).get('image')?.size, 0)
    assert.deepEqual(index.counts(), { files: 4, assets: 4, entries: 3 })
    const change = await index.replace(full, (system, slug) => system === 'snes' && slug === slugOf('F-Zero'))
    assert.deepEqual(change.added.map((a) => `${a.kind} ${a.size}`).sort(), ['image 5', 'wheel 5'], 'Super Metroid\'s image changed too, but nobody asked')
    assert.equal(index.entry('snes', '').get('fanart')?.size, 10)
    assert.deepEqual(index.counts(), { files: 5, assets: 5, entries: 3 })
    closeDatabase(db)
  })

  it('a first start of a big library is ready after a first look, and serves the store\'s game folders once the full scan behind it is done', async () => {
    const mediaDir = tempDir()
    writeMedia(mediaDir, 'systems/snes/games/f_zero/ui/wheels/wheel.png', Buffer.from('wheel'))
    const hub = await startHub({ options: { mediaDir, mediaFirstLookGames: '0' } })
    try {
      const status = async () => (await (await hub.fetch(`/api/v1/status`)).json() as { media: { lastScanAtUtc: string | null } }).media
      const deadline = Date.now() + 10_000
      while ((await status()).lastScanAtUtc === null) {
        assert.ok(Date.now() < deadline, 'no full scan followed the first look')
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      assert.equal(await (await hub.fetch(`/api/v1/media/systems/snes/games/f_zero/ui/wheels/wheel.png`)).text(), 'wheel')
    } finally {
      await hub.close()
    }
  })

  it('knows the store layout, region variants, cards and identities', async () => {
    assert.deepEqual(kindOfStorePath('artwork/box/3d.png', 'game'), { kind: 'box-3d', rank: 0, role: null })
    assert.equal(kindOfStorePath('artwork/marquee/marquee-usa.png', 'game')?.kind, 'marquee')
    assert.ok(kindOfStorePath('artwork/marquee/marquee-usa.png', 'game')!.rank > 0)
    assert.deepEqual(kindOfStorePath('artwork/ic/player2/ic-2.jpg', 'game'), { kind: 'ic-2', rank: 1, role: 'player2' })
    assert.equal(kindOfStorePath('artwork/background.jpg', 'system')?.kind, 'fanart')
    assert.equal(kindOfStorePath('artwork/background.jpg', 'game'), null)
    assert.equal(kindOfStorePath('notes.txt', 'game'), null)
    assert.equal(kindOfStorePath('artwork/marquee/dmd-attract.gif', 'game')?.kind, 'dmd-animation')
    assert.equal(kindOfStorePath('artwork/marquee/dmd.gif', 'game')?.kind, 'dmd-animation')
    assert.equal(kindOfStorePath('artwork/marquee/dmd-usa.png', 'game')?.kind, 'dmd', 'a still with a region is a region variant')
    assert.equal(kindOfStorePath('artwork/marquee/generated-system-marquee.png', 'system')?.kind, 'generated-marquee')
    assert.equal(kindOfStorePath('artwork/marquee/generated-system-dmd.png', 'system')?.kind, 'generated-dmd')
    assert.equal(mediaSystemId('FBNeo'), 'arcade')
    assert.equal(mediaSystemId('Sega Saturn'), 'sega_saturn')
    assert.equal(slugOf('Sonic The Hedgehog (USA, Europe)'), 'sonic_the_hedgehog')
    const mediaRoot = tempDir()
    writeMedia(mediaRoot, 'aliases/games/arcade.json', Buffer.from(JSON.stringify({ Entries: { 'rom:sf2ce': 'street_fighter_ii' } })))
    const aliases = new GameAliases(mediaRoot)
    await aliases.load()
    assert.equal(aliases.slug('arcade', { romPath: 'C:\\roms\\mame\\SF2CE.zip' }), 'street_fighter_ii')
  })

  it('notices files added to the store without being asked, and announces them on /ws/media', async () => {
    const mediaDir = tempDir()
    const hub = await startHub({ options: { mediaDir }, env: { CABINET_HUB_MEDIA_RESCAN_MS: '100' } })
    const media = await hub.connect(`/ws/media`)
    try {
      writeMedia(mediaDir, 'systems/snes/games/f_zero/ui/wheels/wheel.png', Buffer.from('wheel'))
      await media.until((c) => c.frames.some((fr) => fr.Type === 'media.asset.added'), 10_000)
      const added = media.frames.find((fr) => fr.Type === 'media.asset.added')!
      assert.equal(added.Payload.Url, '/api/v1/media/systems/snes/games/f_zero/ui/wheels/wheel.png')
      assert.equal(await (await hub.fetch(String(added.Payload.Url))).text(), 'wheel')
    } finally {
      media.close()
      await hub.close()
    }
  })

  it('indexes ES-DE downloaded_media after the store: the store wins a kind both hold', async () => {
    const mediaDir = tempDir()
    const downloaded = tempDir()
    writeMedia(downloaded, 'mame/covers/1943.png', Buffer.from('es-de cover'))
    writeMedia(downloaded, 'mame/titlescreens/1943.png', Buffer.from('es-de title'))
    writeMedia(mediaDir, 'systems/arcade/games/1943/artwork/screentitle.png', Buffer.from('store title'))
    const hub = await startHub({ options: { mediaDir, downloadedMediaDir: downloaded } })
    try {
      const game = '/api/v1/media/systems/arcade/games/1943'
      assert.equal(await (await hub.fetch(`${game}/artwork/box/front.png`)).text(), 'es-de cover')
      assert.equal(await (await hub.fetch(`${game}/artwork/screentitle.png`)).text(), 'store title')
    } finally {
      await hub.close()
    }
  })

  it('leaves the control panels\' more specific /api/v1/media/panels/:file route alone', async () => {
    const hub = await startHub()
    try {
      // Answered by the panels module (its own file-name rule), not by the media index.
      const panelsAnswer = await hub.fetch(`/api/v1/media/panels/not-a-drawing.txt`)
      assert.equal(panelsAnswer.status, 400)
      assert.equal((await panelsAnswer.json() as { code: string }).code, 'INVALID_FILE_NAME')
      const mediaAnswer = await hub.fetch(`/api/v1/media/systems/x/y.png`)
      assert.equal(mediaAnswer.status, 404)
      assert.notEqual((await mediaAnswer.json() as { code: string }).code, 'INVALID_FILE_NAME')
    } finally {
      await hub.close()
    }
  })
})
