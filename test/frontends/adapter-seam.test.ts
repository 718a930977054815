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
import { FrontendUnreachableError, type FrontendAdapter, type FrontendWebApi } from '../../src/frontends/index.js'
import { startHub, tempDir, type TestHub } from '../support/hub.js'

/** ES-DE has no web API: every call fails as an unreachable frontend does. */
const noWebApi = (baseUrl: string): FrontendWebApi => {
  const unreachable = async (): Promise<never> => { throw new FrontendUnreachableError(baseUrl, new Error('ES-DE has no web API')) }
  return { baseUrl, launch: unreachable, notify: unreachable, messagebox: unreachable, reloadGames: unreachable, simulatorInput: unreachable, games: async () => null, systems: async () => null, runningGame: unreachable, reachable: async () => false }
}

/**
 * ES-DE keeps `ES-DE/gamelists/<system>/gamelist.xml` and its settings apart from `ROMs/<system>/`,
 * and names its hooks differently: `game-select` and `game-start` with [rom path, game name,
 * system name, system full name] (frontends.md §1).
 */
const esDeLike: FrontendAdapter = {
  id: 'es-de-like',
  title: 'ES-DE (stub for the seam test)',
  family: 'es-de-like',
  layout: (root) => ({ root, profile: 'es-de-like', esConfigDir: path.join(root, 'ES-DE'), romsDir: path.join(root, 'ROMs'), homeDir: root, themesDirs: [] }),
  readSettings: async () => noFrontendSettings,
  systemsFile: () => null,
  gamelistFile: (paths, systemId) => paths.esConfigDir === null ? null : path.join(paths.esConfigDir, 'gamelists', systemId, 'gamelist.xml'),
  isCollection: () => false,
  hooks: {
    names: ['game-select', 'game-start', 'game-end'],
    interpret: (event, [romPath = '', name, system = '']) => {
      switch (event) {
        case 'game-select': return { kind: 'game-selected', systemId: system, gamePath: romPath, gameName: name }
        case 'game-start': return { kind: 'game-started', gamePath: romPath.replace(/\\(.)/g, '$1'), romStem: undefined, gameName: name }
        case 'game-end': return { kind: 'game-ended' }
        default: return { kind: 'other' }
      }
    },
    install: () => ({ written: [], removed: [] }),
    uninstall: () => ({ written: [], removed: [] })
  },
  webApi: noWebApi,
  // Nothing to send inputs to: frontend control only plans (dry-run).
  controls: null
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
    hub = await startHub({ adapters: [esDeLike], options: { frontendRoot: root, profile: 'es-de-like', controlBackend: 'xdotool' } })
  })
  after(async () => hub.close())

  it('reads the gamelist where the adapter says, resolving roms in the rom folder', async () => {
    const systems = await (await fetch(`${hub.baseUrl}/api/v1/gamelists`)).json() as { systems: Array<{ systemId: string, games: number }> }
    assert.deepEqual(systems.systems.map((s) => [s.systemId, s.games]), [['snes', 1]])
    const page = await (await fetch(`${hub.baseUrl}/api/v1/gamelists/snes/games`)).json() as { games: Array<{ name: string, path: string }> }
    assert.deepEqual(page.games.map((g) => g.name), ['Super Game'])
    assert.match(page.games[0]!.path, /snes\/Super Game \(USA\)\.sfc$/, 'the rom beside its gamelist\'s ./ path, in ROMs/')
  })

  it('gives the frontend link the catalog details of a selection, from the family\'s own hook names and shapes', async () => {
    const hook = await fetch(`${hub.baseUrl}/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'game-select', args: [rom, 'Super Game', 'snes', 'Super Nintendo'] }) })
    assert.equal(hook.status, 202)
    const current = await (await fetch(`${hub.baseUrl}/api/v1/context/current-game`)).json() as { name: string, details: { developer: string }, launch: { romExists: boolean } }
    assert.equal(current.name, 'Super Game')
    assert.equal(current.details.developer, 'Stub Soft')
    assert.equal(current.launch.romExists, true)
    const escaped = rom.replace(/([ ()])/g, '\\$1')
    const start = await fetch(`${hub.baseUrl}/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'game-start', args: [escaped, 'Super Game', 'snes', 'Super Nintendo'] }) })
    assert.equal(start.status, 202)
    const state = await (await fetch(`${hub.baseUrl}/api/v1/context/state`)).json() as { state: string, runningGame: { gamePath: string, systemId: string } }
    assert.equal(state.state, 'playing')
    assert.equal(state.runningGame.gamePath, rom)
    assert.equal(state.runningGame.systemId, 'snes')
  })

  it('drives a family without controls only as a plan', async () => {
    const status = await (await fetch(`${hub.baseUrl}/api/v1/es/controller/status`)).json() as { backend: string, dryRun: boolean }
    assert.deepEqual([status.backend, status.dryRun], ['dry-run', true])
  })

  it('offers the family as a --profile value', async () => {
    const effective = await (await fetch(`${hub.baseUrl}/api/v1/config/effective`)).json() as { options: Record<string, unknown> }
    assert.equal(effective.options.profile, 'es-de-like')
  })
})
