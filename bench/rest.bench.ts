/**
 * rest: GET /api/v1/health and /api/v1/ws/streams at 50 connections for 10 s each, cabinet-hub
 * against a bare node:http server returning the same bytes. Requests/s ratio and p99 latency.
 * The two take turns, twice each, and each side's better run counts: on a shared two-core machine
 * one run of either side can lose a third to a neighbour, and alternating gives both the same luck.
 */
import autocannon from 'autocannon'
import { quietCabinetArgs, round, startBaseline, startCabinetHub, writeResult, type RunningProcess } from './lib.js'

const connections = 50
const durationSeconds = 10
const paths = ['/api/v1/health', '/api/v1/ws/streams']
const rounds = 2

interface Load {
  readonly requestsPerSecond: number
  readonly latencyMs: { readonly p50: number, readonly p99: number }
  readonly non2xx: number
  readonly errors: number
}

/** `rounds` runs of each side, taking turns; the run with more requests/s of each. */
async function alternating (hub: RunningProcess, baseline: RunningProcess, path: string): Promise<{ hub: Load, baseline: Load, runs: Load[][] }> {
  const runs: Load[][] = [[], []]
  for (let turn = 0; turn < rounds; turn++) {
    runs[0]!.push(await load(hub, path))
    runs[1]!.push(await load(baseline, path))
  }
  const best = (loads: Load[]): Load => loads.reduce((a, b) => b.requestsPerSecond > a.requestsPerSecond ? b : a)
  return { hub: best(runs[0]!), baseline: best(runs[1]!), runs }
}

async function load (target: RunningProcess, path: string): Promise<Load> {
  const result = await autocannon({ url: `http://127.0.0.1:${target.port}${path}`, connections, duration: durationSeconds })
  return {
    requestsPerSecond: round(result.requests.average, 0),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    non2xx: result.non2xx,
    errors: result.errors
  }
}

const hub = await startCabinetHub(quietCabinetArgs())
// The baseline serves exactly what cabinet-hub answered, byte for byte.
const bodies = Object.fromEntries(await Promise.all(paths.map(async (p) => [p, await (await fetch(`http://127.0.0.1:${hub.port}${p}`)).text()] as const)))
const baseline = await startBaseline('./baselines/static-bytes.ts', '/ready', [JSON.stringify(bodies)])
try {
  const endpoints: Record<string, unknown> = {}
  const summary: string[] = []
  for (const path of paths) {
    const { hub: hubLoad, baseline: baselineLoad, runs } = await alternating(hub, baseline, path)
    // A ratio over error answers means nothing.
    const failed = (loads: Load[]): string => `${loads.reduce((n, l) => n + l.non2xx, 0)} non-2xx, ${loads.reduce((n, l) => n + l.errors, 0)} errors`
    if (runs.flat().some((l) => l.non2xx + l.errors > 0)) throw new Error(`${path}: failed answers (cabinet-hub ${failed(runs[0]!)}; baseline ${failed(runs[1]!)})`)
    const ratios = {
      requestsPerSecond: round(hubLoad.requestsPerSecond / baselineLoad.requestsPerSecond),
      p99Latency: round(hubLoad.latencyMs.p99 / Math.max(baselineLoad.latencyMs.p99, 1))
    }
    endpoints[path] = { bytes: Buffer.byteLength(bodies[path]!), cabinetHub: hubLoad, baseline: baselineLoad, ratios, requestsPerSecondByRun: { cabinetHub: runs[0]!.map((l) => l.requestsPerSecond), baseline: runs[1]!.map((l) => l.requestsPerSecond) } }
    summary.push(`${path} ${hubLoad.requestsPerSecond} req/s p99 ${hubLoad.latencyMs.p99} ms vs ${baselineLoad.requestsPerSecond} req/s p99 ${baselineLoad.latencyMs.p99} ms (ratio ${ratios.requestsPerSecond})`)
  }
  writeResult('rest', { setup: { connections, durationSeconds, rounds, counted: 'each side\'s run with the most requests/s', baseline: 'bare node:http returning the same bytes' }, endpoints }, summary.join('; '))
} finally {
  await hub.stop()
  await baseline.stop()
}
