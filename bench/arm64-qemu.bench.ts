/**
 * arm64-qemu: the owner's Raspberry Pi, estimated. The arm64 bundle runs under qemu-user (its own
 * Node.js, Debian's arm64 libraries) and the x64 bundle natively, on the same work, one after the
 * other: a first and a second start on the demo tree (to `/api/v1/startup/ready`), then sequential
 * GETs of `/api/v1/health` and `/api/v1/context/state` and hooks over the HTTP door. Reported as
 * arm64-under-qemu / x64 ratios. qemu translates every arm64 instruction into x64 ones on this
 * machine's cores, caches and disk: the ratio is the cost of that translation for this program,
 * not a Pi's speed (see docs/development.md, "A Raspberry Pi, estimated").
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { arm64Command, qemuSkip } from '../test/support/qemu.js'
import { bundleTarget, unpackBundle } from '../test/support/bundles.js'
import { freePort, round, stopChild, timeRequests, waitForHttp, writeResult } from './lib.js'

if (qemuSkip !== false) {
  console.error(`arm64-qemu: ${qemuSkip}`)
  process.exit(1)
}

const requestsPerPath = 200
const hooks = 100
const readyTimeoutMs = 300_000

interface Platform {
  readonly name: 'x64' | 'arm64-qemu'
  /** The command running the bundle's app with these arguments. */
  readonly command: (args: readonly string[]) => string[]
}

const x64Bundle = unpackBundle(bundleTarget('linux-x64'))
const arm64Bundle = unpackBundle(bundleTarget('linux-arm64'))
const platforms: readonly Platform[] = [
  { name: 'x64', command: (args) => [path.join(x64Bundle, 'node/bin/node'), path.join(x64Bundle, 'app/cabinet-hub.mjs'), ...args] },
  { name: 'arm64-qemu', command: (args) => arm64Command(arm64Bundle, args) }
]

/** The demo tree, written by the x64 bundle's own command; both platforms read the same files. */
function demoTree (): string {
  const out = mkdtempSync(path.join(tmpdir(), 'cabinet-hub-bench-pi-tree-'))
  const [program, ...args] = platforms[0]!.command(['demo-tree', '--out', out])
  const written = spawnSync(program!, args, { encoding: 'utf8' })
  if (written.status !== 0) throw new Error(`demo-tree failed: ${written.stderr}`)
  return out
}

async function run (platform: Platform, tree: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `cabinet-hub-bench-pi-${platform.name}-`))
  const start = async () => {
    const port = await freePort()
    const [program, ...args] = platform.command(['serve', '--port', String(port), '--data-dir', dataDir, '--frontend-root', tree, '--es-url', 'http://127.0.0.1:9', '--log-level', 'warn'])
    const started = performance.now()
    const child = spawn(program!, args, { stdio: ['ignore', 'ignore', 'inherit'] })
    const deadline = setTimeout(() => child.kill('SIGKILL'), readyTimeoutMs)
    await waitForHttp(`http://127.0.0.1:${port}/api/v1/startup/ready`, child)
    clearTimeout(deadline)
    return { port, child, readyMs: round(performance.now() - started, 0) }
  }
  const first = await start()
  await stopChild(first.child)
  const second = await start()
  try {
    const base = `http://127.0.0.1:${second.port}`
    const health = await timeRequests(requestsPerPath, async () => fetch(`${base}/api/v1/health`))
    const state = await timeRequests(requestsPerPath, async () => fetch(`${base}/api/v1/context/state`))
    const hook = await timeRequests(hooks, async () => fetch(`${base}/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'game-selected', args: ['nes', path.join(tree, 'roms', 'nes', 'x.nes'), 'X'] }) }))
    return { firstReadyMs: first.readyMs, secondReadyMs: second.readyMs, healthMs: health, stateMs: state, hookMs: hook }
  } finally {
    await stopChild(second.child)
  }
}

const tree = demoTree()
const x64 = await run(platforms[0]!, tree)
const arm64 = await run(platforms[1]!, tree)
const ratios = {
  firstReady: round(arm64.firstReadyMs / x64.firstReadyMs),
  secondReady: round(arm64.secondReadyMs / x64.secondReadyMs),
  healthP50: round(arm64.healthMs.p50Ms / x64.healthMs.p50Ms),
  stateP50: round(arm64.stateMs.p50Ms / x64.stateMs.p50Ms),
  hookP50: round(arm64.hookMs.p50Ms / x64.hookMs.p50Ms)
}
writeResult('arm64-qemu', {
  setup: { tree: 'demo-tree', requestsPerPath, hooks, qemu: 'qemu-aarch64-static with /usr/aarch64-linux-gnu libraries', note: 'a translation cost on this machine, not a Pi\'s speed' },
  x64,
  arm64Qemu: arm64,
  ratios
}, `arm64 under qemu / x64: first start ${ratios.firstReady}x (${arm64.firstReadyMs} vs ${x64.firstReadyMs} ms), second start ${ratios.secondReady}x (${arm64.secondReadyMs} vs ${x64.secondReadyMs} ms), health p50 ${ratios.healthP50}x, state p50 ${ratios.stateP50}x, hook p50 ${ratios.hookP50}x`)
