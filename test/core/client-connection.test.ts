import assert from 'node:assert/strict'
import { EventEmitter } from 'node:events'
import { describe, it } from 'node:test'
import type { Duplex } from 'node:stream'
import type { WebSocket } from 'ws'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { PublishedEvent } from '../../src/core/event-bus.js'
import { ClientConnection } from '../../src/core/ws/client-connection.js'
import { StreamGateway } from '../../src/core/ws/gateway.js'
import { WriteBatch } from '../../src/core/ws/write-batch.js'

/** A socket whose unsent bytes the test controls, recording what was sent and how it was closed. */
class FakeSocket extends EventEmitter {
  bufferedAmount = 0
  readonly sent: string[] = []
  closedWith: number | null = null
  send (frame: Buffer): void { this.sent.push(frame.toString()) }
  close (code: number): void { this.closedWith = code }
  ping (): void {}
  terminate (): void { this.closedWith = 1006 }
}

/** Counts corks and uncorks: what is written between the outermost cork and its uncork leaves in one system call. */
class FakeConnection extends EventEmitter {
  writableLength = 0
  corks = 0
  uncorks = 0
  cork (): void { this.corks += 1 }
  uncork (): void { this.uncorks += 1 }
}

function makeClient (maxQueuedBytes = 1000, batch = new WriteBatch()): { socket: FakeSocket, connection: FakeConnection, client: ClientConnection, overflows: number[] } {
  const socket = new FakeSocket()
  const connection = new FakeConnection()
  const overflows: number[] = []
  const client = new ClientConnection(socket as unknown as WebSocket, connection as unknown as Duplex, batch, 'panel', { maxQueuedBytes, maxBufferedBytes: 100 }, (c) => overflows.push(c.queuedBytes))
  return { socket, connection, client, overflows }
}

describe('ClientConnection queue', () => {
  it('holds every client written to in one turn of the event loop corked, and lets them all go once the turn ends', async () => {
    const batch = new WriteBatch()
    const first = makeClient(1000, batch)
    const second = makeClient(1000, batch)
    for (const frame of ['a', 'b', 'c']) {
      first.client.send(Buffer.from(frame), null)
      second.client.send(Buffer.from(frame), null)
    }
    assert.deepEqual([first.connection.corks, first.connection.uncorks, second.connection.corks, second.connection.uncorks], [1, 0, 1, 0])
    await nextTurn()
    assert.deepEqual([first.connection.uncorks, second.connection.uncorks], [1, 1])
    assert.deepEqual(first.socket.sent, ['a', 'b', 'c'])
    first.client.send(Buffer.from('d'), null)
    assert.equal(first.connection.corks, 2, 'the next turn corks again')
  })

  it('sends a large batch before the turn ends, and a flush sends at once', () => {
    const { connection, client } = makeClient()
    client.send(Buffer.from('a'), null)
    connection.writableLength = 64 * 1024
    client.send(Buffer.from('b'), null)
    assert.equal(connection.uncorks, 1)
    client.flush()
    assert.equal(connection.uncorks, 2)
    assert.equal(connection.corks - connection.uncorks, 1, 'still corked for the rest of the turn')
  })

  it('writes straight through while the socket drains', () => {
    const { socket, client } = makeClient()
    client.send(Buffer.from('a'), null)
    client.send(Buffer.from('b'), 'panel.state')
    assert.deepEqual(socket.sent, ['a', 'b'])
  })

  it('keeps only the newest pending snapshot per key, never drops inputs, and keeps publish order', () => {
    const { socket, connection, client } = makeClient()
    socket.bufferedAmount = 500
    client.send(Buffer.from('state-1'), 'panel.state')
    client.send(Buffer.from('press'), null)
    client.send(Buffer.from('state-2'), 'panel.state')
    client.send(Buffer.from('release'), null)
    client.send(Buffer.from('state-3'), 'panel.state')
    assert.deepEqual(socket.sent, [])
    socket.bufferedAmount = 0
    connection.emit('drain')
    assert.deepEqual(socket.sent, ['press', 'release', 'state-3'])
    assert.equal(client.queuedBytes, 0)
  })

  it('closes with 1013 when the waiting frames exceed the byte bound, and sends nothing after', () => {
    const { socket, connection, client, overflows } = makeClient(30)
    socket.bufferedAmount = 500
    for (let i = 0; i < 3; i++) client.send(Buffer.from(`input-${i}xx`), null)
    assert.equal(socket.closedWith, null)
    client.send(Buffer.from('input-3xx'), null)
    assert.equal(socket.closedWith, 1013)
    assert.deepEqual(overflows, [27])
    socket.bufferedAmount = 0
    connection.emit('drain')
    client.send(Buffer.from('late'), null)
    assert.deepEqual(socket.sent, [])
  })
})

describe('StreamGateway writes', () => {
  const event = (type: string, leaveNow: boolean): PublishedEvent => ({
    envelope: { Type: type, Ts: new Date(0).toISOString(), NodeId: 'cab-01', CorrelationId: type, Payload: {} },
    json: JSON.stringify({ Type: type }),
    coalesceKey: null,
    retainSlot: null,
    clearsSlot: null,
    journaled: true,
    leaveNow
  })

  it('sends an event published to leave now at once, with what every client got before it, and what follows with the turn', async () => {
    const streamsOf: Record<string, string[]> = { 'esevent.game-selected': ['esevent'] }
    const gateway = new StreamGateway({ pingIntervalMs: 60_000, maxQueuedBytes: 1000, maxBufferedBytes: 100, retainedSlots: [], streamsFor: (type) => streamsOf[type] ?? ['frontend'], onSlowClient: () => {}, latestValuesOf: () => null, envelopeJson: (type, payload) => JSON.stringify({ Type: type, Payload: payload }) })
    const attach = (stream: string) => {
      const socket = new FakeSocket()
      const connection = new FakeConnection()
      gateway.attach(socket as unknown as WebSocket, connection as unknown as Duplex, stream)
      return { socket, connection, uncorksAtAttach: connection.uncorks }
    }
    const frontend = attach('frontend')
    const esevent = attach('esevent')
    const types = (socket: FakeSocket): string[] => socket.sent.map((frame) => (JSON.parse(frame) as { Type: string }).Type)
    try {
      gateway.publish(event('esevent.game-selected', false))
      assert.equal(esevent.connection.uncorks, esevent.uncorksAtAttach, 'the raw hook waits for the turn')
      gateway.publish(event('ui.game.selected', true))
      assert.equal(frontend.connection.uncorks, frontend.uncorksAtAttach + 1, 'the selection left before the turn ended')
      assert.equal(esevent.connection.uncorks, esevent.uncorksAtAttach + 1, 'and took the raw hook published before it along')
      assert.equal(frontend.connection.corks - frontend.connection.uncorks, 1, 'still corked for the rest of the turn')
      gateway.publish(event('marquee.snapshot', false))
      gateway.publish(event('hiscore.updated', false))
      assert.equal(frontend.connection.uncorks, frontend.uncorksAtAttach + 1, 'what listeners publish waits for the end of the turn')
      await nextTurn()
      assert.equal(frontend.connection.uncorks, frontend.uncorksAtAttach + 2)
      assert.deepEqual(types(frontend.socket), ['ui.game.selected', 'marquee.snapshot', 'hiscore.updated'])
      assert.deepEqual(types(esevent.socket), ['esevent.game-selected'])
    } finally {
      gateway.close()
    }
  })
})
