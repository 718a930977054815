import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { FakeOutputServer } from '../../support/fake-output-server.js'
import { quietPeers } from '../../support/game-events.js'
import { startHub, type TestHub } from '../../support/hub.js'
import { RecordingClient, type Frame } from '../../support/ws-client.js'

const outputs = (client: RecordingClient, type = 'cabemu.output.changed'): string[] =>
  client.frames.filter((f) => f.Type === type).map((f) => {
    const signal = (f.Payload.Signals as Array<{ Key: string, Value: number }>)[0]!
    return `${signal.Key}=${signal.Value}`
  })

const ofType = (client: RecordingClient, type: string): Frame[] => client.frames.filter((f) => f.Type === type)

describe('cabemu output client (against a local output server)', () => {
  let server: FakeOutputServer
  let second: FakeOutputServer
  let hub: TestHub
  before(async () => {
    server = await FakeOutputServer.start()
    second = await FakeOutputServer.start()
    hub = await startHub({ listen: true,
      options: { ...quietPeers, cabemuEnabled: true, cabemuPort: String(server.port), cabemu2Enabled: true, cabemu2Port: String(second.port) }
    })
  })
  after(async () => {
    await hub.close()
    await server.close()
    await second.close()
  })

  it('reads CR, LF and CRLF lines split anywhere, drops garbage, and delivers every change in order', async () => {
    const arcade = await RecordingClient.connect(`${hub.wsBase}/ws/arcade`)
    const socket = await server.connection()
    socket.write('mame_start = blasto\rlamp0 = 1\nlamp0 = 0\r')
    socket.write('\nla')
    socket.write('mp0 = 1\r')
    socket.write('\n\u0000\u00ff junk without equals\r= 5\rlamp1 = abc\r')
    socket.write(`${'x'.repeat(5000)} = 1\r`)
    socket.write('lamp0 = 0\r\nlamp0 = 0\r')
    await arcade.until((c) => outputs(c).length >= 5)
    await new Promise((resolve) => setTimeout(resolve, 100))

    assert.deepEqual(ofType(arcade, 'cabemu.session.started').map((f) => f.Payload), [{ Source: 'cabemu', MachineName: 'blasto', Port: server.port }])
    assert.deepEqual(outputs(arcade), ['lamp0=1', 'lamp0=0', 'lamp0=1', 'lamp0=0', 'lamp0=0'], 'equal values are not deduplicated')
    assert.deepEqual(ofType(arcade, 'arcade.output.changed').map((f) => `${String(f.Payload.Source)}:${String(f.Payload.MachineName)}:${String(f.Payload.Key)}=${String(f.Payload.Value)}`),
      ['cabemu:blasto:lamp0=1', 'cabemu:blasto:lamp0=0', 'cabemu:blasto:lamp0=1', 'cabemu:blasto:lamp0=0', 'cabemu:blasto:lamp0=0'])
    const status = await (await fetch(`${hub.baseUrl}/api/v1/ingame/status`)).json() as { sources: { cabemu: Array<{ instance: string, connected: boolean, machineName: string | null, ignoredLines: number }> } }
    const first = status.sources.cabemu.find((c) => c.instance === 'cabemu')!
    assert.equal(first.connected, true)
    assert.equal(first.machineName, 'blasto')
    assert.equal(first.ignoredLines, 4)
    arcade.close()
  })

  it('delivers a burst of fast toggles written at once, none lost, none reordered', async () => {
    const arcade = await RecordingClient.connect(`${hub.wsBase}/ws/arcade`)
    const socket = await server.connection()
    const burst = Array.from({ length: 2000 }, (_, i) => `led${i % 3} = ${i}`)
    socket.write(`${burst.join('\r')}\r`)
    await arcade.until((c) => outputs(c).length >= burst.length, 15_000)
    assert.deepEqual(outputs(arcade), burst.map((l) => l.replace(' = ', '=')))
    arcade.close()
  })

  it('composes a live score from digit outputs, published only when it changes', async () => {
    const score = await RecordingClient.connect(`${hub.wsBase}/ws/score`)
    const arcade = await RecordingClient.connect(`${hub.wsBase}/ws/arcade`)
    const socket = await server.connection()
    socket.write('score0 = 5\rscore1 = 2\rscore1 = 2\rlamp_start = 1\rscore2 = 7\r')
    await arcade.until((c) => outputs(c).includes('score2=7'))
    await score.until((c) => c.frames.some((f) => f.Payload.Score === 725))
    assert.deepEqual(score.frames.filter((f) => f.Payload.Source === 'mame.output').map((f) => f.Payload.Score), [5, 25, 725])
    const last = score.frames.at(-1)!.Payload
    assert.equal(last.SystemId, 'arcade')
    assert.equal(last.Rom, 'blasto')
    assert.deepEqual((last.Parts as Array<{ Key: string, Contribution: number }>).map((p) => `${p.Key}:${p.Contribution}`), ['score2:700', 'score1:20', 'score0:5'])
    score.close()
    arcade.close()
  })

  it('drops a line cut by a disconnect, reports the session stopped, and reconnects to a new session', async () => {
    const arcade = await RecordingClient.connect(`${hub.wsBase}/ws/arcade`)
    const ingame = await RecordingClient.connect(`${hub.wsBase}/ws/ingame`)
    const socket = await server.connection()
    socket.write('lamp2 = 1')
    await new Promise((resolve) => setTimeout(resolve, 50))
    socket.destroy()
    await arcade.until((c) => c.types().includes('cabemu.session.stopped'))
    assert.deepEqual(ofType(arcade, 'cabemu.session.stopped').map((f) => f.Payload), [{ Source: 'cabemu', MachineName: 'blasto', Port: server.port, Reason: 'disconnected' }])

    const again = await server.connection(2)
    again.write('mame_start = galaxian\rlamp2 = 3\r')
    await arcade.until((c) => outputs(c).includes('lamp2=3'))
    assert.deepEqual(outputs(arcade), ['lamp2=3'], 'the cut line never became an output')
    assert.equal(ofType(arcade, 'cabemu.session.started').at(-1)!.Payload.MachineName, 'galaxian')
    again.write('mame_stop = 1\r')
    await arcade.until((c) => ofType(c, 'cabemu.session.stopped').length === 2)
    assert.equal(ofType(arcade, 'cabemu.session.stopped').at(-1)!.Payload.Reason, 'stopped')
    await ingame.until((c) => c.frames.length >= 3)
    assert.deepEqual(ingame.frames.map((f) => `${f.Type} ${String(f.Payload.Rom)} ${String(f.Payload.Reason)}`), [
      'ingame.cabemu.session.stopped blasto disconnected',
      'ingame.cabemu.session.started galaxian undefined',
      'ingame.cabemu.session.stopped galaxian stopped'
    ])
    arcade.close()
    ingame.close()
  })

  it('runs a second instance whose events carry the cabemu2 prefix', async () => {
    const arcade = await RecordingClient.connect(`${hub.wsBase}/ws/arcade`)
    const socket = await second.connection()
    socket.write('mame_start = pong\r\nlamp0 = 1\r\n')
    await arcade.until((c) => c.types().includes('cabemu2.output.changed'))
    assert.deepEqual(arcade.types().filter((t) => t.startsWith('cabemu')), ['cabemu2.session.started', 'cabemu2.output.changed'])
    assert.equal(ofType(arcade, 'arcade.output.changed').at(-1)!.Payload.Source, 'cabemu2')
    arcade.close()
  })
})
