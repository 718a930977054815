import assert from 'node:assert/strict'
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { startHub, type TestHub } from '../support/hub.js'
import type { RecordingClient } from '../support/ws-client.js'

describe('hook intake while the service is starting', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ skipStart: true, options: { esUrl: 'http://127.0.0.1:9' } }) })
  after(async () => hub.close())

  const post = async (event: string, args: string[]) => {
    const response = await hub.fetch(`/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event, args }) })
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
    const game = await (await hub.fetch(`/api/v1/context/current-game`)).json() as { path: string }
    assert.equal(game.path, '/cab/roms/mame/second.zip')
    assert.deepEqual(readdirSync(path.join(hub.dataDir, 'events.d')), [])
    const third = await post('game-selected', ['mame', '/cab/roms/mame/third.zip'])
    assert.equal(third.body.sequence, 3, 'sequences continue after the spooled ones')
  })
})

describe('hooks spooled while the service was down', () => {
  let hub: TestHub
  let frontend: RecordingClient
  let raw: RecordingClient
  const firedAt = Date.now() - 60_000
  const at = (offsetMs: number): number => firedAt + offsetMs
  const sf = '/cab/roms/mame/sf.zip'
  before(async () => {
    hub = await startHub({ skipStart: true, options: { esUrl: 'http://127.0.0.1:9' } })
    const spoolDir = path.join(hub.dataDir, 'events.d')
    mkdirSync(spoolDir, { recursive: true })
    const spool = (offsetMs: number, event: string, args: string[]): void => {
      writeFileSync(path.join(spoolDir, `${String(at(offsetMs) * 1000).padStart(17, '0')}-test.json`), JSON.stringify({ event, args }))
    }
    // A game played for 8 s while the service was down; ES re-selects the game twice after it ends.
    spool(0, 'game-selected', ['mame', sf, 'Street Fighter'])
    spool(100, 'game-start', [sf, 'sf', 'Street Fighter'])
    spool(8100, 'game-end', [])
    spool(8300, 'game-selected', ['mame', sf, 'Street Fighter'])
    spool(8500, 'game-selected', ['mame', sf, 'Street Fighter'])
    frontend = await hub.connect(`/ws/frontend`)
    raw = await hub.connect(`/ws/esevent`)
    await hub.hub.start()
  })
  after(async () => {
    frontend.close()
    raw.close()
    await hub.close()
  })

  it('publishes the frontend\'s state first, then the replayed hooks in order, marked Replayed with their own time', async () => {
    await frontend.until((c) => c.types().includes('ui.game.ended') && c.types().filter((t) => t === 'ui.game.selected').length >= 2)
    const types = frontend.types()
    assert.equal(types[0], 'ui.frontend.state')
    assert.equal(frontend.frames[0]!.Payload.Running, false)
    const replayed = frontend.frames.filter((f) => f.Type.startsWith('ui.game.'))
    assert.deepEqual(replayed.map((f) => f.Type), ['ui.game.selected', 'ui.game.started', 'ui.game.ended', 'ui.game.selected'], 'the repeated selection after the end is published once')
    assert.deepEqual(replayed.map((f) => f.Payload.Replayed), [true, true, true, true])
    assert.deepEqual(replayed.map((f) => f.Payload.OccurredAt), [0, 100, 8100, 8300].map((offset) => new Date(at(offset)).toISOString()))
    assert.equal(raw.frames.length, 5, 'every raw hook is still on esevent')
    assert.ok(raw.frames.every((f) => f.Payload.Replayed === true))
    const state = await (await hub.fetch(`/api/v1/context/state`)).json() as { state: string, runningGame: unknown }
    assert.equal(state.state, 'browsing', 'a game that started and ended while the service was down is not running')
    assert.equal(state.runningGame, null)
  })

  it('publishes hooks fired after the start as news: no Replayed mark', async () => {
    const response = await hub.fetch(`/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'system-selected', args: ['snes'] }) })
    assert.equal(response.status, 202)
    await frontend.until((c) => c.types().includes('ui.system.selected'))
    const live = frontend.frames.find((f) => f.Type === 'ui.system.selected')!.Payload
    assert.equal(live.Replayed, undefined)
    assert.equal(live.OccurredAt, undefined)
  })
})
