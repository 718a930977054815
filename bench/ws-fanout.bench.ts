/**
 * ws-fanout: 200 WebSocket clients on one stream, 20,000 published events. Delivered events/s and
 * publish-to-receive latency, cabinet-hub against a bare ws server broadcasting the same frames.
 * Events are injected the same way into both (POST /api/v1/events), so the difference is the
 * gateway: routing, retention, journal, per-client queues.
 */
import { Agent, request } from 'node:http'
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import { percentile, quietCabinetArgs, round, startBaseline, startCabinetHub, writeResult, type RunningProcess } from './lib.js'

const clientCount = 200
const eventCount = 20_000
const inFlight = 32
/** Latency is read on a sample of clients: parsing 4 million frames would measure this driver, not the server. */
const latencySampleClients = 10

interface RunResult {
  readonly deliveredPerSecond: number
  readonly delivered: number
  readonly lost: number
  readonly latencyMs: { readonly p50: number, readonly p99: number, readonly max: number }
  readonly seconds: number
}

async function connectClients (url: string): Promise<WebSocket[]> {
  const sockets: WebSocket[] = []
  for (let i = 0; i < clientCount; i += 20) {
    const batch = await Promise.all(Array.from({ length: Math.min(20, clientCount - i) }, async () => new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(url)
      socket.once('open', () => resolve(socket))
      socket.once('error', reject)
    })))
    sockets.push(...batch)
  }
  return sockets
}

function post (agent: Agent, port: number, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ agent, host: '127.0.0.1', port, method: 'POST', path: '/api/v1/events', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
      response.resume()
      response.on('end', () => (response.statusCode === 202 ? resolve() : reject(new Error(`status ${String(response.statusCode)}`))))
    })
    req.on('error', reject)
    req.end(body)
  })
}

async function measure (target: RunningProcess, path: string): Promise<RunResult> {
  const sockets = await connectClients(`ws://127.0.0.1:${target.port}${path}`)
  const counts = new Array<number>(sockets.length).fill(0)
  const latencies: number[] = []
  let lastReceive = 0
  let allDone: () => void = () => {}
  const done = new Promise<void>((resolve) => { allDone = resolve })
  let complete = 0
  sockets.forEach((socket, index) => {
    socket.on('message', (data: Buffer) => {
      const text = data.toString()
      if (!text.includes('"bench.')) return
      counts[index]! += 1
      lastReceive = performance.now()
      if (index < latencySampleClients) {
        const sentAt = (JSON.parse(text) as { Payload: { SentAt: number } }).Payload.SentAt
        latencies.push(lastReceive - sentAt)
      }
      if (counts[index] === eventCount && ++complete === sockets.length) allDone()
    })
  })

  const agent = new Agent({ keepAlive: true, maxSockets: inFlight })
  const start = performance.now()
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < eventCount) {
      const n = next++
      await post(agent, target.port, JSON.stringify({ Type: 'panel.input.pressed', Payload: { Player: 1, Slot: n % 8, Function: 'bench.press', SentAt: performance.now(), N: n } }))
    }
  }
  await Promise.all(Array.from({ length: inFlight }, worker))
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 60_000))])
  agent.destroy()
  for (const socket of sockets) socket.terminate()

  const delivered = counts.reduce((a, b) => a + b, 0)
  const seconds = (lastReceive - start) / 1000
  return {
    deliveredPerSecond: round(delivered / seconds, 0),
    delivered,
    lost: eventCount * sockets.length - delivered,
    latencyMs: { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), max: round(percentile(latencies, 100)) },
    seconds: round(seconds)
  }
}

const hub = await startCabinetHub(['--dev-events-ingest', '--node-id', 'cab-01', ...quietCabinetArgs()])
const baseline = await startBaseline('./baselines/ws-broadcast.ts', '/ready')
try {
  const hubResult = await measure(hub, '/ws/panel')
  const baselineResult = await measure(baseline, '/ws')
  const ratios = {
    throughput: round(hubResult.deliveredPerSecond / baselineResult.deliveredPerSecond),
    p50Latency: round(hubResult.latencyMs.p50 / baselineResult.latencyMs.p50),
    p99Latency: round(hubResult.latencyMs.p99 / baselineResult.latencyMs.p99)
  }
  writeResult('ws-fanout', {
    setup: { clients: clientCount, events: eventCount, stream: '/ws/panel', publishConcurrency: inFlight, latencySampleClients, eventType: 'panel.input.pressed (never coalesced)' },
    cabinetHub: hubResult,
    baseline: { name: 'bare ws broadcast (node:http + ws)', ...baselineResult },
    ratios
  }, `cabinet-hub ${hubResult.deliveredPerSecond} events/s (p50 ${hubResult.latencyMs.p50} ms, p99 ${hubResult.latencyMs.p99} ms, lost ${hubResult.lost}) vs bare ws ${baselineResult.deliveredPerSecond} events/s (p50 ${baselineResult.latencyMs.p50} ms, p99 ${baselineResult.latencyMs.p99} ms); throughput ratio ${ratios.throughput}, p99 ratio ${ratios.p99Latency}`)
} finally {
  await hub.stop()
  await baseline.stop()
}
