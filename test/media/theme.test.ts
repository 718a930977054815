import assert from 'node:assert/strict'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'
import { tempDir, type TestHub } from '../support/hub.js'
import { mediaBytes, writeMedia } from '../support/media-store.js'
import type { RecordingClient} from '../support/ws-client.js';
import { type Frame } from '../support/ws-client.js'

type Asset = { Kind: string, Url: string, Path: string, Origin: string }
type Media = Record<string, Asset | null>

const streams = ['marquee', 'topper', 'instruction-card', 'screen'] as const

/** A logo that tells the files apart by its text, with a script that must never run in our origin. */
function svgLogo (label: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"><script>fetch('/api/v1/status')</script><text y="30">${label}</text></svg>\n`)
}

function themeSetting (esConfigDir: string, theme: string): void {
  writeFileSync(path.join(esConfigDir, 'es_settings.cfg'), `<?xml version="1.0"?>\n<config>\n\t<string name="ThemeSet" value="${theme}" />\n</config>\n`)
}

async function served (hub: TestHub, url: string): Promise<{ status: number, type: string | null, policy: string | null, bytes: Buffer }> {
  const response = await hub.fetch(url)
  return { status: response.status, type: response.headers.get('content-type'), policy: response.headers.get('content-security-policy'), bytes: Buffer.from(await response.arrayBuffer()) }
}

describe('system media from the active ES theme', () => {
  let f: FrontendHub
  let themes: string
  let outside: string
  let mediaDir: string
  const clients = new Map<string, RecordingClient>()
  let mediaEvents: RecordingClient

  const snapshotOf = (stream: string, sequence: number, type = `${stream}.snapshot`): Frame['Payload'] | undefined =>
    clients.get(stream)!.frames.findLast((fr) => fr.Type === type && fr.Payload.Sequence === sequence)?.Payload

  /** Selects a system and returns its four snapshots. */
  async function selectSystem (system: string): Promise<Record<string, Frame['Payload']>> {
    const sequence = await f.hook('system-selected', system)
    const snapshots: Record<string, Frame['Payload']> = {}
    for (const stream of streams) {
      await clients.get(stream)!.until(() => snapshotOf(stream, sequence) !== undefined)
      snapshots[stream] = snapshotOf(stream, sequence)!
    }
    return snapshots
  }

  before(async () => {
    mediaDir = tempDir('cabinet-hub-theme-media-')
    outside = tempDir('cabinet-hub-theme-outside-')
    writeMedia(mediaDir, 'systems/arcade/artwork/fanart.png', mediaBytes('store fanart'))
    f = await startFrontendHub({ mediaDir }, (tree) => {
      themes = path.join(tree.esConfigDir, 'themes')
      themeSetting(tree.esConfigDir, 'mytheme')
      writeMedia(themes, 'mytheme/art/logos/mame-w.svg', svgLogo('mame white'))
      writeMedia(themes, 'mytheme/art/logos/mame.svg', svgLogo('mame'))
      writeMedia(themes, 'mytheme/art/background/mame.png', mediaBytes('theme mame background'))
      writeMedia(themes, 'es-theme-carbon/art/logos/snes.svg', svgLogo('carbon snes'))
      // Links out of every root, at spots of mytheme that would win over carbon: a logo, a whole folder, snes's only background.
      mkdirSync(path.join(themes, 'mytheme/_systemmedia/_logosyst/clearlogos'), { recursive: true })
      symlinkSync(writeMedia(outside, 'secret.svg', svgLogo('secret')), path.join(themes, 'mytheme/_systemmedia/_logosyst/clearlogos/snes-w.svg'))
      writeMedia(outside, 'wheels/snes.svg', svgLogo('secret folder'))
      symlinkSync(path.join(outside, 'wheels'), path.join(themes, 'mytheme/wheels'))
      symlinkSync(writeMedia(outside, 'secret.png', mediaBytes('secret')), path.join(themes, 'mytheme/art/background/snes.png'))
    })
    for (const stream of streams) clients.set(stream, await f.hub.connect(`/ws/${stream}`))
    mediaEvents = await f.hub.connect(`/ws/media`)
  })
  after(async () => {
    for (const client of [...clients.values(), mediaEvents]) client.close()
    await f.close()
  })

  it('shows the ThemeSet theme\'s white logo for a system without one in the store, served as the same bytes under a sandbox CSP', async () => {
    const snapshots = await selectSystem('mame')
    const logo = (snapshots.marquee!.Media as Media).Logo!
    assert.equal(logo.Origin, 'emulationstation-theme')
    assert.equal(logo.Path, path.join(themes, 'mytheme', 'art', 'logos', 'mame-w.svg'))
    assert.equal(logo.Url, '/api/v1/media/systems/arcade/ui/wheels/wheel.svg')
    assert.deepEqual((snapshots.marquee!.Assets as Record<string, Asset>).wheel, logo)
    assert.deepEqual((snapshots.topper!.Media as Media).Logo, logo)
    const file = await served(f.hub, logo.Url)
    assert.equal(file.status, 200)
    assert.deepEqual(file.bytes, svgLogo('mame white'))
    assert.match(file.type ?? '', /^image\/svg\+xml/)
    assert.match(file.policy ?? '', /(^|;)\s*sandbox\s*(;|$)/)
    assert.match(file.policy ?? '', /default-src 'none'/)
  })

  it('keeps the store\'s system fanart over the theme\'s background', async () => {
    const snapshots = await selectSystem('mame')
    const fanart = (snapshots.screen!.Media as Media).Fanart!
    assert.equal(fanart.Origin, 'local')
    assert.equal(fanart.Path, path.join(mediaDir, 'systems', 'arcade', 'artwork', 'fanart.png'))
    assert.deepEqual((snapshots.marquee!.Assets as Record<string, Asset>).fanart, fanart)
    const file = await served(f.hub, fanart.Url)
    assert.deepEqual(file.bytes, mediaBytes('store fanart'))
    assert.equal(file.policy, null, 'only SVG gets the sandbox policy')
  })

  it('falls back to es-theme-carbon, and never indexes or serves a file linked from outside every root', async () => {
    const snapshots = await selectSystem('snes')
    const logo = (snapshots.marquee!.Media as Media).Logo!
    assert.equal(logo.Origin, 'emulationstation-theme')
    assert.equal(logo.Path, path.join(themes, 'es-theme-carbon', 'art', 'logos', 'snes.svg'))
    assert.deepEqual((await served(f.hub, logo.Url)).bytes, svgLogo('carbon snes'))
    assert.equal((snapshots.screen!.Media as Media).Fanart, null)
    assert.equal((snapshots.marquee!.Assets as Record<string, Asset>).fanart, undefined)
    assert.equal((await served(f.hub, '/api/v1/media/systems/snes/artwork/fanart.png')).status, 404)
    for (const stream of streams) assert.ok(!JSON.stringify(snapshots[stream]).includes(outside), `${stream} names a file outside the roots`)
  })

  it('picks up a theme file added later: media.asset.added on /ws/media and an updated snapshot of the system on screen', async () => {
    const current = await selectSystem('snes')
    const sequence = current.marquee!.Sequence as number
    const file = writeMedia(themes, 'es-theme-carbon/_systemmedia/fanartsyst/SNES.jpg', mediaBytes('carbon snes background'))
    await mediaEvents.until((c) => c.frames.some((fr) => fr.Type === 'media.asset.added' && fr.Payload.Path === file), 10_000)
    const added = mediaEvents.frames.find((fr) => fr.Type === 'media.asset.added' && fr.Payload.Path === file)!.Payload
    assert.deepEqual([added.System, added.Game, added.Scope, added.Kind, added.Origin, added.Url], ['snes', '', 'system', 'fanart', 'emulationstation-theme', '/api/v1/media/systems/snes/artwork/fanart.jpg'])
    await clients.get('marquee')!.until(() => snapshotOf('marquee', sequence, 'marquee.snapshot.updated') !== undefined)
    const fanart = (snapshotOf('marquee', sequence, 'marquee.snapshot.updated')!.Media as Media).Fanart!
    assert.equal(fanart.Path, file)
    assert.deepEqual((await served(f.hub, fanart.Url)).bytes, mediaBytes('carbon snes background'))
  })
})

describe('theme folders outside the ES config folder', () => {
  it('searches --themes-dir first, then Batocera\'s /userdata/themes', async () => {
    const themesDir = tempDir('cabinet-hub-themes-dir-')
    writeMedia(themesDir, 'es-theme-carbon/wheels/arcade.png', mediaBytes('themes-dir arcade'))
    const f = await startFrontendHub({ themesDir, profile: 'batocera' }, (tree) => {
      writeMedia(tree.root, 'themes/es-theme-carbon/art/logos/mame.svg', svgLogo('userdata mame'))
      writeMedia(tree.root, 'themes/es-theme-carbon/logos/snes.svg', svgLogo('userdata snes'))
    })
    try {
      const expected: ReadonlyArray<readonly [string, number, Buffer | null]> = [
        ['/api/v1/media/systems/arcade/ui/wheels/wheel.png', 200, mediaBytes('themes-dir arcade')],
        ['/api/v1/media/systems/arcade/ui/wheels/wheel.svg', 404, null],
        ['/api/v1/media/systems/snes/ui/wheels/wheel.svg', 200, svgLogo('userdata snes')]
      ]
      for (const [url, status, bytes] of expected) {
        const file = await served(f.hub, url)
        assert.equal(file.status, status, url)
        if (bytes !== null) assert.deepEqual(file.bytes, bytes, url)
      }
    } finally {
      await f.close()
    }
  })
})
