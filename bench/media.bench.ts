/**
 * media: a 50 MB file and 1,000 small images served by cabinet-hub (/api/v1/media/...) and by
 * Debian nginx over the same folder (started here on a free loopback port, one worker): full GETs
 * of the big file, 1 MiB range GETs of it, and full GETs cycling through the small images.
 * Throughput ratio (bytes/s) and p99 latency. Needs `nginx` on PATH or in /usr/sbin.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { freePort, round, startCabinetHub, writeResult, type RunningProcess } from './lib.js'

const durationSeconds = 10
const smallImages = 1000
const bigBytes = 50 * 1024 * 1024
const rangeBytes = 1024 * 1024

const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate))
if (nginxBinary === undefined) {
  console.error('media bench: nginx is not installed (apt-get install nginx)')
  process.exit(1)
}

function writeStore (): string {
  const store = mkdtempSync(path.join(tmpdir(), 'cabinet-hub-bench-media-'))
  const big = path.join(store, 'systems/bench/games/big/video.mp4')
  mkdirSync(path.dirname(big), { recursive: true })
  writeFileSync(big, randomBytes(bigBytes))
  for (let i = 0; i < smallImages; i++) {
    const file = path.join(store, `systems/bench/games/g${i}/artwork/screenshot.png`)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, randomBytes(8 * 1024 + (i % 32) * 512))
  }
  return store
}

async function startNginx (store: string): Promise<RunningProcess> {
  const port = await freePort()
  const prefix = mkdtempSync(path.join(tmpdir(), 'cabinet-hub-bench-nginx-'))
  const conf = path.join(prefix, 'nginx.conf')
  // As root nginx's worker would drop to nobody, who cannot read the private temp folders.
  const user = process.getuid?.() === 0 ? 'user root;\n' : ''
  writeFileSync(conf, `daemon off;
${user}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  types { image/png png; video/mp4 mp4; }
  server {
    listen 127.0.0.1:${port};
    location = /ready { return 200 'ok'; }
    location /api/v1/media/ { alias ${store}/; etag on; }
  }
}
`)
  const child = spawn(nginxBinary!, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] })
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ready`)).ok) break
    } catch { /* starting */ }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return { port, child, stop: async () => { child.kill('SIGTERM'); await new Promise((resolve) => child.once('exit', resolve)) } }
}

interface Load {
  readonly bytesPerSecond: number
  readonly requestsPerSecond: number
  readonly latencyMs: { readonly p50: number, readonly p99: number }
  readonly non2xx: number
  readonly errors: number
}

interface Scenario {
  readonly name: string
  readonly connections: number
  readonly requests: ReadonlyArray<{ path: string, headers?: Record<string, string> }>
}

const big = '/api/v1/media/systems/bench/games/big/video.mp4'
const scenarios: Scenario[] = [
  { name: 'big-full', connections: 4, requests: [{ path: big }] },
  { name: 'big-range-1MiB', connections: 16, requests: Array.from({ length: 40 }, (_, i) => ({ path: big, headers: { range: `bytes=${i * rangeBytes}-${(i + 1) * rangeBytes - 1}` } })) },
  { name: 'small-images', connections: 32, requests: Array.from({ length: smallImages }, (_, i) => ({ path: `/api/v1/media/systems/bench/games/g${i}/artwork/screenshot.png` })) }
]

async function load (target: RunningProcess, scenario: Scenario): Promise<Load> {
  const result = await autocannon({
    url: `http://127.0.0.1:${target.port}`,
    connections: scenario.connections,
    duration: durationSeconds,
    requests: scenario.requests.map((r) => ({ method: 'GET', path: r.path, headers: r.headers }))
  })
  return {
    bytesPerSecond: round(result.throughput.average, 0),
    requestsPerSecond: round(result.requests.average, 0),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    non2xx: result.non2xx,
    errors: result.errors
  }
}

const store = writeStore()
const emptyConfig = mkdtempSync(path.join(tmpdir(), 'cabinet-hub-bench-es-'))
// An empty ES config folder keeps the service out of demo mode; the store is the only media source.
const hub = await startCabinetHub(['--media-dir', store, '--es-config-dir', emptyConfig])
const nginx = await startNginx(store)
try {
  const results: Record<string, unknown> = {}
  const summary: string[] = []
  for (const scenario of scenarios) {
    const hubLoad = await load(hub, scenario)
    const nginxLoad = await load(nginx, scenario)
    // A ratio over error answers means nothing.
    if (hubLoad.non2xx + nginxLoad.non2xx > 0) throw new Error(`${scenario.name}: non-2xx answers (cabinet-hub ${hubLoad.non2xx}, nginx ${nginxLoad.non2xx})`)
    const ratios = { throughput: round(hubLoad.bytesPerSecond / nginxLoad.bytesPerSecond), p99Latency: round(hubLoad.latencyMs.p99 / Math.max(nginxLoad.latencyMs.p99, 1)) }
    results[scenario.name] = { connections: scenario.connections, cabinetHub: hubLoad, nginx: nginxLoad, ratios }
    summary.push(`${scenario.name} ${round(hubLoad.bytesPerSecond / 1e6, 1)} MB/s p99 ${hubLoad.latencyMs.p99} ms vs nginx ${round(nginxLoad.bytesPerSecond / 1e6, 1)} MB/s p99 ${nginxLoad.latencyMs.p99} ms (ratio ${ratios.throughput})`)
  }
  writeResult('media', { setup: { durationSeconds, bigBytes, rangeBytes, smallImages, baseline: 'Debian nginx, 1 worker, sendfile on, same folder' }, scenarios: results }, summary.join('; '))
} finally {
  await hub.stop()
  await nginx.stop()
}
