/**
 * A restart takes unchanged gamelists back from the snapshots the last run saved, instead of
 * parsing their XML again; a gamelist changed meanwhile, and a snapshot that is broken, are read
 * from the XML as before.
 */
import assert from 'node:assert/strict'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import pino from 'pino'
import { esFormats } from '../../src/frontends/index.js'
import { LibraryCatalog } from '../../src/library/catalog.js'
import { GamelistSnapshots, type SavedGamelist } from '../../src/library/snapshots.js'
import { tempDir } from '../support/hub.js'

/** Snapshots that say which gamelists they were asked for and could give back. */
class WatchedSnapshots extends GamelistSnapshots {
  readonly found: string[] = []

  override async find (file: string, signature: string): Promise<SavedGamelist | null> {
    const saved = await super.find(file, signature)
    if (saved !== null) this.found.push(path.basename(path.dirname(file)))
    return saved
  }
}

function writeTree (): { roms: string, cache: string } {
  const root = tempDir('cabinet-hub-snapshots-')
  const roms = path.join(root, 'roms')
  for (const system of ['mame', 'snes']) {
    mkdirSync(path.join(roms, system), { recursive: true })
    const games = Array.from({ length: 2500 }, (_, i) => `<game><path>./${system}-${i}.zip</path><name>${system} game ${i}</name><desc>Desc &amp; more</desc></game>`)
    writeFileSync(path.join(roms, system, 'gamelist.xml'), `<gameList>${games.join('\n')}</gameList>`)
  }
  return { roms, cache: path.join(root, 'data', 'cache', 'gamelists') }
}

async function startCatalog (roms: string, cache: string): Promise<{ catalog: LibraryCatalog, snapshots: WatchedSnapshots }> {
  const logger = pino({ level: 'silent' })
  const snapshots = new WatchedSnapshots(cache, logger)
  const catalog = new LibraryCatalog({ romsRoot: roms, systemsFiles: [], gamelistFile: (systemId) => path.join(roms, systemId, 'gamelist.xml'), formats: esFormats, logger, snapshots })
  await catalog.load()
  return { catalog, snapshots }
}

const everyGame = (catalog: LibraryCatalog) => [...catalog.allGames()].map((g) => `${g.systemId} ${g.romPath} ${JSON.stringify(g.fields)}`).sort()

describe('gamelist snapshots', () => {
  it('give a restart the same games without reading unchanged XML, and only what changed is read again', async () => {
    const { roms, cache } = writeTree()
    const first = await startCatalog(roms, cache)
    const games = everyGame(first.catalog)
    await first.catalog.close()
    assert.deepEqual(first.snapshots.found, [])
    assert.equal(readdirSync(cache).length, 2)

    const second = await startCatalog(roms, cache)
    assert.deepEqual(second.snapshots.found.sort(), ['mame', 'snes'])
    assert.deepEqual(second.catalog.counts(), { systems: 2, games: 5000 }, 'counted without taking the games back')
    assert.equal(second.catalog.game('snes', path.join(roms, 'snes', 'snes-7.zip'))?.fields.name, 'snes game 7')
    await second.catalog.settle()
    assert.deepEqual(everyGame(second.catalog), games)
    await second.catalog.close()

    writeFileSync(path.join(roms, 'mame', 'gamelist.xml'), '<gameList><game><path>./new.zip</path><name>New</name></game></gameList>')
    const third = await startCatalog(roms, cache)
    assert.deepEqual(third.snapshots.found, ['snes'])
    assert.deepEqual(third.catalog.gamesOf('mame').map((g) => g.fields.name), ['New'])
    await third.catalog.close()

    // The next start takes the new mame gamelist back from the snapshot the third one saved.
    const fourth = await startCatalog(roms, cache)
    assert.deepEqual(fourth.snapshots.found.sort(), ['mame', 'snes'])
    assert.deepEqual(fourth.catalog.gamesOf('mame').map((g) => g.fields.name), ['New'])
  })

  it('reads the XML when a snapshot is broken, and saves a good one over it', async () => {
    const { roms, cache } = writeTree()
    const first = await startCatalog(roms, cache)
    const games = everyGame(first.catalog)
    await first.catalog.close()
    for (const file of readdirSync(cache)) writeFileSync(path.join(cache, file), 'not a snapshot')

    const second = await startCatalog(roms, cache)
    assert.deepEqual(second.snapshots.found, [])
    assert.deepEqual(everyGame(second.catalog), games)
    await second.catalog.close()
    const third = await startCatalog(roms, cache)
    assert.deepEqual(third.snapshots.found.sort(), ['mame', 'snes'])
  })

  it('reads the XML again when a snapshot\'s games cannot be decoded after the start found it', async () => {
    const { roms, cache } = writeTree()
    const first = await startCatalog(roms, cache)
    const games = everyGame(first.catalog)
    await first.catalog.close()
    // The headers stay good (the start uses the snapshots), the chunks behind them are garbage.
    for (const file of readdirSync(cache)) {
      const bytes = readFileSync(path.join(cache, file))
      bytes.fill(0xff, 4 + bytes.readUInt32LE(0))
      writeFileSync(path.join(cache, file), bytes)
    }
    const second = await startCatalog(roms, cache)
    assert.deepEqual(second.snapshots.found.sort(), ['mame', 'snes'])
    await second.catalog.settle()
    await second.catalog.refreshGamelists()
    assert.deepEqual(everyGame(second.catalog), games)
  })
})
