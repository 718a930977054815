/**
 * Shared pieces of the benchmarks: starting a real cabinet-hub, percentiles, and the one JSON
 * result file plus one summary line each benchmark writes.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, tmpdir } from 'node:os'
import path from 'node:path'

const resultsDir = new URL('./results/', import.meta.url).pathname
const cliPath = new URL('../dist/cli.js', import.meta.url).pathname

export async function freePort (): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const port = (server.address() as { port: number }).port
  server.close()
  await once(server, 'close')
  return port
}

export interface RunningProcess {
  readonly port: number
  readonly child: ChildProcess
  stop (): Promise<void>
}

/** Polls `url` until it answers 2xx (two minutes at most); fails as soon as the process exits. */
export async function waitForHttp (url: string, child: ChildProcess, everyMs = 25): Promise<void> {
  const deadline = performance.now() + 120_000
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
  throw new Error(`${url} did not answer`)
}

/** SIGTERM, then waits for the exit (nothing to do when it already ended). */
export async function stopChild (child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  await once(child, 'exit')
}

/** How the service process itself is started: Node's own flags (`--import` a probe), extra environment, and which build. */
export interface HubProcessOptions {
  /** The script Node runs: the built tree's `dist/cli.js` unless given (a bundle's `app/cabinet-hub.mjs`). */
  readonly entry?: string
  readonly nodeArgs?: readonly string[]
  readonly env?: Readonly<Record<string, string>>
}

/** Starts the built service (`dist/cli.js serve`) on a free port (with a fresh data dir unless given one) and waits for readiness. */
export async function startCabinetHub (extraArgs: string[] = [], dataDir?: string, processOptions?: HubProcessOptions): Promise<RunningProcess> {
  const hub = await spawnCabinetHub(extraArgs, dataDir, processOptions)
  await waitForHttp(`http://127.0.0.1:${hub.port}/api/v1/startup/ready`, hub.child)
  return hub
}

/**
 * The service as a cabinet runs it, on a frontend tree of its own with no frontend answering
 * (`--es-url` points at the discard port): without these flags it would start the embedded demo,
 * whose simulated frontend plays games in the service's own process while the benchmark measures it.
 */
export function quietCabinetArgs (): string[] {
  const tree = mkdtempSync(path.join(tmpdir(), 'cabinet-hub-bench-tree-'))
  mkdirSync(path.join(tree, 'roms'))
  return ['--frontend-root', tree, '--es-url', 'http://127.0.0.1:9']
}

/** Starts the built service and returns at once, before it even listens. */
export async function spawnCabinetHub (extraArgs: string[] = [], dataDir = mkdtempSync(path.join(tmpdir(), 'cabinet-hub-bench-')), { nodeArgs = [], env = {}, entry = cliPath }: HubProcessOptions = {}): Promise<RunningProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, [...nodeArgs, entry, 'serve', '--port', String(port), '--data-dir', dataDir, '--log-level', 'warn', ...extraArgs], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } })
  return { port, child, stop: async () => stopChild(child) }
}

/** Starts a baseline server script (run with tsx) that prints nothing and listens on the port given as its first argument. */
export async function startBaseline (script: string, readyPath: string, args: string[] = []): Promise<RunningProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', new URL(script, import.meta.url).pathname, String(port), ...args], { stdio: ['ignore', 'ignore', 'inherit'] })
  await waitForHttp(`http://127.0.0.1:${port}${readyPath}`, child)
  return { port, child, stop: async () => stopChild(child) }
}

/** Nearest-rank percentile of unsorted samples. */
export function percentile (samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

export interface LatencySummary { readonly samples: number, readonly p50Ms: number, readonly p99Ms: number, readonly maxMs: number }

export function summarize (samples: readonly number[]): LatencySummary {
  return { samples: samples.length, p50Ms: round(percentile(samples, 50)), p99Ms: round(percentile(samples, 99)), maxMs: round(percentile(samples, 100)) }
}

/** Times `times` requests made one after the other, each read to its end; a failed answer throws, naming its URL. */
export async function timeRequests (times: number, request: () => Promise<Response>): Promise<LatencySummary> {
  const samples: number[] = []
  for (let i = 0; i < times; i++) {
    const started = performance.now()
    const response = await request()
    if (!response.ok) throw new Error(`${response.url} answered ${response.status}`)
    await response.arrayBuffer()
    samples.push(performance.now() - started)
  }
  return summarize(samples)
}

/**
 * Asks `url` again every `everyMs` (one request at a time) until stopped. A server whose event
 * loop is held answers late, so the longest answer is the longest stall the probe ran into.
 */
export function probeLatency (url: string, everyMs = 10): { stop (): Promise<LatencySummary> } {
  const samples: number[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      try {
        await (await fetch(url)).arrayBuffer()
        samples.push(performance.now() - started)
      } catch { /* not listening: no sample */ }
      await new Promise((resolve) => setTimeout(resolve, everyMs))
    }
  })()
  return {
    async stop () {
      running = false
      await loop
      return summarize(samples)
    }
  }
}

export const round = (value: number, digits = 3): number => Number(value.toFixed(digits))

/** The most memory a running process has held so far (VmHWM), in MB. */
export function peakRssMb (pid: number | 'self'): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match === null ? Number.NaN : round(Number(match[1]) / 1024, 1)
}

const repoRoot = new URL('..', import.meta.url).pathname
const git = (...args: string[]): string => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim()

/**
 * What was measured: the runtime and the commit, dirty when the tree differs from it (results
 * themselves aside), so a number is never read against the wrong code.
 */
function measuredBuild (): { runtime: string, commit: string, dirty: boolean } {
  return {
    runtime: process.version,
    commit: git('rev-parse', 'HEAD'),
    dirty: git('status', '--porcelain', '--', '.', ':(exclude)bench/results') !== ''
  }
}

/** Writes `bench/results/<name>.json` (with the runtime and commit measured) and prints the one summary line. */
export function writeResult (name: string, result: Record<string, unknown>, summary: string): void {
  mkdirSync(resultsDir, { recursive: true })
  const document = {
    benchmark: name,
    ranAtUtc: new Date().toISOString(),
    measured: measuredBuild(),
    machine: { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown' },
    ...result
  }
  writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(document, null, 2)}\n`)
  console.log(`${name}: ${summary}`)
}
