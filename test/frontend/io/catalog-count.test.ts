/** The status counts the games the frontend shows: rom files without a gamelist entry too, as ES and ES-DE list them. */
import assert from 'node:assert/strict'
import { copyFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { copyDemoTree } from '../../support/demo-tree.js'
import { startHub, tempDir, type TestHub } from '../../support/hub.js'

interface CatalogStatus { games: number, listedGames: number, systems: number }

describe('the catalog count in status', () => {
  let hub: TestHub
  let nesFolder: string
  before(async () => {
    const root = tempDir('cabinet-hub-catalog-')
    await copyDemoTree(root, 'batocera')
    nesFolder = path.join(root, 'roms', 'nes')
    const rom = readdirSync(nesFolder).find((name) => name.endsWith('.nes'))!
    // Two files the gamelist does not list (the frontend shows them by their stems), and one with an extension nes does not take.
    copyFileSync(path.join(nesFolder, rom), path.join(nesFolder, 'Unlisted One.nes'))
    copyFileSync(path.join(nesFolder, rom), path.join(nesFolder, 'Unlisted Two.nes'))
    copyFileSync(path.join(nesFolder, rom), path.join(nesFolder, 'notes.txt'))
    hub = await startHub({ options: { frontendRoot: root, profile: 'batocera' } })
  })
  after(async () => hub.close())

  it('adds the rom files without a gamelist entry to games, and says how many of them are listed', async () => {
    let catalog: CatalogStatus | undefined
    for (let tries = 0; tries < 200; tries++) {
      catalog = (await hub.app.inject({ method: 'GET', url: '/api/v1/status' })).json<{ frontend: { catalog: CatalogStatus } }>().frontend.catalog
      if (catalog.games > catalog.listedGames) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    assert.ok(catalog!.listedGames > 0)
    assert.equal(catalog!.games - catalog!.listedGames, 2, JSON.stringify(catalog))
  })
})
