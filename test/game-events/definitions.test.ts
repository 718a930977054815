import assert from 'node:assert/strict'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { putDefinition, quietPeers } from '../support/game-events.js'
import { startHub, type TestHub } from '../support/hub.js'

const scoreWatch = { key: 'P1_SCORE', address: '0x0010', size: 2, encoding: 'uint-le', role: 'score', player: 1, weight: 1, description: 'Player 1 score' }

describe('watch definitions', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ options: quietPeers }) })
  after(async () => hub.close())

  const get = async (system: string, rom: string) => hub.fetch(`/api/v1/ingame/definitions/${system}/${rom}`)

  it('stores a definition under the data dir and gives it back', async () => {
    const put = await putDefinition(hub, 'nes', 'counter', { watches: [scoreWatch] })
    assert.equal(put.status, 200)
    const body = await put.json() as { file: string, watches: unknown[], inUse: boolean }
    assert.equal(body.file, path.join(hub.dataDir, 'ingame', 'definitions', 'nes', 'counter.json'))
    assert.deepEqual(JSON.parse(readFileSync(body.file, 'utf8')), { watches: [scoreWatch] })
    assert.equal(body.inUse, false)

    const read = await get('NES', 'Counter')
    assert.equal(read.status, 200, 'keys are matched regardless of case')
    assert.deepEqual((await read.json() as { watches: unknown[] }).watches, [scoreWatch])
  })

  it('answers 404 DEFINITION_NOT_FOUND for a game without one', async () => {
    const response = await get('snes', 'nothing')
    assert.equal(response.status, 404)
    assert.equal((await response.json() as { code: string }).code, 'DEFINITION_NOT_FOUND')
  })

  const invalid: Array<[string, unknown, string, RegExp]> = [
    ['an unknown encoding', { watches: [{ ...scoreWatch, encoding: 'float' }] }, 'VALIDATION_ERROR', /encoding/],
    ['a missing address', { watches: [{ ...scoreWatch, address: undefined }] }, 'VALIDATION_ERROR', /address/],
    ['an address without 0x', { watches: [{ ...scoreWatch, address: '10' }] }, 'VALIDATION_ERROR', /address/],
    ['an unknown role', { watches: [{ ...scoreWatch, role: 'bonus' }] }, 'VALIDATION_ERROR', /role/],
    ['an unknown field', { watches: [{ ...scoreWatch, colour: 'red' }] }, 'VALIDATION_ERROR', /additional/],
    ['no watches', { watches: [] }, 'VALIDATION_ERROR', /watches/],
    ['a key used twice', { watches: [scoreWatch, { ...scoreWatch, address: '0x0020' }] }, 'INVALID_DEFINITION', /"P1_SCORE" is used twice/],
    ['a uint wider than a safe integer', { watches: [{ ...scoreWatch, size: 8 }] }, 'INVALID_DEFINITION', /uint-le values are at most 6 bytes/],
    ['malformed JSON', '{"watches": [', 'INVALID_JSON', /JSON/]
  ]
  for (const [what, body, code, message] of invalid) {
    it(`refuses ${what} with 400 ${code} and keeps the stored definition`, async () => {
      const response = await putDefinition(hub, 'nes', 'counter', body)
      assert.equal(response.status, 400)
      const error = await response.json() as { code: string, message: string }
      assert.equal(error.code, code)
      assert.match(error.message, message)
      assert.deepEqual((await (await get('nes', 'counter')).json() as { watches: unknown[] }).watches, [scoreWatch])
    })
  }

  it('refuses a rom name that would leave the definitions folder', async () => {
    const response = await putDefinition(hub, 'nes', '..\\evil', { watches: [scoreWatch] })
    assert.equal(response.status, 400)
    assert.equal((await response.json() as { code: string }).code, 'INVALID_GAME_KEY')
  })

  it('ignores a corrupt file with one clear reason in the status, and keeps serving', async () => {
    const dir = path.join(hub.dataDir, 'ingame', 'definitions', 'nes')
    mkdirSync(dir, { recursive: true })
    writeFileSync(path.join(dir, 'broken.json'), '{"watches": [{"key": 1')
    const response = await get('nes', 'broken')
    assert.equal(response.status, 404)
    const status = await (await hub.fetch(`/api/v1/ingame/status`)).json() as { definitionErrors: string[] }
    assert.equal(status.definitionErrors.length, 1)
    assert.match(status.definitionErrors[0]!, /broken\.json: not JSON/)
    assert.equal((await hub.fetch(`/api/v1/health`)).status, 200)
  })

  it('answers 404 MANAGER_DISABLED when the Game Events Manager is off', async () => {
    const off = await startHub({ options: { ...quietPeers, 'managers.gameEvents': false } })
    try {
      const response = await off.fetch(`/api/v1/ingame/status`)
      assert.equal(response.status, 404)
      assert.equal((await response.json() as { code: string }).code, 'MANAGER_DISABLED')
    } finally {
      await off.close()
    }
  })
})
