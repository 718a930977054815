import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import pino from 'pino'
import { esFormats } from '../../src/frontends/index.js'
import { LibraryCatalog } from '../../src/library/catalog.js'
import { PlayableGamesCache } from '../../src/media/playable.js'
import { tempDir } from '../support/hub.js'

describe('playable games', () => {
  it('lists each rom once, only when its file exists, and sees a rom file added later', async () => {
    const roms = tempDir('cabinet-hub-playable-')
    const folder = path.join(roms, 'mame')
    mkdirSync(folder)
    // `a.zip.7z` has the stem `a.zip`, the file name of another rom: both are distinct roms.
    writeFileSync(path.join(folder, 'gamelist.xml'), `<gameList>
      <game><path>./a.zip</path><name>A</name></game>
      <game><path>./a.zip.7z</path><name>A packed</name></game>
      <game><path>./b.zip</path><name>B</name></game>
      <game><path>./b.7z</path><name>B again</name></game>
      <game><path>./c.zip</path><name>C</name></game>
    </gameList>`)
    for (const file of ['a.zip', 'a.zip.7z', 'b.zip', 'b.7z']) writeFileSync(path.join(folder, file), 'rom')
    const catalog = new LibraryCatalog({ romsRoot: roms, systemsFiles: [], gamelistFile: (systemId) => path.join(roms, systemId, 'gamelist.xml'), formats: esFormats, logger: pino({ level: 'silent' }) })
    await catalog.load()
    const cache = new PlayableGamesCache(catalog)
    const names = async () => (await cache.of('mame')).games.map((g) => g.game.fields.name)
    assert.deepEqual(await names(), ['A', 'A packed', 'B'], 'b.7z repeats the rom b; c.zip is not on disk')
    assert.equal((await cache.of('mame')).byRom.get('a.zip')?.game.fields.name, 'A', 'a rom asked by name is the first game whose stem or file name matches')
    writeFileSync(path.join(folder, 'c.zip'), 'rom')
    assert.deepEqual(await names(), ['A', 'A packed', 'B', 'C'])
  })
})
