import assert from 'node:assert/strict'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { startHub, type TestHub } from '../support/hub.js'

describe('hook intake while the service is starting', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ skipStart: true, options: { esUrl: 'http://127.0.0.1:9' } }) })
  after(async () => hub.close())

  const post = async (event: string, args: string[]) => {
    const response = await fetch(`${hub.baseUrl}/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event, args }) })
    return { status: response.status, body: await response.json() as { sequence: number | null } }
  }

  it('spools HTTP hooks that arrive before the start phase, then applies them in order before ready', async () => {
    const first = await post('game-selected', ['mame', '/cab/roms/mame/first.zip'])
    const second = await post('game-selected', ['mame', '/cab/roms/mame/second.zip'])
    assert.equal(first.status, 202)
    assert.equal(first.body.sequence, null)
    assert.equal(second.status, 202)
    assert.equal(readdirSync(path.join(hub.dataDir, 'events.d')).length, 2)

    await hub.hub.start()
    const game = await (await fetch(`${hub.baseUrl}/api/v1/context/current-game`)).json() as { path: string }
    assert.equal(game.path, '/cab/roms/mame/second.zip')
    assert.deepEqual(readdirSync(path.join(hub.dataDir, 'events.d')), [])
    const third = await post('game-selected', ['mame', '/cab/roms/mame/third.zip'])
    assert.equal(third.body.sequence, 3, 'sequences continue after the spooled ones')
  })
})
