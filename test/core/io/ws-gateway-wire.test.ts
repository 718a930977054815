/**
 * The gateway on the wire: a client that stops reading its TCP socket, and pings on the real
 * interval. Both need a socket and the wall clock, so they run in the service tier.
 */
import assert from 'node:assert/strict'
import { connect, type Socket } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { startHub, type TestHub } from '../../support/hub.js'
import { RecordingClient } from '../../support/ws-client.js'

describe('slow clients', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ listen: true, options: { wsMaxQueuedBytes: '262144', wsMaxBufferedBytes: '65536' } }) })
  after(async () => hub.close())

  it('closes a client that stops reading with 1013 and keeps delivering everything to the others', async () => {
    let rawSocket: Socket | null = null
    const slow = await RecordingClient.connect(`${hub.wsBase}/ws/arcade`, {
      createConnection: (options: { host?: string, port?: number }) => {
        rawSocket = connect({ host: options.host ?? '127.0.0.1', port: Number(options.port) })
        return rawSocket
      }
    } as never)
    const fast = await RecordingClient.connect(`${hub.wsBase}/ws/arcade`)
    rawSocket!.pause()

    const filler = 'x'.repeat(4096)
    const total = 6000
    for (let i = 0; i < total; i++) {
      hub.hub.bus.publish('cabemu.output.changed', { MachineName: 'pong', N: i, Filler: filler })
      // Yield now and then so sockets really write, as a live service would between events.
      if (i % 20 === 0) await new Promise((resolve) => setImmediate(resolve))
    }
    await fast.until((c) => c.frames.length >= total, 20_000)
    assert.deepEqual(fast.frames.map((f) => f.Payload.N), [...Array(total).keys()])
    assert.equal(hub.hub.gateway.counts().clientsByStream.arcade, 1, 'the slow client is no longer counted')

    rawSocket!.resume()
    assert.equal(await slow.closed(20_000), 1013)
    assert.ok(slow.frames.length < total)
    fast.close()
  })
})

describe('keepalive', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ listen: true, options: { wsPingIntervalMs: '50' } }) })
  after(async () => hub.close())

  it('terminates a socket that misses two pongs and keeps one that answers', async () => {
    const silent = await RecordingClient.connect(`${hub.wsBase}/ws/frontend`, { autoPong: false })
    const alive = await RecordingClient.connect(`${hub.wsBase}/ws/frontend`)
    const code = await silent.closed()
    assert.equal(code, 1006, 'terminated without a close frame')
    await alive.until((c) => c.pings >= 4)
    assert.equal(alive.closeCode, null)
    alive.close()
  })
})
