/** One machine of the LAN cannot take every connection of the service; this machine's programs are not counted. */
import assert from 'node:assert/strict'
import { EventEmitter } from 'node:events'
import type { Server } from 'node:http'
import { describe, it } from 'node:test'
import { capConnectionsPerAddress } from '../../src/core/http-limits.js'

class FakeSocket extends EventEmitter {
  destroyed = false
  constructor (readonly remoteAddress: string) { super() }
  destroy (): void {
    this.destroyed = true
    this.emit('close')
  }
}

describe('connections per address', () => {
  it('closes the connections of another machine past the cap, counts closed ones out, and never caps loopback', () => {
    const server = new EventEmitter()
    capConnectionsPerAddress(server as unknown as Server, 3)
    const open = (address: string): FakeSocket => {
      const socket = new FakeSocket(address)
      server.emit('connection', socket)
      return socket
    }
    const lan = Array.from({ length: 5 }, () => open('192.168.1.50'))
    assert.deepEqual(lan.map((s) => s.destroyed), [false, false, false, true, true])
    assert.equal(open('192.168.1.51').destroyed, false, 'another machine has its own count')
    lan[0]!.emit('close')
    assert.equal(open('192.168.1.50').destroyed, false, 'a closed connection makes room')
    assert.equal(open('192.168.1.50').destroyed, true)
    assert.ok(Array.from({ length: 20 }, () => open('127.0.0.1')).every((s) => !s.destroyed))
    assert.ok(Array.from({ length: 20 }, () => open('::ffff:127.0.0.1')).every((s) => !s.destroyed))
  })
})
