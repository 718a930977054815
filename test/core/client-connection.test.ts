import assert from 'node:assert/strict'
import { EventEmitter } from 'node:events'
import { describe, it } from 'node:test'
import type { Duplex } from 'node:stream'
import type { WebSocket } from 'ws'
import { ClientConnection } from '../../src/core/ws/client-connection.js'

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

class FakeConnection extends EventEmitter {
  writableLength = 0
  cork (): void {}
  uncork (): void {}
}

function makeClient (maxQueuedBytes = 1000): { socket: FakeSocket, connection: FakeConnection, client: ClientConnection, overflows: number[] } {
  const socket = new FakeSocket()
  const connection = new FakeConnection()
  const overflows: number[] = []
  const client = new ClientConnection(socket as unknown as WebSocket, connection as unknown as Duplex, 'panel', { maxQueuedBytes, maxBufferedBytes: 100 }, (c) => overflows.push(c.queuedBytes))
  return { socket, connection, client, overflows }
}

describe('ClientConnection queue', () => {
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
