/**
 * The frontend seam: a family the service was not built with (fixtures/json-frontend: an ES-DE-like
 * layout whose gamelists are JSON files apart from the roms, with hooks and game ids of its own) is
 * one adapter in a folder of its own, and the whole service follows it: library, game details,
 * game ids, media URLs and the frontend link. Nothing else changes.
 */
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { startHub, tempDir, type TestHub } from '../support/hub.js'
import { jsonFrontend } from './fixtures/json-frontend/index.js'

describe('a frontend family added through the adapter seam', () => {
  let hub: TestHub
  const root = tempDir('cabinet-hub-esde-')
  const rom = path.join(root, 'ROMs', 'snes', 'Super Game (USA).sfc')
  before(async () => {
    mkdirSync(path.dirname(rom), { recursive: true })
    writeFileSync(rom, 'rom')
    const gamelists = path.join(root, 'Frontend', 'gamelists')
    mkdirSync(gamelists, { recursive: true })
    writeFileSync(path.join(gamelists, 'snes.json'), JSON.stringify([{ rom: 'Super Game (USA).sfc', title: 'Super Game', studio: 'Stub Soft' }]))
    hub = await startHub({ adapters: [jsonFrontend], options: { frontendRoot: root, profile: 'json-frontend', controlBackend: 'xdotool' } })
  })
  after(async () => hub.close())

  it('reads the gamelist where and as the adapter says, resolving roms in the rom folder', async () => {
    const systems = await (await hub.fetch(`/api/v1/gamelists`)).json() as { systems: Array<{ systemId: string, games: number }> }
    assert.deepEqual(systems.systems.map((s) => [s.systemId, s.games]), [['snes', 1]])
    const page = await (await hub.fetch(`/api/v1/gamelists/snes/games`)).json() as { games: Array<{ name: string, path: string }> }
    assert.deepEqual(page.games.map((g) => g.name), ['Super Game'])
    assert.match(page.games[0]!.path, /snes\/Super Game \(USA\)\.sfc$/, 'the rom beside its gamelist\'s ./ path, in ROMs/')
  })

  it('gives the frontend link the catalog details of a selection, from the family\'s own hook names and shapes', async () => {
    const hook = await hub.fetch(`/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'game-select', args: [rom, 'Super Game', 'snes', 'Super Nintendo'] }) })
    assert.equal(hook.status, 202)
    const current = await (await hub.fetch(`/api/v1/context/current-game`)).json() as { name: string, gameId: string, details: { developer: string }, launch: { romExists: boolean } }
    assert.equal(current.name, 'Super Game')
    assert.equal(current.gameId, 'json:Super Game (USA).sfc', 'the family\'s own game id')
    assert.equal(current.details.developer, 'Stub Soft')
    assert.equal(current.launch.romExists, true)
    const escaped = rom.replace(/([ ()])/g, '\\$1')
    const start = await hub.fetch(`/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'game-start', args: [escaped, 'Super Game', 'snes', 'Super Nintendo'] }) })
    assert.equal(start.status, 202)
    const state = await (await hub.fetch(`/api/v1/context/state`)).json() as { state: string, runningGame: { gamePath: string, systemId: string } }
    assert.equal(state.state, 'playing')
    assert.equal(state.runningGame.gamePath, rom)
    assert.equal(state.runningGame.systemId, 'snes')
  })

  it('drives a family without controls only as a plan', async () => {
    const status = await (await hub.fetch(`/api/v1/es/controller/status`)).json() as { backend: string, dryRun: boolean }
    assert.deepEqual([status.backend, status.dryRun], ['dry-run', true])
  })

  it('offers the family as a --profile value', async () => {
    const effective = await (await hub.fetch(`/api/v1/config/effective`)).json() as { options: Record<string, unknown> }
    assert.equal(effective.options.profile, 'json-frontend')
  })
})
