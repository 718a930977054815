/**
 * venue: simulated cabinets publish through a real Mosquitto (a selection now and then, and a
 * lamp changing at a fixed rate each) to the venue (`dist/cli.js venue`) and its /ws/venue clients,
 * which get the lamps as venue.outputs batches (latest values, 10 a second). Lost: a selection a
 * client never got, or a lamp whose last value it never saw (superseded values may be left out).
 * Latency (publish -> WebSocket frame) against mosquitto_sub reading the same topics in the same
 * run, apart for what the venue passes on at once (selections: how far the venue lags behind) and
 * for lamp values, which a window holds by design for up to one period (1000 / outputsHz ms): their
 * bar is that period plus 1.5 times mosquitto_sub's lamp p99. Every client is timed; frames and
 * mosquitto_sub's lines are only stamped as they arrive and read once the cabinets have stopped,
 * so the driver's parsing neither delays what it times nor takes CPU from the venue. The cabinets
 * publish for a second untimed first (`warmUpSeconds`). Scenarios `CABINETSxRATE` in BENCH_VENUE_SCENARIOS (default
 * 100x20,100x50,500x5), one result each (`venue-100x20.json` ...); BENCH_VENUE_CLIENTS,
 * BENCH_VENUE_SECONDS, BENCH_VENUE_HZ (the clients' outputsHz).
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

const setting = (name: string, fallback: string): string => process.env[`BENCH_VENUE_${name}`] ?? fallback
const scenarios = setting('SCENARIOS', '100x20,100x50,500x5').split(',').map((s) => s.split('x').map(Number) as [number, number])
const clientCount = Number(setting('CLIENTS', '50'))
/** 20 s: a selection every 2 s from 100 cabinets gives mosquitto_sub 1,000 samples, whose p99 the bar divides by. */
const seconds = Number(setting('SECONDS', '20'))
const outputsHz = Number(setting('HZ', '10'))
const selectionEverySeconds = 2
/**
 * Published first and not timed: the venue's first lamps run before V8 has compiled its path, and
 * a venue runs for hours. The first tick alone was a few of the selections over p99.
 */
const warmUpSeconds = 1
const drainMs = 15_000
/** The driver saturates when it publishes under this share of the asked rate, or mosquitto_sub's own p99 passes this. */
const sustainedShare = 0.95
const baselineSaturatedP99Ms = 250
const cliPath = new URL('../dist/cli.js', import.meta.url).pathname

const nodeIdOf = (i: number): string => `sim-${String(i).padStart(3, '0')}`

/** What the cabinets sent: the send time of every timed event by CorrelationId, each lamp's last value, every selection. */
class Sent {
  readonly at = new Map<string, number>()
  readonly lastLamp = new Map<string, string>()
  readonly selections = new Set<string>()
  outputs = 0
  #untimed = 0

  constructor (readonly timed: boolean) {}

  /** A new event's CorrelationId; a timed one's send time is kept. */
  correlationId (nodeId: string): string {
    if (!this.timed) return `warm-up-${nodeId}-${this.#untimed++}`
    const correlationId = `${nodeId}-${this.at.size}`
    this.at.set(correlationId, performance.now())
    return correlationId
  }
}

async function connectCabinets (broker: Broker, cabinets: number): Promise<MqttClient[]> {
  return Promise.all(Array.from({ length: cabinets }, async (_, i) => {
    const nodeId = nodeIdOf(i)
    const client = await mqtt.connectAsync(broker.url, { clientId: nodeId, will: { topic: `cabinethub/${nodeId}/status`, payload: Buffer.from('offline'), qos: 1, retain: true } })
    await client.publishAsync(`cabinethub/${nodeId}/status`, 'online', { qos: 1, retain: true })
    return client
  }))
}

function publish (client: MqttClient, sent: Sent, nodeId: string, stream: string, type: string, payload: Record<string, unknown>): string {
  const correlationId = sent.correlationId(nodeId)
  client.publish(`cabinethub/${nodeId}/${stream}/${type}`, JSON.stringify({ Type: type, Ts: new Date().toISOString(), NodeId: nodeId, CorrelationId: correlationId, Payload: payload }), { qos: 1 })
  return correlationId
}

/** Publishes a lamp change per cabinet per tick at the rate, and a selection now and then. */
async function drive (clients: MqttClient[], rate: number, sent: Sent, forSeconds: number): Promise<void> {
  const tickMs = 1000 / rate
  const ticks = Math.round(forSeconds * rate)
  const start = performance.now()
  for (let tick = 0; tick < ticks; tick++) {
    clients.forEach((client, i) => {
      const nodeId = nodeIdOf(i)
      const value = tick % 2
      const correlationId = publish(client, sent, nodeId, 'arcade', 'cabemu.output.changed', { Source: 'cabemu', MachineName: 'pong', Port: 8000, Signals: [{ Key: 'lamp0', Value: value, Ts: new Date().toISOString() }] })
      sent.lastLamp.set(nodeId, correlationId)
      sent.outputs++
      if ((tick + i) % (selectionEverySeconds * rate) === 0) {
        const game = `game-${String(tick)}`
        sent.selections.add(publish(client, sent, nodeId, 'frontend', 'ui.game.selected', { SystemId: 'mame', Rom: game, GameName: game }))
      }
    })
    const wait = start + (tick + 1) * tickMs - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  }
}

/** Latencies (ms) by kind: selections go on at once, lamp values wait in windows. */
interface Latencies { readonly selections: number[], readonly lamps: number[] }

const noLatencies = (): Latencies => ({ selections: [], lamps: [] })

/**
 * One /ws/venue client: which selections and lamp values reached it, and when. A frame is only timed as it arrives; it is read once the cabinets have stopped (`lost`), so
 * the driver's own parsing (fifty clients, a batch of every cabinet ten times a second each) does
 * not hold up the frames it times, nor take the CPU from the venue it measures.
 */
class VenueClient {
  readonly selections = new Set<string>()
  readonly lastLamp = new Map<string, string>()
  closedByServer = false
  #unread: Array<readonly [at: number, data: Buffer]> = []

  constructor (readonly socket: WebSocket, readonly sent: Sent, readonly latencies: Latencies) {
    socket.on('message', (data: Buffer) => { this.#unread.push([performance.now(), data]) })
    socket.on('close', (code) => { if (code !== 1000 && code !== 1005) this.closedByServer = true })
  }

  /** Selections not delivered and lamps whose last value never arrived. */
  lost (sent: Sent): number {
    this.#read()
    let lost = 0
    for (const selection of sent.selections) if (!this.selections.has(selection)) lost++
    for (const [nodeId, last] of sent.lastLamp) if (this.lastLamp.get(nodeId) !== last) lost++
    return lost
  }

  #read (): void {
    const { sent, latencies } = this
    for (const [at, data] of this.#unread) {
      const frame = JSON.parse(data.toString()) as { Type: string, CorrelationId: string, Payload: { Outputs?: Array<{ NodeId: string, CorrelationId: string }> } }
      const selectedAt = sent.at.get(frame.CorrelationId)
      if (frame.Type === 'ui.game.selected' && selectedAt !== undefined) {
        this.selections.add(frame.CorrelationId)
        latencies.selections.push(at - selectedAt)
      }
      for (const output of frame.Type === 'venue.outputs' ? frame.Payload.Outputs ?? [] : []) {
        const changedAt = sent.at.get(output.CorrelationId)
        if (changedAt === undefined) continue
        this.lastLamp.set(output.NodeId, output.CorrelationId)
        latencies.lamps.push(at - changedAt)
      }
    }
    this.#unread = []
  }
}

async function connectClients (port: number, sent: Sent, latencies: Latencies): Promise<VenueClient[]> {
  return Promise.all(Array.from({ length: clientCount }, async () => new Promise<VenueClient>((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/venue?outputsHz=${outputsHz}`)
    const client = new VenueClient(socket, sent, latencies)
    socket.once('open', () => resolve(client))
    socket.once('error', reject)
  })))
}

/** mosquitto_sub on the same topics: every event it prints, with its latency; read as the clients are (see VenueClient). */
function startBaseline (broker: Broker, sent: Sent) {
  const latencies = noLatencies()
  const received = new Set<string>()
  const sub = spawn(mosquittoSubPeer.path!, ['-h', '127.0.0.1', '-p', String(broker.port), '-q', '1', '-t', 'cabinethub/+/+/+', '-F', '%p'], { stdio: ['ignore', 'pipe', 'inherit'] })
  let unread: Array<readonly [at: number, chunk: Buffer]> = []
  sub.stdout.on('data', (chunk: Buffer) => { unread.push([performance.now(), chunk]) })
  let partial = ''
  /** Every event it printed so far. */
  const read = (): Set<string> => {
    for (const [at, chunk] of unread) {
      const lines = (partial + chunk.toString()).split('\n')
      partial = lines.pop() ?? ''
      for (const line of lines) {
        const { Type, CorrelationId } = JSON.parse(line) as { Type: string, CorrelationId: string }
        const sentAt = sent.at.get(CorrelationId)
        if (sentAt === undefined) continue
        received.add(CorrelationId)
        ;(Type === 'cabemu.output.changed' ? latencies.lamps : latencies.selections).push(at - sentAt)
      }
    }
    unread = []
    return received
  }
  return { sub, latencies, read }
}

const latencyOf = (samples: number[]) => {
  const summary = summarize(samples)
  return { samples: summary.samples, p50: summary.p50Ms, p99: summary.p99Ms, max: summary.maxMs }
}

const latenciesOf = (latencies: Latencies) => ({ selections: latencyOf(latencies.selections), lamps: latencyOf(latencies.lamps) })

async function runScenario (cabinets: number, rate: number): Promise<void> {
  const broker = await Broker.start()
  const venuePort = await freePort()
  const venue = spawn(process.execPath, [cliPath, 'venue', '--port', String(venuePort), '--data-dir', mkdtempSync(path.join(tmpdir(), 'cabinet-hub-bench-venue-')), '--mqtt-url', broker.url, '--log-level', 'warn'], { stdio: ['ignore', 'ignore', 'inherit'] })
  try {
    await waitForHttp(`http://127.0.0.1:${venuePort}/api/v1/startup/ready`, venue)
    const sent = new Sent(true)
    const baseline = startBaseline(broker, sent)
    const venueLatencies = noLatencies()
    const clients = await connectClients(venuePort, sent, venueLatencies)
    const cabinetClients = await connectCabinets(broker, cabinets)
    await new Promise((resolve) => setTimeout(resolve, 500))
    await drive(cabinetClients, rate, new Sent(false), warmUpSeconds)

    const started = performance.now()
    await drive(cabinetClients, rate, sent, seconds)
    const publishSeconds = (performance.now() - started) / 1000
    const deadline = performance.now() + drainMs
    while (performance.now() < deadline && (baseline.read().size < sent.at.size || clients.some((c) => !c.closedByServer && c.lost(sent) > 0))) await new Promise((resolve) => setTimeout(resolve, 100))

    const lost = clients.reduce((sum, c) => sum + c.lost(sent), 0)
    const expected = (sent.selections.size + sent.lastLamp.size) * clientCount
    const venueResult = { expected, lost, latencyMs: latenciesOf(venueLatencies), clientsClosedByServer: clients.filter((c) => c.closedByServer).length }
    const baselineResult = { name: 'mosquitto_sub on cabinethub/+/+/+', expected: sent.at.size, lost: sent.at.size - baseline.read().size, latencyMs: latenciesOf(baseline.latencies) }
    for (const client of clients) client.socket.terminate()
    await Promise.all(cabinetClients.map(async (client) => client.endAsync()))
    await stopChild(baseline.sub)

    const achieved = round(sent.outputs / publishSeconds, 0)
    const asked = cabinets * rate
    const driverSaturated = achieved < asked * sustainedShare || baselineResult.latencyMs.lamps.p99 > baselineSaturatedP99Ms
    const windowMs = 1000 / outputsHz
    const { selections, lamps } = venueResult.latencyMs
    const ratios = {
      selectionsP50Latency: round(selections.p50 / baselineResult.latencyMs.selections.p50),
      selectionsP99Latency: round(selections.p99 / baselineResult.latencyMs.selections.p99),
      /** The lamps' p99 less the window, over mosquitto_sub's lamp p99: what the venue adds beyond holding a value for one period. */
      lampsP99BeyondWindow: round(Math.max(0, lamps.p99 - windowMs) / baselineResult.latencyMs.lamps.p99)
    }
    writeResult(`venue-${cabinets}x${rate}`, {
      setup: { cabinets, outputsPerSecondPerCabinet: rate, selectionEverySeconds, wsVenueClients: clientCount, outputsHz, windowMs, warmUpSeconds, seconds, latencySampleClients: clientCount, broker: 'mosquitto (one, loopback)', qos: 1 },
      driver: { askedOutputsPerSecond: asked, sustainedOutputsPerSecond: achieved, saturated: driverSaturated },
      venue: venueResult,
      baseline: baselineResult,
      ratios
    }, `${cabinets} cabinets x ${rate}/s to ${clientCount} /ws/venue clients at ${outputsHz} Hz: venue selections p50 ${selections.p50} ms, p99 ${selections.p99} ms, lamps p99 ${lamps.p99} ms, lost ${lost}/${expected}, closed ${venueResult.clientsClosedByServer}; ` +
      `mosquitto_sub selections p99 ${baselineResult.latencyMs.selections.p99} ms, lamps p99 ${baselineResult.latencyMs.lamps.p99} ms, lost ${baselineResult.lost}/${baselineResult.expected}; selections p99 x${ratios.selectionsP99Latency}, lamps beyond the ${windowMs} ms window x${ratios.lampsP99BeyondWindow}` +
      (driverSaturated ? `; the driver saturated (mosquitto_sub lamp p99 ${baselineResult.latencyMs.lamps.p99} ms): it sustained ${achieved} of ${asked} outputs/s` : ''))
  } finally {
    await stopChild(venue)
    await broker.stop()
  }
}

for (const [cabinets, rate] of scenarios) await runScenario(cabinets, rate)
