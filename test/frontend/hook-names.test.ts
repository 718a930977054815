/**
 * A system id is a name, never a path: hooks whose system or rom would climb out of the folders
 * they are joined to (media, panels, theme exports) are refused at every door, and nothing is
 * read or published for them.
 */
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { unusableReason } from '../../src/frontend/hook-event.js'
import { pathOfNames } from '../../src/identity/index.js'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'
import { tempDir } from '../support/hub.js'

const outside = path.join(tempDir('cabinet-hub-outside-'), 'outside')
const up = '../'.repeat(12)
/** The traversal spellings of the hardening suite, as a system id. */
const systems = [`${up}${outside.slice(1)}`, '..', '.', '../mame', 'mame/../../etc', '..\\..\\Windows', 'C:\\Windows', '/etc', 'mame\u0000', 'ma\nme', ' .. ']

describe('hook names are names', () => {
  let frontend: FrontendHub
  before(async () => {
    mkdirSync(path.join(outside, 'games', 'evil', 'texts'), { recursive: true })
    writeFileSync(`${outside}.json`, JSON.stringify({ Entries: { 'rom:evil': 'evil' } }))
    writeFileSync(path.join(outside, 'games', 'evil', 'texts', 'metadata-en.json'), JSON.stringify({ description: 'READ FROM OUTSIDE' }))
    frontend = await startFrontendHub()
  })
  after(async () => frontend.close())

  it('every door refuses a system id or rom that is not a name, naming it', () => {
    for (const system of systems) {
      assert.match(unusableReason('game-selected', [system, '/roms/x/evil.zip', 'evil']) ?? '', /the system ".*" is not a name/s, system)
      assert.match(unusableReason('system-selected', [system]) ?? '', /is not a name/, system)
    }
    for (const romPath of ['/roms/mame/..', 'C:\\roms\\mame\\..', '/roms/mame/.']) {
      assert.match(unusableReason('game-start', [romPath]) ?? '', /the rom ".*" is not a name/, romPath)
      assert.match(unusableReason('game-selected', ['mame', romPath]) ?? '', /is not a name/, romPath)
    }
    assert.equal(unusableReason('game-selected', ['mame', '/roms/mame/Tom & Jerry (USA).zip', 'Tom & Jerry']), null)
    assert.equal(unusableReason('game-selected', ['Sega Saturn', 'C:\\roms\\saturn\\..Nights..iso', 'Nights']), null)
  })

  it('the HTTP door answers 400 for each spelling, as JSON and as events.ini text, and the context stays where it was', async () => {
    await frontend.hook('game-selected', 'mame', `${frontend.tree.root}/roms/mame/1943.zip`, '1943')
    const before = (await frontend.get('/api/v1/context/state')).body
    for (const system of systems) {
      for (const [type, body] of [['application/json', JSON.stringify({ event: 'game-selected', args: [system, '/roms/x/evil.zip', 'evil'] })], ['text/plain', `event=game-selected\r\n"${system}" "/roms/x/evil.zip" "evil"\r\n`]] as const) {
        const response = await frontend.hub.app.inject({ method: 'POST', url: '/api/v1/ingest/es-event', headers: { 'content-type': type }, payload: body })
        if (type === 'text/plain' && (system.includes('\n') || system.includes('\u0000'))) continue
        assert.equal(response.statusCode, 400, `${type} ${JSON.stringify(system)}: ${response.body}`)
        assert.equal(response.json().code, 'INVALID_HOOK')
      }
    }
    assert.deepEqual((await frontend.get('/api/v1/context/state')).body, before)
    const published = JSON.stringify(frontend.hub.hub.journal.recent(10_000, null))
    assert.ok(published.includes('1943'), 'the journal holds what was published')
    assert.ok(!published.includes('READ FROM OUTSIDE') && !published.includes('evil'), 'nothing was published for a refused hook')
  })

  it('paths built from names refuse any that is not one', () => {
    assert.equal(pathOfNames('/media', 'systems', 'mame'), '/media/systems/mame')
    for (const system of systems) assert.equal(pathOfNames('/media', 'systems', system), null, system)
  })
})
