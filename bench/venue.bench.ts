/**
 * venue: simulated cabinets publish through a real Mosquitto (selection changes, and arcade
 * outputs at a fixed rate each) to the venue (`dist/cli.js venue`) and its /ws/venue clients.
 * End-to-end latency (publish -> WebSocket frame) and loss, against mosquitto_sub reading the same
 * topics straight from the broker as the baseline. Scale with BENCH_VENUE_CABINETS,
 * BENCH_VENUE_RATE (outputs/s per cabinet), BENCH_VENUE_CLIENTS and BENCH_VENUE_SECONDS.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import mqtt, { type MqttClient } from 'mqtt'
import WebSocket from 'ws'
import { Broker, mosquittoSubPeer } from '../test/support/mosquitto.js'
import { freePort, round, stopChild, summarize, waitForHttp, writeResult } from './lib.js'

const setting = (name: string, fallback: number): number => Number(process.env[`BENCH_VENUE_${name}`] ?? fallback)
const cabinets = setting('CABINETS', 100)
// The issue asks for 50/s per cabinet; on the 2-core shared machine this was built on, that saturates the
// driver itself (even mosquitto_sub's latency went to seconds), so the default is 5/s (README: MQTT).
const ratePerCabinet = setting('RATE', 5)
const clientCount = setting('CLIENTS', 50)
const seconds = setting('SECONDS', 10)
const selectionEverySeconds = 2
/** Latency is read on a few clients: parsing every frame of every client would measure this driver. */
const latencySampleClients = 5
const drainMs = 15_000
const cliPath = new URL('../dist/cli.js', import.meta.url).pathname

const envelope = (nodeId: string, type: string, payload: Record<string, unknown>): string =>
  JSON.stringify({ Type: type, Ts: new Date().toISOString(), NodeId: nodeId, CorrelationId: `${nodeId}-${String(payload.N)}`, Payload: payload })

async function connectCabinets (broker: Broker): Promise<MqttClient[]> {
  return Promise.all(Array.from({ length: cabinets }, async (_, i) => {
    const nodeId = `sim-${String(i).padStart(3, '0')}`
    const client = await mqtt.connectAsync(broker.url, { clientId: nodeId, will: { topic: `cabinethub/${nodeId}/status`, payload: Buffer.from('offline'), qos: 1, retain: true } })
    await client.publishAsync(`cabinethub/${nodeId}/status`, 'online', { qos: 1, retain: true })
    return client
  }))
}

/** Publishes outputs at the rate, and a selection now and then, from every cabinet; returns how many outputs went out. */
async function drive (clients: MqttClient[]): Promise<number> {
  const tickMs = 1000 / ratePerCabinet
  const ticks = Math.round(seconds * ratePerCabinet)
  const start = performance.now()
  let sent = 0
  for (let tick = 0; tick < ticks; tick++) {
    clients.forEach((client, i) => {
      const nodeId = `sim-${String(i).padStart(3, '0')}`
      client.publish(`cabinethub/${nodeId}/arcade/cabemu.output.changed`, envelope(nodeId, 'cabemu.output.changed', { Name: 'lamp0', Value: tick % 2, N: tick, SentAt: performance.now() }), { qos: 1 })
      sent++
      if ((tick + i) % (selectionEverySeconds * ratePerCabinet) === 0) {
        const game = `game-${String(tick)}`
        client.publish(`cabinethub/${nodeId}/frontend/ui.game.selected`, envelope(nodeId, 'ui.game.selected', { SystemId: 'mame', Rom: game, GameName: game, N: tick }), { qos: 1 })
        client.publish(`cabinethub/${nodeId}/summary`, JSON.stringify({ state: 'browsing', system: 'mame', game, gameName: game, image: null, score: null, frontendRunning: true }), { qos: 1, retain: true })
      }
    })
    const wait = start + (tick + 1) * tickMs - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  }
  return sent
}

interface PathResult { readonly received: number, readonly expected: number, readonly lost: number, readonly latencyMs: { p50: number, p99: number, max: number } }

const latencyOf = (samples: number[]) => {
  const summary = summarize(samples)
  return { p50: summary.p50Ms, p99: summary.p99Ms, max: summary.maxMs }
}

const broker = await Broker.start()
const venuePort = await freePort()
const venue = spawn(process.execPath, [cliPath, 'venue', '--port', String(venuePort), '--data-dir', mkdtempSync(path.join(tmpdir(), 'cabinet-hub-bench-venue-')), '--mqtt-url', broker.url, '--log-level', 'warn'], { stdio: ['ignore', 'ignore', 'inherit'] })
try {
  await waitForHttp(`http://127.0.0.1:${venuePort}/api/v1/startup/ready`, venue)

  // Baseline: mosquitto_sub on the same topics, straight from the broker.
  const baselineLatencies: number[] = []
  let baselineReceived = 0
  const sub = spawn(mosquittoSubPeer.path!, ['-h', '127.0.0.1', '-p', String(broker.port), '-q', '1', '-t', 'cabinethub/+/#', '-F', '%p'], { stdio: ['ignore', 'pipe', 'inherit'] })
  let partial = ''
  sub.stdout.on('data', (chunk: Buffer) => {
    const now = performance.now()
    const lines = (partial + chunk.toString()).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) {
      if (!line.includes('"cabemu.output.changed"')) continue
      baselineReceived++
      baselineLatencies.push(now - (JSON.parse(line) as { Payload: { SentAt: number } }).Payload.SentAt)
    }
  })

  const venueLatencies: number[] = []
  const counts = new Array<number>(clientCount).fill(0)
  let closedByServer = 0
  const sockets = await Promise.all(Array.from({ length: clientCount }, async (_, index) => new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${venuePort}/ws/venue`)
    socket.on('message', (data: Buffer) => {
      const text = data.toString()
      if (!text.includes('"cabemu.output.changed"')) return
      counts[index]! += 1
      if (index < latencySampleClients) venueLatencies.push(performance.now() - (JSON.parse(text) as { Payload: { SentAt: number } }).Payload.SentAt)
    })
    socket.on('close', (code) => { if (code !== 1000 && code !== 1005) closedByServer++ })
    socket.once('open', () => resolve(socket))
    socket.once('error', reject)
  })))
  const clients = await connectCabinets(broker)
  await new Promise((resolve) => setTimeout(resolve, 500))

  const started = performance.now()
  const sent = await drive(clients)
  const publishSeconds = (performance.now() - started) / 1000
  const drainDeadline = performance.now() + drainMs
  while (performance.now() < drainDeadline && (baselineReceived < sent || counts.some((c) => c < sent))) await new Promise((resolve) => setTimeout(resolve, 100))

  const venueReceived = counts.reduce((a, b) => a + b, 0)
  const venueResult: PathResult = { received: venueReceived, expected: sent * clientCount, lost: sent * clientCount - venueReceived, latencyMs: latencyOf(venueLatencies) }
  const baselineResult: PathResult = { received: baselineReceived, expected: sent, lost: sent - baselineReceived, latencyMs: latencyOf(baselineLatencies) }
  const cabinetsSeen = ((await (await fetch(`http://127.0.0.1:${venuePort}/api/v1/venue/cabinets`)).json()) as { cabinets: unknown[] }).cabinets.length
  for (const socket of sockets) socket.terminate()
  await Promise.all(clients.map(async (client) => client.endAsync()))
  await stopChild(sub)

  const ratios = { p50Latency: round(venueResult.latencyMs.p50 / baselineResult.latencyMs.p50), p99Latency: round(venueResult.latencyMs.p99 / baselineResult.latencyMs.p99) }
  writeResult('venue', {
    setup: { cabinets, outputsPerSecondPerCabinet: ratePerCabinet, selectionEverySeconds, wsVenueClients: clientCount, seconds, achievedOutputsPerSecond: round(sent / publishSeconds, 0), latencySampleClients, broker: 'mosquitto (one, loopback)', qos: 1 },
    venue: { ...venueResult, cabinetsListed: cabinetsSeen, clientsClosedByServer: closedByServer },
    baseline: { name: 'mosquitto_sub on cabinethub/+/#', ...baselineResult },
    ratios
  }, `${cabinets} cabinets x ${ratePerCabinet}/s to ${clientCount} /ws/venue clients: venue p50 ${venueResult.latencyMs.p50} ms, p99 ${venueResult.latencyMs.p99} ms, lost ${venueResult.lost}/${venueResult.expected}; mosquitto_sub p50 ${baselineResult.latencyMs.p50} ms, p99 ${baselineResult.latencyMs.p99} ms, lost ${baselineResult.lost}/${baselineResult.expected}`)
} finally {
  await stopChild(venue)
  await broker.stop()
}
