/**
 * machines: MAME's machine data in cabinet-hub.
 * - import: the full `-listxml` of the MAME on this machine streamed into the cache by a running
 *   service: time from start until the import is complete, the service's peak RSS, and its longest
 *   stall meanwhile (/api/v1/health asked every 10 ms).
 * - lookup: `GET /api/v1/roms/machines/<name>` latency from the cache (after the import) and on
 *   demand (one `-listxml <name>` per machine, before any import).
 * Baselines: `mame -listxml > /dev/null` (MAME's own time to print the list), the same output
 * through a plain saxes parse that only counts machines (time and peak RSS of that process), and
 * a bare node:http server probed like the service during the import (the machine's own noise:
 * MAME takes a core while it prints).
 */
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { peakRssMb, probeLatency, round, startBaseline, startCabinetHub, summarize, writeResult, type RunningProcess } from './lib.js'

const mame = process.env.CABINET_HUB_MAME ?? '/usr/games/mame'
const cachedLookups = 1000
const onDemandLookups = 20

if (!existsSync(mame)) {
  console.error(`machines: no MAME at ${mame} (set CABINET_HUB_MAME)`)
  process.exit(1)
}

const scratch = mkdtempSync(path.join(tmpdir(), 'cabinet-hub-bench-machines-'))
/** An empty frontend tree: no library, so nothing but the import asks MAME. */
const emptyTree = path.join(scratch, 'tree')
mkdirSync(path.join(emptyTree, 'roms'), { recursive: true })
const hubArgs = ['--frontend-root', emptyTree, '--mame-exe', mame, '--mame-import-delay', '0']

interface RomsStatus { roms: { mame: { version: string | null, import: { state: string, machines: number } } } }

async function status (hub: RunningProcess): Promise<RomsStatus> {
  return await (await fetch(`http://127.0.0.1:${hub.port}/api/v1/status`)).json() as RomsStatus
}

/** Every machine name of the list, in MAME's order (`-listfull` prints one per line, fast). */
function machineNames (): string[] {
  const output = spawnSync(mame, ['-listfull'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).stdout
  return output.split('\n').slice(1).map((line) => line.split(/\s+/)[0]!).filter((name) => /^[a-z0-9_]+$/.test(name))
}

/** Evenly spread names, so the lookups touch the whole list. */
const spread = (names: readonly string[], count: number): string[] => Array.from({ length: count }, (_, i) => names[Math.floor(i * names.length / count)]!)

async function timeLookups (hub: RunningProcess, names: readonly string[]) {
  const samples: number[] = []
  for (const name of names) {
    const started = performance.now()
    const response = await fetch(`http://127.0.0.1:${hub.port}/api/v1/roms/machines/${name}`)
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${name}: ${response.status}`)
    samples.push(performance.now() - started)
  }
  return summarize(samples)
}

async function timeMameAlone (): Promise<number> {
  const started = performance.now()
  const child = spawn(mame, ['-listxml'], { stdio: ['ignore', 'ignore', 'inherit'] })
  await once(child, 'close')
  return round(performance.now() - started, 0)
}

function plainParse (): { machines: number, ms: number, peakRssMb: number } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', new URL('./baselines/listxml-parse.ts', import.meta.url).pathname, mame], { encoding: 'utf8', maxBuffer: 1024 * 1024 })
  return JSON.parse(result.stdout) as { machines: number, ms: number, peakRssMb: number }
}

try {
  const names = machineNames()

  // On demand: a service that does not import, asked for machines one at a time.
  const noImport = path.join(scratch, 'no-import.yaml')
  writeFileSync(noImport, 'mameImport: false\n')
  const onDemandHub = await startCabinetHub([...hubArgs, '--config', noImport])
  const onDemand = await timeLookups(onDemandHub, spread(names, onDemandLookups))
  await onDemandHub.stop()

  const bare = await startBaseline('./baselines/static-bytes.ts', '/ready')
  const started = performance.now()
  const hub = await startCabinetHub(hubArgs)
  const probe = probeLatency(`http://127.0.0.1:${hub.port}/api/v1/health`)
  const bareProbe = probeLatency(`http://127.0.0.1:${bare.port}/ready`)
  let imported = await status(hub)
  while (imported.roms.mame.import.state !== 'complete') {
    if (imported.roms.mame.import.state === 'failed') throw new Error(`import failed: ${JSON.stringify(imported.roms.mame)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
    imported = await status(hub)
  }
  const importMs = round(performance.now() - started, 0)
  const importStall = await probe.stop()
  const bareStall = await bareProbe.stop()
  await bare.stop()
  const hubPeakRssMb = peakRssMb(hub.child.pid!)
  const cached = await timeLookups(hub, spread(names, cachedLookups))
  await hub.stop()

  const mameAloneMs = await timeMameAlone()
  const baseline = plainParse()

  writeResult('machines', {
    setup: { mame, mameVersion: imported.roms.mame.version, machinesListed: names.length },
    import: { ms: importMs, machines: imported.roms.mame.import.machines, peakRssMb: hubPeakRssMb, healthDuringImport: importStall },
    lookup: { cached, onDemand },
    baselines: { mameListxmlToDevNullMs: mameAloneMs, plainStreamingParse: baseline, bareServerDuringImport: bareStall }
  },
  `import ${imported.roms.mame.import.machines} machines in ${importMs} ms, peak RSS ${hubPeakRssMb} MB (health p99 ${importStall.p99Ms} ms, bare server p99 ${bareStall.p99Ms} ms); ` +
  `lookup cached p50 ${cached.p50Ms} ms p99 ${cached.p99Ms} ms, on demand p50 ${onDemand.p50Ms} ms; ` +
  `baselines: mame alone ${mameAloneMs} ms, plain parse ${baseline.ms} ms / ${baseline.peakRssMb} MB`)
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
