/**
 * Parity of the real sources with the sink: one scripted sequence sent to the real cabemu source
 * over TCP (or the real multiemu source over UDP) and the same sequence reported straight into the
 * sink by a fake source give the same events, payloads included. So a fake source in a fast test
 * stands for the real one, and the sink, not the source, decides what is published.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { configuredSources } from '../../../src/game-events/source-kinds.js'
import type { OutputSession } from '../../../src/game-events/game-source.js'
import { FakeGameSource } from '../../support/fake-game-source.js'
import { FakeMultiemu } from '../../support/fake-multiemu.js'
import { FakeOutputServer } from '../../support/fake-output-server.js'
import { definitionBody } from '../../support/game-events.js'
import { startSourceService, type RecordedEvent, type SourceService } from '../../support/source-service.js'

const countOf = (events: readonly RecordedEvent[], type: string): number => events.filter((e) => e.type === type).length

describe('cabemu source parity: protocol lines over TCP and the same reports into the sink', () => {
  let server: FakeOutputServer
  let real: SourceService
  let fake: SourceService
  const reporter = new FakeGameSource('cabemu', { key: 'cabemu', list: true })
  before(async () => {
    server = await FakeOutputServer.start()
    real = await startSourceService({ cabemuEnabled: true, cabemuPort: String(server.port) }, configuredSources)
    fake = await startSourceService({}, () => [reporter])
  })
  after(async () => {
    real.close()
    fake.close()
    await server.close()
  })

  it('publishes the same events for sessions, outputs, digit scores, garbage and a dropped connection', async () => {
    const socket = await server.connection()
    // Split mid-line and mixing CR, LF and CRLF: the line protocol must not show through.
    socket.write('mame_start = blasto\rlamp0 = 1\nscore0 = 5\r\nscore1 = 2\rsco')
    socket.write('re1 = 2\rjunk without equals\rp2_score0 = 3\r')
    socket.write('mame_start = galaxian\rscore0 = 1\rmame_stop = 1\rlamp1 = 1\rmame_start = pong\rlamp0 = 1\r')
    await real.until((events) => events.some((e) => e.type === 'arcade.output.changed' && e.payload.MachineName === 'pong'))
    socket.destroy()
    await real.until((events) => countOf(events, 'cabemu.session.stopped') === 3)

    const at = (machineName: string): OutputSession => ({ machineName, port: server.port })
    const sink = reporter.sink
    sink.sessionStarted(at('blasto'))
    sink.outputChanged(at('blasto'), 'lamp0', 1)
    sink.outputChanged(at('blasto'), 'score0', 5)
    sink.outputChanged(at('blasto'), 'score1', 2)
    sink.outputChanged(at('blasto'), 'score1', 2)
    sink.outputChanged(at('blasto'), 'p2_score0', 3)
    sink.sessionStopped(at('blasto'), 'stopped')
    sink.sessionStarted(at('galaxian'))
    sink.outputChanged(at('galaxian'), 'score0', 1)
    sink.sessionStopped(at('galaxian'), 'stopped')
    sink.outputChanged(at(''), 'lamp1', 1)
    sink.sessionStarted(at('pong'))
    sink.outputChanged(at('pong'), 'lamp0', 1)
    sink.sessionStopped(at('pong'), 'disconnected')

    assert.deepEqual(real.events, fake.events)
    // Not two empty lists: every kind of event is there.
    assert.equal(countOf(fake.events, 'cabemu.output.changed'), 8)
    assert.equal(countOf(fake.events, 'ingame.cabemu.session.started'), 3)
    assert.deepEqual(fake.events.filter((e) => e.type === 'score.live.changed').map((e) => `P${String(e.payload.Player)}:${String(e.payload.Score)}`), ['P1:5', 'P1:25', 'P2:3', 'P1:1'])
  })
})

describe('multiemu source parity: GET_STATUS and memory reads over UDP and the same reports into the sink', () => {
  const definition = definitionBody({
    watches: [
      { key: 'P1_SCORE', address: '0x0010', size: 2, encoding: 'uint-le', role: 'score', description: 'Player 1 score' },
      { key: 'TIME', address: '0x0040', size: 1, encoding: 'bcd-le', role: 'timer', max: 99, description: 'Round timer' }
    ]
  })
  const content = { systemId: 'Nestopia', contentName: 'counter', crc32: 'ccd09037' }
  let emulator: FakeMultiemu
  let real: SourceService
  let fake: SourceService
  const reporter = new FakeGameSource('multiemu')
  before(async () => {
    emulator = await FakeMultiemu.start()
    real = await startSourceService({ multiemuEnabled: true, multiemuPort: String(emulator.port) }, configuredSources)
    fake = await startSourceService({}, () => [reporter])
  })
  after(() => {
    real.close()
    fake.close()
    emulator.close()
  })

  it('publishes the same content and memory events, and live score and timer', async () => {
    emulator.memory.set([0x2a, 0x00], 0x10)
    emulator.memory.set([0x87], 0x40)
    for (const harness of [real, fake]) await harness.service.putDefinition({ systemId: content.systemId, rom: content.contentName }, definition)
    emulator.status = `PLAYING ${content.systemId},${content.contentName},crc32=${content.crc32}`
    await real.until((events) => events.some((e) => e.type === 'timer.live.changed'))
    emulator.status = 'CONTENTLESS'
    await real.until((events) => events.some((e) => e.type === 'multiemu.content.stopped'))

    const sink = reporter.sink
    sink.contentStarted(content)
    await fake.service.settled()
    const plan = reporter.plans.at(-1)!
    assert.equal(plan.length, 2, 'watches far apart are two reads')
    for (const range of plan) sink.memoryRead(range, emulator.memory.subarray(range.address, range.address + range.length))
    sink.contentStopped(content, 'stopped')

    assert.deepEqual(real.events, fake.events)
    assert.deepEqual(fake.events.map((e) => e.type), [
      'multiemu.content.started',
      'multiemu.memory.changed', 'ingame.memory.changed', 'score.live.changed',
      'multiemu.memory.changed', 'ingame.memory.changed', 'timer.live.changed',
      'multiemu.content.stopped'
    ])
  })
})
