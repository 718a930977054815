/**
 * The source seam: the service runs whatever sources its factory builds. A source the service has
 * never heard of (here a test source added next to the configured ones) is started, stopped,
 * listed in the status, and what it reports is published, with no edit to the service.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { configuredSources } from '../../src/game-events/source-kinds.js'
import { FakeGameSource } from '../support/fake-game-source.js'
import { definitionBody } from '../support/game-events.js'
import { startSourceService, type SourceService } from '../support/source-service.js'

const types = (events: SourceService['events']): string[] => events.map((e) => e.type)

describe('game sources: a new source needs no service edit', () => {
  const extra = new FakeGameSource('testemu')
  let harness: SourceService
  before(async () => {
    harness = await startSourceService({}, (context) => [...configuredSources(context), extra])
  })
  after(() => harness.close())

  it('starts the extra source and lists its status beside the configured ones', () => {
    const { sources } = harness.service.status() as unknown as { sources: Record<string, unknown> }
    assert.deepEqual(Object.keys(sources), ['cabemu', 'multiemu', 'testemu'])
    assert.deepEqual((sources.cabemu as Array<{ instance: string }>).map((c) => c.instance), ['cabemu', 'cabemu2'])
    assert.deepEqual(sources.testemu, { id: 'testemu', state: 'started', plannedRanges: 0 })
  })

  it('publishes the sessions and outputs it reports, under its own name, and composes their live score', () => {
    harness.events.length = 0
    const session = { machineName: 'pong', port: 9 }
    extra.sink.sessionStarted(session)
    extra.sink.outputChanged(session, 'score1', 4)
    extra.sink.outputChanged(session, 'score0', 2)
    extra.sink.sessionStopped(session, 'stopped')

    assert.deepEqual(types(harness.events), [
      'testemu.session.started', 'ingame.cabemu.session.started',
      'testemu.output.changed', 'arcade.output.changed', 'score.live.changed',
      'testemu.output.changed', 'arcade.output.changed', 'score.live.changed',
      'testemu.session.stopped', 'ingame.cabemu.session.stopped'
    ])
    const [started, , output, arcade, firstScore] = harness.events
    assert.deepEqual(started!.payload, { Source: 'testemu', MachineName: 'pong', Port: 9 })
    assert.deepEqual(output!.payload, { Source: 'testemu', Port: 9, MachineName: 'pong', Signals: [{ Key: 'score1', Value: 4, Ts: '2026-11-21T20:00:00.000Z' }] })
    assert.equal(arcade!.payload.Source, 'testemu')
    assert.deepEqual([firstScore, harness.events[7]].map((e) => e!.payload.Score), [40, 42])
    assert.equal(harness.events.at(-1)!.payload.Reason, 'stopped')
  })

  it('follows the content it reports: the definition of the content is read through its read plan, and its memory reads become events', async () => {
    await harness.service.putDefinition({ systemId: 'testsys', rom: 'demo' }, definitionBody({
      watches: [{ key: 'P1_SCORE', address: '0x0010', size: 2, encoding: 'uint-le', role: 'score', description: 'Player 1 score' }]
    }))
    harness.events.length = 0
    const content = { systemId: 'testsys', contentName: 'demo', crc32: '0badf00d' }
    extra.sink.contentStarted(content)
    await harness.service.settled()
    const plan = extra.plans.at(-1)!
    assert.deepEqual(plan.map((r) => [r.address, r.length]), [[0x10, 2]], 'the running content\'s definition became the plan')
    const status = harness.service.status()
    assert.deepEqual(status.game, { systemId: 'testsys', rom: 'demo', from: 'testemu' }, 'the status names the source that reported the content')
    assert.deepEqual(status.runningContent, content)
    assert.equal(status.definition?.rom, 'demo')

    const stops: unknown[] = []
    const unsubscribe = harness.facts.on('ContentStopped', (stopped) => stops.push(stopped))
    extra.sink.memoryRead(plan[0]!, Uint8Array.from([0x2a, 0x00]))
    extra.sink.memoryRead(plan[0]!, Uint8Array.from([0x2a, 0x00]))
    extra.sink.contentStopped(content, 'unreachable')
    unsubscribe()
    assert.deepEqual(stops, [{ source: 'testemu', systemId: 'testsys', contentName: 'demo', reason: 'unreachable' }], 'modules learn the stop as a fact naming its source')

    assert.deepEqual(types(harness.events), ['testemu.content.started', 'testemu.memory.changed', 'ingame.memory.changed', 'score.live.changed', 'testemu.content.stopped'],
      'an unchanged value is not published again')
    assert.deepEqual(harness.events[0]!.payload, { SystemId: 'testsys', ContentName: 'demo', Crc32: '0badf00d' })
    assert.equal(harness.events[2]!.payload.Source, 'testemu')
    assert.equal(harness.events[3]!.payload.Score, 42)
    assert.equal(harness.events[4]!.payload.Reason, 'unreachable')
    assert.deepEqual(extra.plans.at(-1), [], 'no content, no definition: nothing to read')
    assert.equal(harness.service.status().runningContent, null)
  })

  it('stops the extra source with the others', async () => {
    const stopping = new FakeGameSource('testemu')
    const other = await startSourceService({}, (context) => [...configuredSources(context), stopping])
    other.close()
    assert.equal(stopping.status().state, 'stopped')
  })

  it('refuses two sources with one id: their events and status could not be told apart', async () => {
    await assert.rejects(startSourceService({}, (context) => [...configuredSources(context), new FakeGameSource('cabemu2')]), /two game sources are named cabemu2/)
  })
})
