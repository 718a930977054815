/**
 * The bars the benchmarks must meet, in one table: `npm run bench` fails when a result it ran
 * falls under one. Each bar names the result file (`bench/results/<result>.json`) and reads one
 * field of it.
 */
import { existsSync, readFileSync } from 'node:fs'

// Results are JSON of each benchmark's own shape; a bar reads the one field it knows.
type Result = any // eslint-disable-line @typescript-eslint/no-explicit-any

interface Bar {
  /** The bench file's name before `.bench.ts`: its bars are checked when it ran. */
  readonly bench: string
  readonly result: string
  readonly what: string
  readonly value: (result: Result) => number
  readonly must: '<' | '<=' | '>='
  readonly limit: number
}

const bars: readonly Bar[] = [
  { bench: 'venue', result: 'venue-100x20', what: '/ws/venue clients closed by the venue at 100 cabinets x 20/s', value: (r) => r.venue.clientsClosedByServer, must: '<=', limit: 0 },
  { bench: 'venue', result: 'venue-100x20', what: 'venue selections p99 / mosquitto_sub\'s at 100 cabinets x 20/s', value: (r) => r.ratios.selectionsP99Latency, must: '<=', limit: 1.5 },
  { bench: 'venue', result: 'venue-100x20', what: 'venue lamp p99 beyond its window / mosquitto_sub\'s lamp p99 at 100 cabinets x 20/s', value: (r) => r.ratios.lampsP99BeyondWindow, must: '<=', limit: 1.5 },
  { bench: 'venue', result: 'venue-100x50', what: '/ws/venue clients closed by the venue at 100 cabinets x 50/s', value: (r) => r.venue.clientsClosedByServer, must: '<=', limit: 0 },
  { bench: 'venue', result: 'venue-100x50', what: 'venue selections p99 / mosquitto_sub\'s at 100 cabinets x 50/s', value: (r) => r.ratios.selectionsP99Latency, must: '<=', limit: 1.5 },
  { bench: 'ws-fanout', result: 'ws-fanout', what: 'ws fan-out throughput / bare ws', value: (r) => r.ratios.throughput, must: '>=', limit: 0.95 },
  { bench: 'ws-fanout', result: 'ws-fanout', what: 'ws fan-out p99 latency / bare ws', value: (r) => r.ratios.p99Latency, must: '<=', limit: 1.2 },
  { bench: 'rest', result: 'rest', what: 'GET /api/v1/health requests/s / bare node:http', value: (r) => r.endpoints['/api/v1/health'].ratios.requestsPerSecond, must: '>=', limit: 0.9 },
  { bench: 'rest', result: 'rest', what: 'GET /api/v1/ws/streams requests/s / bare node:http', value: (r) => r.endpoints['/api/v1/ws/streams'].ratios.requestsPerSecond, must: '>=', limit: 0.9 },
  { bench: 'hook-latency', result: 'hook-latency', what: 'hook over the HTTP door to all clients, p99 ms', value: (r) => r.latency.http.p99Ms, must: '<', limit: 5 },
  { bench: 'library', result: 'library', what: 'bundle\'s cold start with 50,000 games, peak RSS MB', value: (r) => r.bundle.cold.peakRssMb, must: '<', limit: 200 }
]

const meets = (value: number, must: Bar['must'], limit: number): boolean =>
  must === '<' ? value < limit : must === '<=' ? value <= limit : value >= limit

/** The bars of the benches that ran, each read from its result written since `since` (ms); a missing, older or unreadable result fails its bar. */
export function failedBars (ran: readonly string[], resultsDir: string, since: number): string[] {
  return bars.filter((bar) => ran.includes(bar.bench)).flatMap((bar) => {
    const file = `${resultsDir}${bar.result}.json`
    if (!existsSync(file)) return [`${bar.what}: no ${bar.result}.json`]
    const result = JSON.parse(readFileSync(file, 'utf8')) as Result
    if (Date.parse(result.ranAtUtc) < since) return [`${bar.what}: ${bar.result}.json was not written by this run`]
    let value: number
    try {
      value = bar.value(result)
    } catch {
      value = Number.NaN
    }
    return meets(value, bar.must, bar.limit) ? [] : [`${bar.what}: ${String(value)}, must be ${bar.must} ${bar.limit}`]
  })
}
