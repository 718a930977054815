/**
 * rest: GET /api/v1/health and /api/v1/ws/streams at 50 connections for 10 s each, cabinet-hub
 * against a bare node:http server returning the same bytes. Requests/s ratio and p99 latency.
 */
import autocannon from 'autocannon'
import { quietCabinetArgs, round, startBaseline, startCabinetHub, writeResult, type RunningProcess } from './lib.js'

const connections = 50
const durationSeconds = 10
const paths = ['/api/v1/health', '/api/v1/ws/streams']

interface Load {
  readonly requestsPerSecond: number
  readonly latencyMs: { readonly p50: number, readonly p99: number }
  readonly non2xx: number
  readonly errors: number
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
    const hubLoad = await load(hub, path)
    const baselineLoad = await load(baseline, path)
    // A ratio over error answers means nothing.
    if (hubLoad.non2xx + hubLoad.errors + baselineLoad.non2xx + baselineLoad.errors > 0) {
      throw new Error(`${path}: failed answers (cabinet-hub ${hubLoad.non2xx} non-2xx, ${hubLoad.errors} errors; baseline ${baselineLoad.non2xx}, ${baselineLoad.errors})`)
    }
    const ratios = {
      requestsPerSecond: round(hubLoad.requestsPerSecond / baselineLoad.requestsPerSecond),
      p99Latency: round(hubLoad.latencyMs.p99 / Math.max(baselineLoad.latencyMs.p99, 1))
    }
    endpoints[path] = { bytes: Buffer.byteLength(bodies[path]!), cabinetHub: hubLoad, baseline: baselineLoad, ratios }
    summary.push(`${path} ${hubLoad.requestsPerSecond} req/s p99 ${hubLoad.latencyMs.p99} ms vs ${baselineLoad.requestsPerSecond} req/s p99 ${baselineLoad.latencyMs.p99} ms (ratio ${ratios.requestsPerSecond})`)
  }
  writeResult('rest', { setup: { connections, durationSeconds, baseline: 'bare node:http returning the same bytes' }, endpoints }, summary.join('; '))
} finally {
  await hub.stop()
  await baseline.stop()
}
