/**
 * The frontend seam: a family the service was not built with (an ES-DE-like layout, whose gamelists
 * live apart from the roms) is one adapter object, and the whole service follows it: library,
 * game details, media URLs and the frontend link. Nothing else changes.
 */
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { noFrontendSettings } from '../../src/core/settings.js'
import type { FrontendAdapter } from '../../src/frontends/index.js'
import { startHub, tempDir, type TestHub } from '../support/hub.js'

/** ES-DE keeps `ES-DE/gamelists/<system>/gamelist.xml` and its settings apart from `ROMs/<system>/`. */
const esDeLike: FrontendAdapter = {
  id: 'es-de',
  title: 'ES-DE (stub for the seam test)',
  layout: (root) => ({ root, profile: 'es-de', esConfigDir: path.join(root, 'ES-DE'), romsDir: path.join(root, 'ROMs'), homeDir: root, themesDirs: [] }),
  readSettings: async () => noFrontendSettings,
  systemsFile: () => null,
  gamelistFile: (paths, systemId) => paths.esConfigDir === null ? null : path.join(paths.esConfigDir, 'gamelists', systemId, 'gamelist.xml')
}

describe('a frontend family added through the adapter seam', () => {
  let hub: TestHub
  const root = tempDir('cabinet-hub-esde-')
  const rom = path.join(root, 'ROMs', 'snes', 'Super Game (USA).sfc')
  before(async () => {
    mkdirSync(path.dirname(rom), { recursive: true })
    writeFileSync(rom, 'rom')
    const gamelists = path.join(root, 'ES-DE', 'gamelists', 'snes')
    mkdirSync(gamelists, { recursive: true })
    writeFileSync(path.join(gamelists, 'gamelist.xml'), '<?xml version="1.0"?>\n<gameList><game><path>./Super Game (USA).sfc</path><name>Super Game</name><developer>Stub Soft</developer></game></gameList>\n')
    hub = await startHub({ adapters: [esDeLike], options: { frontendRoot: root, profile: 'es-de' } })
  })
  after(async () => hub.close())

  it('reads the gamelist where the adapter says, resolving roms in the rom folder', async () => {
    const systems = await (await fetch(`${hub.baseUrl}/api/v1/gamelists`)).json() as { systems: Array<{ systemId: string, games: number }> }
    assert.deepEqual(systems.systems.map((s) => [s.systemId, s.games]), [['snes', 1]])
    const page = await (await fetch(`${hub.baseUrl}/api/v1/gamelists/snes/games`)).json() as { games: Array<{ name: string, path: string }> }
    assert.deepEqual(page.games.map((g) => g.name), ['Super Game'])
    assert.match(page.games[0]!.path, /snes\/Super Game \(USA\)\.sfc$/, 'the rom beside its gamelist\'s ./ path, in ROMs/')
  })

  it('gives the frontend link the catalog details of a selection', async () => {
    const hook = await fetch(`${hub.baseUrl}/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'game-selected', args: ['snes', rom, 'Super Game'] }) })
    assert.equal(hook.status, 202)
    const current = await (await fetch(`${hub.baseUrl}/api/v1/context/current-game`)).json() as { name: string, details: { developer: string }, launch: { romExists: boolean } }
    assert.equal(current.name, 'Super Game')
    assert.equal(current.details.developer, 'Stub Soft')
    assert.equal(current.launch.romExists, true)
  })

  it('offers the family as a --profile value', async () => {
    const effective = await (await fetch(`${hub.baseUrl}/api/v1/config/effective`)).json() as { options: Record<string, unknown> }
    assert.equal(effective.options.profile, 'es-de')
  })
})
