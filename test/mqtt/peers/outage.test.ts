/**
 * When the broker goes away, and when a cabinet dies: a real Mosquitto stopped and restarted
 * mid-stream, a connection cut without a disconnect, and the built command line killed with SIGKILL.
 */
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { after, before, describe, it } from 'node:test'
import { cli, freePort, run, waitForHealth } from '../../support/cli.js'
import { startHub, tempDir, type TestHub } from '../../support/hub.js'
import { Broker, BrokerDoor, mosquittoSkip, payloadOf as json, SubReader, subscribedReader } from '../../support/mosquitto.js'
import { eventually } from '../../support/sim.js'
import { ingestHook as hook, startVenue, statusSection, venueCabinet } from '../../support/venue.js'

const bridgeStatus = async (hub: TestHub) => statusSection(hub.baseUrl, 'mqtt')

describe('a broker stopped and restarted mid-stream', { skip: mosquittoSkip }, () => {
  const queueLimit = 50
  let broker: Broker
  let door: BrokerDoor
  let cabinet: TestHub

  before(async () => {
    broker = await Broker.start()
    door = await BrokerDoor.start(broker)
    cabinet = await startHub({ listen: true, options: { mqttUrl: door.url, nodeId: 'cab-r', mqttQueueLimit: String(queueLimit) } })
  })
  after(async () => {
    await cabinet?.close()
    await door?.close()
    await broker?.stop()
  })

  it('keeps running, queues within the bound, counts what it drops, then republishes the retained state and flushes in order', async () => {
    const before = await subscribedReader(broker, 'cabinethub/cab-r/#', 'cabinethub/cab-r/probe')
    await eventually(() => bridgeStatus(cabinet), (s) => s.connected, 'connected')
    await hook(cabinet, 'game-selected', 'mame', '/cab/roms/mame/1943.zip', '1943: The Battle of Midway')
    for (let i = 0; i < 10; i++) await hook(cabinet, 'sleep')
    await before.until((r) => r.on('cabinethub/cab-r/frontend/ui.event').length === 10 && r.on('cabinethub/cab-r/marquee/marquee.snapshot').length === 1)
    await before.stop()

    await broker.stop()
    door.shut()
    await eventually(() => bridgeStatus(cabinet), (s) => !s.connected, 'the bridge saw the broker go')
    const sent = 80
    for (let i = 0; i < sent; i++) await hook(cabinet, 'sleep')
    const waiting = await bridgeStatus(cabinet)
    assert.deepEqual([waiting.queued, waiting.dropped], [queueLimit, sent - queueLimit])
    assert.equal((await fetch(`${cabinet.baseUrl}/api/v1/health`)).status, 200, 'the service keeps running')

    await broker.resume()
    const afterRestart = await subscribedReader(broker, 'cabinethub/cab-r/#', 'cabinethub/cab-r/probe')
    door.reopen()
    await afterRestart.until((r) => r.on('cabinethub/cab-r/frontend/ui.event').length === queueLimit, 30_000)
    const flushed = afterRestart.on('cabinethub/cab-r/frontend/ui.event').map((m) => json(m).Payload.Sequence as number)
    const sequences = [...flushed].sort((a, b) => a - b)
    assert.deepEqual(flushed, sequences, 'in the order they were published')
    assert.equal(new Set(flushed).size, queueLimit)
    assert.equal(sequences.at(-1)! - sequences[0]! + 1, queueLimit, 'the newest ones, without a gap: the dropped ones are the oldest')
    const settled = await bridgeStatus(cabinet)
    assert.deepEqual([settled.connected, settled.queued, settled.dropped], [true, 0, sent - queueLimit])
    await afterRestart.stop()

    // The restarted broker had lost every retained message; the bridge sent its state again.
    const late = SubReader.start(broker, ['cabinethub/cab-r/#'])
    try {
      await late.until((r) => r.on('cabinethub/cab-r/marquee/marquee.snapshot').length > 0 && r.on('cabinethub/cab-r/status').length > 0 && r.on('cabinethub/cab-r/summary').length > 0)
      const marquee = late.on('cabinethub/cab-r/marquee/marquee.snapshot')[0]!
      assert.deepEqual([marquee.retained, json(marquee).Payload.SelectionKey], [true, 'mame|1943'])
      assert.deepEqual(late.on('cabinethub/cab-r/status').map((m) => [m.payload, m.retained]), [['online', true]])
      assert.equal(json(late.on('cabinethub/cab-r/summary')[0]!).gameName, '1943: The Battle of Midway')
    } finally {
      await late.stop()
    }
  })
})

describe('a cabinet that dies without disconnecting', { skip: mosquittoSkip }, () => {
  let broker: Broker
  let venue: TestHub

  before(async () => {
    broker = await Broker.start()
    venue = await startVenue(broker.url, {}, { listen: true })
  })
  after(async () => {
    await venue?.close()
    await broker?.stop()
  })

  it('turns offline through its last will when its connection is cut, and online again when it is back', async () => {
    const door = await BrokerDoor.start(broker)
    const cabinet = await startHub({ listen: true, options: { mqttUrl: door.url, nodeId: 'cab-w' } })
    try {
      await eventually(() => venueCabinet(venue.baseUrl, 'cab-w'), (c) => c?.online === true, 'cab-w online in the venue')
      door.shut()
      await eventually(() => venueCabinet(venue.baseUrl, 'cab-w'), (c) => c?.online === false, 'cab-w offline in the venue')
      door.reopen()
      await eventually(() => venueCabinet(venue.baseUrl, 'cab-w'), (c) => c?.online === true, 'cab-w back online')
    } finally {
      await cabinet.close()
      await door.close()
    }
    // A clean stop says offline itself.
    await eventually(() => venueCabinet(venue.baseUrl, 'cab-w'), (c) => c?.online === false, 'cab-w offline after its stop')
  })

  it('shows a command-line cabinet killed with SIGKILL offline, on the broker and in the command-line venue', async () => {
    const [cabinetPort, venuePort] = [await freePort(), await freePort()]
    const child = spawn(process.execPath, [cli, 'serve', '--port', String(cabinetPort), '--data-dir', tempDir(), '--es-config-dir', tempDir(), '--es-url', `http://127.0.0.1:${await freePort()}`, '--node-id', 'cab-k', '--mqtt-url', broker.url, '--log-level', 'warn'], { stdio: ['ignore', 'pipe', 'pipe'] })
    const venueChild = spawn(process.execPath, [cli, 'venue', '--port', String(venuePort), '--data-dir', tempDir(), '--mqtt-url', broker.url, '--log-level', 'warn'], { stdio: ['ignore', 'pipe', 'pipe'] })
    const cliVenue = `http://127.0.0.1:${venuePort}`
    try {
      await waitForHealth(venuePort, venueChild)
      await waitForHealth(cabinetPort, child)
      await eventually(() => venueCabinet(cliVenue, 'cab-k'), (c) => c?.online === true, 'cab-k online in the venue')
      child.kill('SIGKILL')
      await once(child, 'exit')
      await eventually(() => venueCabinet(cliVenue, 'cab-k'), (c) => c?.online === false, 'cab-k offline in the venue')
      const late = SubReader.start(broker, ['cabinethub/cab-k/status'])
      try {
        await late.until((r) => r.messages.length > 0)
        assert.deepEqual(late.messages.map((m) => [m.payload, m.retained]), [['offline', true]])
      } finally {
        await late.stop()
      }
      const status = await statusSection(cliVenue, 'venue')
      assert.equal(status.connected, true)
      // Started after cab-w went, the venue still learns of it from the retained status.
      assert.equal((await venueCabinet(cliVenue, 'cab-w'))?.online, false)
    } finally {
      for (const process of [child, venueChild]) if (process.exitCode === null) process.kill('SIGKILL')
    }
  })
})

describe('the venue command', () => {
  it('without a broker says so in one line with exit code 2', () => {
    const result = run(['venue', '--port', '0', '--data-dir', tempDir()])
    assert.equal(result.status, 2)
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr)
    assert.match(result.stderr, /^cabinet-hub: venue needs --mqtt-url/)
  })
})
