/**
 * /ws/venue clients get the cabinets' outputs as the latest values at their own rate (venue.outputs
 * batches), and every other event at once, in order. Cabinet envelopes are relayed as the broker
 * reader would; the window's timers are mocked.
 */
import assert from 'node:assert/strict'
import { Parser } from '@asyncapi/parser'
import { setImmediate as turn } from 'node:timers/promises'
import { afterEach, beforeEach, describe, it, mock } from 'node:test'
import { startVenue } from '../support/venue.js'
import type { TestHub } from '../support/hub.js'
import { RecordingClient, type Frame } from '../support/ws-client.js'

let sequence = 0
const lamp = (nodeId: string, key: string, value: number) => ({
  Type: 'cabemu.output.changed', Ts: new Date().toISOString(), NodeId: nodeId, CorrelationId: `${nodeId}-${++sequence}`,
  Payload: { Source: 'cabemu', MachineName: 'pong', Port: 8000, Signals: [{ Key: key, Value: value, Ts: new Date().toISOString() }] }
})
const selection = (nodeId: string, rom: string) => ({
  Type: 'ui.game.selected', Ts: new Date().toISOString(), NodeId: nodeId, CorrelationId: `${nodeId}-${++sequence}`, Payload: { SystemId: 'mame', Rom: rom }
})

/** Lets relayed frames cross the in-memory sockets (timers are mocked, turns of the loop are not). */
async function settle (): Promise<void> {
  for (let i = 0; i < 20; i++) await turn()
}

const outputsOf = (frames: readonly Frame[]) => frames.filter((f) => f.Type === 'venue.outputs').map((f) => f.Payload.Outputs as Array<{ NodeId: string, Key: string, Value: number }>)
const cabinetTypes = (client: RecordingClient) => client.types().filter((t) => t !== 'startup.ready')

describe('venue outputs at the client\'s rate', () => {
  let venue: TestHub
  const relay = (envelope: ReturnType<typeof lamp> | ReturnType<typeof selection>) => { venue.hub.bus.relay({ ...envelope, Payload: envelope.Payload }) }

  beforeEach(async () => {
    venue = await startVenue('mqtt://127.0.0.1:1', { wsMaxBufferedBytes: '1024', wsMaxQueuedBytes: '65536' }, { skipStart: true })
    mock.timers.enable({ apis: ['setTimeout'] })
  })
  afterEach(async () => {
    mock.timers.reset()
    await venue.close()
  })

  it('delivers one value for 100 changes of a lamp within a window: the last', async () => {
    const client = await RecordingClient.inject(venue.app, '/ws/venue')
    relay(lamp('cab-01', 'lamp0', 0))
    for (let i = 1; i <= 100; i++) relay(lamp('cab-01', 'lamp1', i % 2 === 0 ? 0 : 1))
    relay(lamp('cab-01', 'lamp1', 1))
    await settle()
    mock.timers.tick(100)
    await settle()
    assert.deepEqual(outputsOf(client.frames).map((batch) => batch.map((o) => [o.Key, o.Value])), [[['lamp0', 0]], [['lamp1', 1]]])
    assert.ok(!client.types().includes('cabemu.output.changed'))
    client.close()
  })

  it('delivers a selection between lamp changes at once, in order with the next one, and the lamp\'s end state after it', async () => {
    const client = await RecordingClient.inject(venue.app, '/ws/venue')
    relay(lamp('cab-01', 'lamp0', 1))
    relay(lamp('cab-01', 'lamp0', 0))
    relay(selection('cab-01', 'galaga'))
    relay(lamp('cab-01', 'lamp0', 1))
    relay(selection('cab-01', 'pacman'))
    await settle()
    assert.deepEqual(cabinetTypes(client), ['venue.outputs', 'ui.game.selected', 'ui.game.selected'])
    assert.deepEqual(client.frames.filter((f) => f.Type === 'ui.game.selected').map((f) => f.Payload.Rom), ['galaga', 'pacman'])
    mock.timers.tick(100)
    await settle()
    assert.deepEqual(outputsOf(client.frames).map((batch) => batch.map((o) => o.Value)), [[1], [1]])
    client.close()
  })

  it('sends a client that asks 2 Hz at most 2 batches a second, each with every cabinet that changed', async () => {
    const client = await RecordingClient.inject(venue.app, '/ws/venue?outputsHz=2')
    for (let ms = 0; ms < 1000; ms += 10) {
      relay(lamp('cab-01', 'lamp0', ms % 20 === 0 ? 1 : 0))
      relay(lamp('cab-02', 'lamp0', ms))
      await settle()
      if (ms < 990) mock.timers.tick(10)
    }
    const batches = outputsOf(client.frames)
    assert.ok(batches.length <= 2, `${batches.length} batches in one second`)
    assert.deepEqual(batches.at(-1)!.map((o) => o.NodeId).sort(), ['cab-01', 'cab-02'])
    mock.timers.tick(10)
    await settle()
    assert.deepEqual(outputsOf(client.frames).at(-1)!.map((o) => [o.NodeId, o.Value]).sort(), [['cab-01', 0], ['cab-02', 990]])
    client.close()
  })

  it('gives clients at one rate the same batches, a client at another rate its own, and keeps the batches going when one of them leaves', async () => {
    const [first, second, slow] = await Promise.all(['/ws/venue', '/ws/venue?outputsHz=10', '/ws/venue?outputsHz=2'].map(async (path) => RecordingClient.inject(venue.app, path)))
    for (let ms = 0; ms < 500; ms += 10) {
      relay(lamp('cab-01', 'lamp0', ms))
      await settle()
      mock.timers.tick(10)
    }
    await settle()
    assert.ok(outputsOf(first!.frames).length >= 5)
    assert.deepEqual(outputsOf(second!.frames), outputsOf(first!.frames))
    assert.ok(outputsOf(slow!.frames).length <= 2, `${outputsOf(slow!.frames).length} batches in half a second at 2 Hz`)
    first!.close()
    await settle()
    const before = outputsOf(second!.frames).length
    relay(lamp('cab-01', 'lamp0', 1000))
    mock.timers.tick(100)
    await settle()
    assert.deepEqual(outputsOf(second!.frames).slice(before).flat().map((o) => o.Value), [1000])
    second!.close()
    slow!.close()
  })

  it('keeps a client through a burst that closes one asking every change (its queue overflows)', async () => {
    const windowed = await RecordingClient.inject(venue.app, '/ws/venue')
    const everyChange = await RecordingClient.inject(venue.app, '/ws/venue?outputsHz=every')
    for (let i = 0; i < 5000; i++) relay(lamp(`cab-${String(i % 100).padStart(2, '0')}`, 'lamp0', i))
    relay(selection('cab-07', 'galaga'))
    await settle()
    mock.timers.tick(100)
    await settle()
    assert.equal(await everyChange.closed(), 1013)
    assert.equal(windowed.closeCode, null)
    assert.ok(windowed.types().includes('ui.game.selected'))
    const last = new Map(outputsOf(windowed.frames).flat().map((o) => [o.NodeId, o.Value]))
    assert.equal(last.size, 100)
    assert.equal(last.get('cab-99'), 4999)
    windowed.close()
  })
})

describe('the venue\'s AsyncAPI document', () => {
  it('documents venue.outputs on /ws/venue and the rate a client asks for, and the parser accepts it', async () => {
    const venue = await startVenue('mqtt://127.0.0.1:1', {}, { skipStart: true })
    try {
      const text = (await venue.app.inject('/asyncapi.json')).body
      const { diagnostics } = await new Parser().parse(text)
      assert.deepEqual(diagnostics.filter((d) => d.severity === 0).map((d) => `${d.code}: ${d.message} at ${d.path.join('.')}`), [])
      const channel = (JSON.parse(text) as { channels: Record<string, { messages: Record<string, unknown>, bindings?: { ws: { query: { properties: Record<string, { oneOf: Array<Record<string, unknown>> }> } } } }> }).channels.venue!
      assert.ok('venue.outputs' in channel.messages)
      assert.deepEqual(channel.bindings?.ws.query.properties.outputsHz?.oneOf[0], { type: 'number', minimum: 1, maximum: 50, default: 10 })
    } finally {
      await venue.close()
    }
  })
})
