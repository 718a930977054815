import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { FakeMultiemu } from '../../support/fake-multiemu.js'
import { putDefinition, quietPeers } from '../../support/game-events.js'
import { sendHook, startHub, type TestHub } from '../../support/hub.js'
import { RecordingClient } from '../../support/ws-client.js'

const playing = 'PLAYING Nestopia,Super Mario Bros,crc32=3337ec46'

describe('multiemu client (against a local UDP server)', () => {
  let emulator: FakeMultiemu
  let hub: TestHub
  before(async () => {
    emulator = await FakeMultiemu.start()
    hub = await startHub({ listen: true, options: { ...quietPeers, multiemuEnabled: true, multiemuPort: String(emulator.port) } })
  })
  after(async () => {
    await hub.close()
    emulator.close()
  })

  it('polls only the status while no content runs', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const commands = [...emulator.received]
    assert.ok(commands.length >= 1 && commands.length <= 4, `a status poll a second, got ${commands.length}`)
    assert.deepEqual([...new Set(commands)], ['GET_STATUS'])
  })

  it('ignores garbage replies and still follows the real ones', async () => {
    const ingame = await RecordingClient.connect(`${hub.wsBase}/ws/ingame`)
    emulator.garbage = [Buffer.from([0xff, 0x00, 0x13, 0x37]), 'GET_STATUS PLAYING', 'GET_STATUS PLAYING nes,evil', 'READ_CORE_RAM zz 00', 'READ_CORE_RAM 10 0G', '']
    emulator.status = playing
    await ingame.until((c) => c.types().includes('multiemu.content.started'), 10_000)
    assert.deepEqual(ingame.frames.find((f) => f.Type === 'multiemu.content.started')!.Payload, { SystemId: 'Nestopia', ContentName: 'Super Mario Bros', Crc32: '3337ec46' })
    await new Promise((resolve) => setTimeout(resolve, 1200))
    assert.equal(ingame.types().filter((t) => t.startsWith('multiemu.content')).length, 1, 'the garbage did not stop or restart the content')
    const status = await (await fetch(`${hub.baseUrl}/api/v1/ingame/status`)).json() as { sources: { multiemu: { ignoredReplies: number, reachable: boolean } } }
    assert.ok(status.sources.multiemu.ignoredReplies >= 6)
    assert.equal(status.sources.multiemu.reachable, true)
    ingame.close()
  })

  it('follows the frontend game: its SystemId and Rom name the events, its definition is used, score and timer derive from the watches', async () => {
    const ingame = await RecordingClient.connect(`${hub.wsBase}/ws/ingame`)
    const score = await RecordingClient.connect(`${hub.wsBase}/ws/score`)
    const timer = await RecordingClient.connect(`${hub.wsBase}/ws/timer`)
    const put = await putDefinition(hub, 'nes', 'smb', {
      watches: [
        { key: 'SCORE_HI', address: '0x07DD', size: 3, encoding: 'bcd-be', role: 'score', weight: 10_000, description: 'score, ten thousands and up' },
        { key: 'SCORE_LO', address: '0x07E0', size: 4, encoding: 'digits', role: 'score', description: 'score, last four digits' },
        { key: 'TIME', address: '0x07F8', size: 3, encoding: 'digits', role: 'timer', max: 400, description: 'level timer' }
      ]
    })
    assert.equal(put.status, 200)
    assert.equal((await put.json() as { inUse: boolean }).inUse, false, 'not running yet')

    emulator.memory.set([0x00, 0x00, 0x12], 0x7dd)
    emulator.memory.set([3, 4, 5, 0], 0x7e0)
    emulator.memory.set([3, 9, 9], 0x7f8)
    await sendHook(hub, 'game-start', '/roms/nes/smb.nes', 'smb', 'Super Mario Bros.')
    await score.until((c) => c.frames.some((f) => f.Payload.Score === 123450))
    await timer.until((c) => c.frames.some((f) => f.Payload.Value === 399))

    const first = score.frames.find((f) => f.Payload.Score === 123450)!.Payload
    assert.equal(first.SystemId, 'nes')
    assert.equal(first.Rom, 'smb')
    assert.equal(first.Composed, true)
    assert.deepEqual((first.Parts as Array<{ Key: string, Contribution: number }>).map((p) => `${p.Key}:${p.Contribution}`).sort(), ['SCORE_HI:120000', 'SCORE_LO:3450'])
    const time = timer.frames.find((f) => f.Payload.Value === 399)!.Payload
    assert.equal(time.Remaining, 399)
    assert.equal(time.Direction, 'down')
    assert.equal(time.Unit, 'seconds')
    assert.equal(time.SystemId, 'nes')
    const signal = ingame.frames.find((f) => f.Type === 'ingame.memory.changed' && (f.Payload.Signal as { Key: string }).Key === 'SCORE_HI')!
    assert.equal(signal.Payload.Rom, 'smb')
    assert.deepEqual({ ...(signal.Payload.Signal as object), Ts: undefined }, { Key: 'SCORE_HI', Address: '0x07DD', RawValueHex: '0x000012', Value: 12, Role: 'score', Player: 1, Description: 'score, ten thousands and up', Ts: undefined })

    // A blank digit tile while the game redraws is no score.
    const before = score.frames.length
    emulator.memory.set([3, 0x24, 5, 0], 0x7e0)
    await ingame.until((c) => c.frames.some((f) => f.Type === 'ingame.memory.changed' && (f.Payload.Signal as { Value: number | null }).Value === null))
    emulator.memory.set([3, 4, 6, 0], 0x7e0)
    await score.until((c) => c.frames.some((f) => f.Payload.Score === 123460))
    assert.deepEqual(score.frames.slice(before).map((f) => f.Payload.Score), [123460])

    const status = await (await fetch(`${hub.baseUrl}/api/v1/ingame/status`)).json() as { game: unknown, definition: { systemId: string, rom: string } }
    assert.deepEqual(status.game, { systemId: 'nes', rom: 'smb', from: 'frontend' })
    assert.equal(status.definition.rom, 'smb')
    for (const c of [ingame, score, timer]) c.close()
  })

  it('starts over at game end and start: the ended game\'s score is dropped, retained one included, and the same score is published again for the new game', async () => {
    const scores = (c: RecordingClient) => c.frames.filter((f) => f.Type === 'score.live.changed')
    const score = await RecordingClient.connect(`${hub.wsBase}/ws/score`)
    await score.until((c) => scores(c).length >= 1)
    const retained = scores(score).length
    await sendHook(hub, 'game-end')
    await score.until((c) => c.frames.some((f) => f.Type === 'score.live.cleared'))
    assert.equal(score.frames.find((f) => f.Type === 'score.live.cleared')!.Payload.Reason, 'game-ended')
    const ended = await (await fetch(`${hub.baseUrl}/api/v1/ingame/status`)).json() as { definition: unknown, game: { from: string } }
    assert.equal(ended.definition, null, 'no definition for the emulator\'s own name of the content')
    assert.equal(ended.game.from, 'multiemu')
    // A page that joins now is replayed no score of the ended game before what comes next.
    const lateScore = await RecordingClient.connect(`${hub.wsBase}/ws/score`)

    await sendHook(hub, 'game-start', '/roms/nes/smb.nes', 'smb')
    await score.until((c) => scores(c).length > retained)
    assert.equal(scores(score).at(-1)!.Payload.Score, 123460)
    await lateScore.until((c) => scores(c).length >= 1)
    assert.deepEqual(lateScore.frames.map((f) => f.Type), ['score.live.changed'], 'only the new game\'s score')
    assert.equal(lateScore.frames[0]!.Payload.Score, 123460)
    for (const c of [score, lateScore]) c.close()
  })

  it('reports the content stopped when the emulator closes it, then stops reading memory', async () => {
    const ingame = await RecordingClient.connect(`${hub.wsBase}/ws/ingame`)
    emulator.status = 'CONTENTLESS'
    await ingame.until((c) => c.types().includes('multiemu.content.stopped'), 10_000)
    assert.equal(ingame.frames.find((f) => f.Type === 'multiemu.content.stopped')!.Payload.Reason, 'stopped')
    emulator.received.length = 0
    await new Promise((resolve) => setTimeout(resolve, 1200))
    assert.deepEqual([...new Set(emulator.received)], ['GET_STATUS'])
    ingame.close()
  })
})
