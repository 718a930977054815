import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { eventCatalogOf } from '../../src/core/hub.js'
import { EventBus, type PublishedEvent } from '../../src/core/event-bus.js'
import type { ManagerId } from '../../src/core/gates.js'
import { domainModules } from '../../src/modules.js'

const events = eventCatalogOf(domainModules)

function makeBus (disabled: Record<string, ManagerId> = {}): { bus: EventBus, seen: PublishedEvent[], errors: string[] } {
  const errors: string[] = []
  const bus = new EventBus({
    nodeId: 'cab-07',
    now: () => new Date('2026-11-21T20:00:00.123Z'),
    definition: (type) => events.definition(type),
    disabledOwner: (type) => Object.entries(disabled).find(([prefix]) => type.startsWith(prefix))?.[1] ?? null,
    onListenerError: (_error, type) => errors.push(type)
  })
  const seen: PublishedEvent[] = []
  bus.subscribe((e) => seen.push(e))
  return { bus, seen, errors }
}

describe('EventBus', () => {
  it('hands an event a listener publishes to every listener after the one being delivered: one order for all', () => {
    const { bus, seen } = makeBus()
    bus.subscribe((event) => {
      if (event.envelope.Type === 'ui.event') bus.publish('ui.game.ended', {})
    })
    const last: string[] = []
    bus.subscribe((event) => last.push(event.envelope.Type))
    bus.publish('ui.event', { EventName: 'game-end' })
    assert.deepEqual(seen.map((e) => e.envelope.Type), ['ui.event', 'ui.game.ended'])
    assert.deepEqual(last, ['ui.event', 'ui.game.ended'], 'the listener after the publishing one sees the same order')
  })

  it('wraps payloads in the five-field envelope, serialized once', () => {
    const { bus, seen } = makeBus()
    bus.publish('ui.event', { EventName: 'sleep' }, { correlationId: 'abc' })
    const json = JSON.parse(seen[0]!.json) as Record<string, unknown>
    assert.deepEqual(Object.keys(json), ['Type', 'Ts', 'NodeId', 'CorrelationId', 'Payload'])
    assert.deepEqual(json, { Type: 'ui.event', Ts: '2026-11-21T20:00:00.123Z', NodeId: 'cab-07', CorrelationId: 'abc', Payload: { EventName: 'sleep' } })
  })

  it('relays an envelope another node published unchanged, its own text included, never retained or coalesced', () => {
    const { bus, seen } = makeBus()
    const envelope = { Type: 'marquee.snapshot', Ts: '2026-11-21T19:59:00.000Z', NodeId: 'cab-02', CorrelationId: 'far', Payload: { Sequence: 1 } }
    const text = JSON.stringify(envelope)
    bus.relay(envelope, text)
    bus.relay({ ...envelope, Type: 'not.declared.here' })
    assert.equal(seen[0]!.envelope, envelope)
    assert.equal(seen[0]!.json, text)
    assert.deepEqual([seen[0]!.retainSlot, seen[0]!.coalesceKey, seen[0]!.clearsSlot], [null, null, null])
    assert.equal(JSON.parse(seen[1]!.json).NodeId, 'cab-02', 'a type this build does not declare is relayed too')
  })

  it('marks an event to leave now only when its publisher asks, never a relayed one', () => {
    const { bus, seen } = makeBus()
    bus.publish('ui.game.selected', {}, { leaveNow: true })
    bus.publish('marquee.snapshot', {})
    bus.relay({ Type: 'ui.game.selected', Ts: new Date(0).toISOString(), NodeId: 'cab-02', CorrelationId: 'x', Payload: {} })
    assert.deepEqual(seen.map((e) => e.leaveNow), [true, false, false])
  })

  it('gives each event a correlation id when the publisher has none', () => {
    const { bus, seen } = makeBus()
    bus.publish('ui.event', {})
    bus.publish('ui.event', {})
    assert.match(seen[0]!.envelope.CorrelationId, /^[0-9a-f-]{36}$/)
    assert.notEqual(seen[0]!.envelope.CorrelationId, seen[1]!.envelope.CorrelationId)
  })

  it('drops a snapshot whose Sequence is older than the last of its key', () => {
    const { bus, seen } = makeBus()
    assert.equal(bus.publish('panel.state', { Sequence: 5 }).published, true)
    const stale = bus.publish('panel.state', { Sequence: 4 })
    assert.deepEqual(stale.published ? null : stale.reason, 'stale')
    assert.equal(bus.publish('panel.state', { Sequence: 6 }).published, true)
    assert.deepEqual(seen.map((e) => e.envelope.Payload.Sequence), [5, 6])
  })

  it('treats system and game selections as one key, and never drops input events', () => {
    const { bus, seen } = makeBus()
    bus.publish('ui.game.selected', { Sequence: 9 })
    assert.equal(bus.publish('ui.system.selected', { Sequence: 8 }).published, false)
    bus.publish('panel.input.pressed', { Sequence: 1 })
    bus.publish('panel.input.released', { Sequence: 0 })
    assert.deepEqual(seen.map((e) => e.envelope.Type), ['ui.game.selected', 'panel.input.pressed', 'panel.input.released'])
    assert.equal(seen[1]!.coalesceKey, null)
  })

  it('keys live scores per player, so two players do not drop each other', () => {
    const { bus, seen } = makeBus()
    bus.publish('score.live.changed', { Source: 'multiemu', SystemId: 'nes', Rom: 'smb', Player: 1, Score: 100, Sequence: 3 })
    bus.publish('score.live.changed', { Source: 'multiemu', SystemId: 'nes', Rom: 'smb', Player: 2, Score: 50, Sequence: 1 })
    assert.equal(seen.length, 2)
    assert.notEqual(seen[0]!.coalesceKey, seen[1]!.coalesceKey)
  })

  it('does not publish events of a switched-off manager', () => {
    const { bus, seen } = makeBus({ 'cabemu.': 'gameEvents' })
    const result = bus.publish('cabemu.output.changed', {})
    assert.equal(result.published, false)
    assert.equal(result.published ? null : result.reason, 'manager-disabled')
    assert.equal(seen.length, 0)
  })

  it('keeps delivering to other listeners when one throws', () => {
    const { bus, seen, errors } = makeBus()
    bus.subscribe(() => { throw new Error('boom') })
    const after: string[] = []
    bus.subscribe((e) => after.push(e.envelope.Type))
    bus.publish('ui.event', {})
    assert.equal(seen.length, 1)
    assert.deepEqual(after, ['ui.event'])
    assert.deepEqual(errors, ['ui.event'])
  })

  it('marks retained slots, and publishes previews without retaining them', () => {
    const { bus, seen } = makeBus()
    bus.publish('panel.state', {})
    bus.publish('panel.state', {}, { retain: false })
    bus.publish('achievements.session.ended', {})
    assert.deepEqual(seen.map((e) => [e.retainSlot, e.clearsSlot]), [['panel.state', null], [null, null], [null, 'achievements.session']])
  })
})
