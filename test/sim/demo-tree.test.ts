import assert from 'node:assert/strict'
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { before, describe, it } from 'node:test'
import { XMLParser } from 'fast-xml-parser'
import { mediaSystemId, slugOf } from '../../src/identity/index.js'
import { demoSystems } from '../../src/sim/demo-tree/catalog-data.js'
import { demoMediaDir, writeDemoTree, type DemoTreeResult } from '../../src/sim/index.js'
import { startFakeEs } from '../support/fake-es.js'
import { startHub, tempDir } from '../support/hub.js'

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'system' || name === 'game' })
const metadataTags = ['name', 'desc', 'developer', 'publisher', 'genre', 'players', 'rating', 'releasedate'] as const

type Entry = Record<string, string>

describe('demo frontend tree', () => {
  let tree: DemoTreeResult
  let systems: Entry[]
  before(async () => {
    tree = await writeDemoTree(tempDir('cabinet-hub-demo-'))
    const document = parser.parse(readFileSync(path.join(tree.root, 'emulationstation', '.emulationstation', 'es_systems.cfg'), 'utf8')) as { systemList: { system: Entry[] } }
    systems = document.systemList.system
  })

  function gamelist (system: string): Entry[] {
    return (parser.parse(readFileSync(path.join(tree.root, 'roms', system, 'gamelist.xml'), 'utf8')) as { gameList: { game: Entry[] } }).gameList.game
  }

  it('has 3+ systems in RetroBat layout, an arcade one among them, and an es_settings.cfg with the web API on', () => {
    assert.equal(tree.esConfigDir, path.join(tree.root, 'emulationstation', '.emulationstation'))
    const names = systems.map((system) => system.name)
    assert.ok(names.length >= 3, names.join())
    assert.ok(names.includes('mame'))
    assert.ok(systems.every((system) => system.fullname !== '' && system.extension !== '' && system.path!.includes(system.name!)))
    assert.match(readFileSync(path.join(tree.esConfigDir, 'es_settings.cfg'), 'utf8'), /<bool name="PublicWebAccess" value="true" \/>/)
  })

  it('has 12+ games with full metadata, rom files, and real PNG media next to the gamelist', () => {
    let games = 0
    for (const { name: system } of systems) {
      const folder = path.join(tree.root, 'roms', system!)
      for (const game of gamelist(system!)) {
        games++
        for (const tag of metadataTags) assert.ok((game[tag] ?? '') !== '', `${system} ${game.name} ${tag}`)
        assert.match(game.releasedate!, /^\d{8}T000000$/)
        assert.ok(Number(game.rating) > 0 && Number(game.rating) <= 1)
        assert.ok(statSync(path.resolve(folder, game.path!)).size > 0, game.path)
        for (const media of ['image', 'marquee', 'wheel']) {
          assert.match(game[media]!, /^\.\/images\/.+\.png$/)
          const bytes = readFileSync(path.resolve(folder, game[media]!))
          assert.deepEqual(bytes.subarray(0, 8), pngSignature, `${game[media]}`)
        }
      }
      assert.match(readFileSync(path.join(folder, 'images', 'logo.svg'), 'utf8'), /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    }
    assert.ok(games >= 12, `${games} games`)
  })

  it('ships a media store with the art every surface shows, for every game, and for the systems that keep theirs in the store', () => {
    for (const system of systems) {
      const mediaSystem = system.name === 'mame' ? 'arcade' : system.name!
      const systemDir = path.join(tree.root, 'media', 'systems', mediaSystem)
      const inStore = demoSystems.find((demo) => demo.name === system.name)!.systemArtInStore
      assert.equal(existsSync(path.join(systemDir, 'artwork', 'marquee', 'marquee.png')), inStore, system.name)
      if (inStore) assert.ok(readFileSync(path.join(systemDir, 'artwork', 'marquee', 'marquee.png')).subarray(0, 8).equals(pngSignature))
      for (const game of gamelist(system.name!)) {
        const slug = slugOf(path.parse(game.path!).name)
        for (const file of ['artwork/marquee/topper.png', 'artwork/ic/ic.png', 'artwork/box/front.png', 'artwork/screenshot.png', 'artwork/fanart.png', 'artwork/flyer.png', 'artwork/marquee/screenmarquee.png']) {
          assert.ok(readFileSync(path.join(systemDir, 'games', slug, file)).subarray(0, 8).equals(pngSignature), `${system.name}/${slug}/${file}`)
        }
      }
    }
  })

  it('ships the es_settings ThemeSet theme with every system\'s logo and background; a system without store art shows them on its surfaces', async () => {
    assert.match(readFileSync(path.join(tree.esConfigDir, 'es_settings.cfg'), 'utf8'), /<string name="ThemeSet" value="es-theme-carbon" \/>/)
    const theme = path.join(tree.esConfigDir, 'themes', 'es-theme-carbon')
    for (const { name } of systems) {
      assert.match(readFileSync(path.join(theme, 'art', 'logos', `${name}.svg`), 'utf8'), /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
      assert.ok(readFileSync(path.join(theme, 'art', 'background', `${name}.png`)).subarray(0, 8).equals(pngSignature))
    }
    const themeOnly = demoSystems.filter((system) => !system.systemArtInStore)
    assert.ok(themeOnly.length > 0)
    const es = await startFakeEs()
    const hub = await startHub({ options: { frontendRoot: tree.root, mediaDir: demoMediaDir(tree.root), esUrl: es.url } })
    const marquee = await hub.connect(`/ws/marquee`)
    try {
      for (const { name } of themeOnly) {
        const response = await hub.fetch(`/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'system-selected', args: [name] }) })
        const { sequence } = await response.json() as { sequence: number }
        await marquee.until((c) => c.frames.some((fr) => fr.Type === 'marquee.snapshot' && fr.Payload.Sequence === sequence))
        const media = marquee.frames.find((fr) => fr.Type === 'marquee.snapshot' && fr.Payload.Sequence === sequence)!.Payload.Media as Record<string, { Origin: string, Url: string, Path: string } | null>
        for (const [field, file] of [['Logo', path.join(theme, 'art', 'logos', `${name}.svg`)], ['Fanart', path.join(theme, 'art', 'background', `${name}.png`)]] as const) {
          assert.deepEqual([media[field]?.Origin, media[field]?.Path], ['emulationstation-theme', file], `${name} ${field}`)
          assert.ok(media[field]!.Url.startsWith(`/api/v1/media/systems/${mediaSystemId(name)}/`))
          assert.deepEqual(Buffer.from(await (await hub.fetch(media[field]!.Url)).arrayBuffer()), readFileSync(file))
        }
      }
    } finally {
      marquee.close()
      await hub.close()
      await es.close()
    }
  })

  it('writes NES roms as valid iNES images', () => {
    const rom = readFileSync(path.join(tree.root, 'roms', 'nes', 'Super Mario Bros. (World).nes'))
    assert.deepEqual(rom.subarray(0, 4), Buffer.from('NES\x1a', 'latin1'))
    assert.equal(rom.length, 16 + rom[4]! * 16384 + rom[5]! * 8192)
  })

  it('keeps existing files on a second run (the user\'s edits survive) and writes back missing ones', async () => {
    const file = path.join(tree.root, 'roms', 'snes', 'gamelist.xml')
    writeFileSync(file, readFileSync(file, 'utf8').replace('<name>F-Zero</name>', '<name>F-Zero (my copy)</name>'))
    const logo = path.join(tree.root, 'roms', 'nes', 'images', 'logo.svg')
    rmSync(logo)
    const again = await writeDemoTree(tree.root)
    assert.deepEqual(again.written, [logo])
    assert.equal(again.kept.length, tree.written.length - 1)
    assert.match(readFileSync(logo, 'utf8'), /^<svg /)
    assert.match(readFileSync(file, 'utf8'), /F-Zero \(my copy\)/)
  })
})
