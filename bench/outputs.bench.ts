/**
 * `outputs`: lamp changes written as fast as a local output server (MAME network output protocol)
 * can write them, delivered to 50 `/ws/arcade` clients. Measures delivered changes per second
 * (all clients together), latency from the write to each client, and checks that every client
 * got every change in order. Baseline: a bare `ws` relay of the same lines (baselines/outputs-relay.ts).
 */
import { once } from 'node:events'
import { createServer, type Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import { percentile, round, startBaseline, startCabinetHub, writeResult, type RunningProcess } from './lib.js'

const clientCount = 50
const floodChanges = Number(process.env.BENCH_OUTPUT_CHANGES ?? 20_000)
const linesPerWrite = 100
/** The paced phase: far above a real machine's output rate, but not a flood. */
const paced = { changes: 3000, perSecond: 1000, linesPerTick: 10 }

type Writer = (socket: Socket, sentAt: Float64Array) => Promise<void>

interface Run {
  readonly deliveredPerSecond: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly maxMs: number
  readonly complete: boolean
  readonly problems: string[]
}

/** The output server: accepts the system under test, announces a machine, then writes on demand. */
async function outputServer () {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const connected = new Promise<Socket>((resolve) => server.once('connection', (socket) => {
    socket.write('mame_start = benchlamps\r')
    resolve(socket)
  }))
  return { server, port: (server.address() as { port: number }).port, connected }
}

/** Writes `changes` numbered lamp changes, stamping when each was written; `tickMs` paces the writes (0: as fast as the socket takes them). */
function writer (changes: number, linesPerChunk: number, tickMs: number): Writer {
  return async (socket, sentAt) => {
    for (let start = 0; start < changes; start += linesPerChunk) {
      let chunk = ''
      const end = Math.min(changes, start + linesPerChunk)
      for (let i = start; i < end; i++) chunk += `lamp${i % 16} = ${i}\r`
      sentAt.fill(performance.now(), start, end)
      if (!socket.write(chunk)) await once(socket, 'drain')
      if (tickMs > 0) await new Promise((resolve) => setTimeout(resolve, tickMs))
    }
  }
}

async function measure (label: string, changes: number, write: Writer, start: (outputPort: number) => Promise<RunningProcess>, path: string, valueOf: (frame: Record<string, any>) => number | null): Promise<Run> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const output = await outputServer()
  const target = await start(output.port)
  const socket = await output.connected
  const sentAt = new Float64Array(changes)
  const latencies: number[] = []
  const problems: string[] = []
  let lastReceivedAt = 0
  let finished = 0
  let allDone: () => void = () => undefined
  const done = new Promise<void>((resolve) => { allDone = resolve })

  const clients = await Promise.all(Array.from({ length: clientCount }, async (_, n) => {
    const ws = new WebSocket(`ws://127.0.0.1:${target.port}${path}`)
    let expected = 0
    ws.on('message', (data) => {
      const value = valueOf(JSON.parse(data.toString()) as Record<string, unknown>)
      if (value === null) return
      const now = performance.now()
      if (value !== expected) problems.push(`${label} client ${n}: got change ${value}, expected ${expected}`)
      expected = value + 1
      if (n % 5 === 0) latencies.push(now - sentAt[value]!)
      if (expected === changes) {
        lastReceivedAt = Math.max(lastReceivedAt, now)
        if (++finished === clientCount) allDone()
      }
    })
    ws.on('close', (code) => { if (expected < changes) problems.push(`${label} client ${n}: closed with ${code} after ${expected} changes`) })
    await once(ws, 'open')
    return ws
  }))
  // Clients of the real service also need the session to have been announced; give the relay the same head start.
  await new Promise((resolve) => setTimeout(resolve, 500))

  const startedAt = performance.now()
  await write(socket, sentAt)
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 120_000).unref())
  await Promise.race([done, timeout])
  for (const ws of clients) ws.terminate()
  await target.stop()
  socket.destroy()
  output.server.close()

  const complete = finished === clientCount && problems.length === 0
  return {
    deliveredPerSecond: round((changes * finished) / ((lastReceivedAt - startedAt) / 1000), 0),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(percentile(latencies, 100)),
    complete,
    problems: problems.slice(0, 10)
  }
}

type Target = readonly [(outputPort: number) => Promise<RunningProcess>, string, (frame: Record<string, any>) => number | null] // eslint-disable-line @typescript-eslint/no-explicit-any
const cabinetHub: Target = [async (port) => startCabinetHub(['--cabemu-port', String(port)]), '/ws/arcade',
  (frame) => frame.Type === 'cabemu.output.changed' ? frame.Payload.Signals[0].Value as number : null]
const relay: Target = [async (port) => startBaseline('./baselines/outputs-relay.ts', '/ready', [String(port)]), '/',
  (frame) => frame.Key === 'mame_start' ? null : frame.Value as number]

const flood = writer(floodChanges, linesPerWrite, 0)
const steady = writer(paced.changes, paced.linesPerTick, (1000 * paced.linesPerTick) / paced.perSecond)
const hub = await measure('cabinet-hub flood', floodChanges, flood, ...cabinetHub)
const baseline = await measure('baseline flood', floodChanges, flood, ...relay)
const hubPaced = await measure('cabinet-hub paced', paced.changes, steady, ...cabinetHub)
const baselinePaced = await measure('baseline paced', paced.changes, steady, ...relay)
const runs = [hub, baseline, hubPaced, baselinePaced]
const lost = (run: Run): string => run.complete ? 'none lost' : 'LOST CHANGES'

writeResult('outputs', {
  clients: clientCount,
  flood: { changes: floodChanges, cabinetHub: hub, baseline },
  paced: { ...paced, cabinetHub: hubPaced, baseline: baselinePaced },
  note: 'Each change is two frames on /ws/arcade for cabinet-hub (cabemu.output.changed and arcade.output.changed) and one for the baseline. '
    + 'Flood latency is mostly queueing behind the flood. Paced latency is delivery time only while deliveredPerSecond capacity exceeds '
    + `${paced.perSecond} x ${clientCount}; below that it is queueing too.`,
  ratios: {
    floodThroughput: round(hub.deliveredPerSecond / baseline.deliveredPerSecond),
    floodP99: round(hub.p99Ms / baseline.p99Ms),
    pacedP50: round(hubPaced.p50Ms / baselinePaced.p50Ms),
    pacedP99: round(hubPaced.p99Ms / baselinePaced.p99Ms)
  }
}, `flood: cabinet-hub ${hub.deliveredPerSecond} changes/s delivered to ${clientCount} clients (p99 ${hub.p99Ms} ms, ${lost(hub)}), `
  + `baseline ws relay ${baseline.deliveredPerSecond}/s (p99 ${baseline.p99Ms} ms, ${lost(baseline)}); `
  + `paced ${paced.perSecond}/s: cabinet-hub p50 ${hubPaced.p50Ms} ms p99 ${hubPaced.p99Ms} ms (${lost(hubPaced)}), baseline p50 ${baselinePaced.p50Ms} ms p99 ${baselinePaced.p99Ms} ms (${lost(baselinePaced)})`)
if (runs.some((run) => !run.complete)) {
  for (const problem of runs.flatMap((run) => run.problems)) console.error(problem)
  process.exitCode = 1
}
