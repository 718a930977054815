/**
 * stall: how long cabinet-hub holds its event loop while it watches a MAME save tree and a player
 * scrolls. The hub runs on the demo frontend tree with MAME's nvram folder holding 2,000 files
 * (400 roms, 5 files each) and its hiscore folder 200 `.hi` files, both watched; one save is
 * rewritten every second (MAME saving) while 20 selections a second arrive through the hook door
 * (`POST /api/v1/ingest/es-event`, the selection burst gate off so every one is published and
 * drawn) for 20 s. The event loop's delay is measured inside the hub
 * (perf_hooks.monitorEventLoopDelay, 10 ms resolution, loaded with `--import`): p50, p99, max.
 *
 * Baselines: the same hub on the same tree, idle (empty save folders, no selections): what the
 * service and the machine cost with nothing to do; and the same hub watching the 2,000-file tree
 * with no selections: what watching alone costs.
 *
 * It fails (exit 1) when the loaded hub's p99 is 20 ms or more.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { round, startCabinetHub, writeResult, type RunningProcess } from './lib.js'

const seconds = Number(process.env.STALL_SECONDS ?? 20)
const selectionsPerSecond = 20
/** The MAME save folders being watched: 400 roms of 5 nvram files, and 200 `.hi` files. */
const saves = { nvramRoms: 400, filesPerRom: 5, hiscoreFiles: 200 }
const p99BarMs = 20

interface Delay { readonly samples: number, readonly p50Ms: number, readonly p99Ms: number, readonly maxMs: number, readonly meanMs: number }

const scratch = mkdtempSync(path.join(tmpdir(), 'cabinet-hub-bench-stall-'))
const cli = new URL('../dist/cli.js', import.meta.url).pathname
const probe = new URL('./event-loop-probe.ts', import.meta.url).pathname

/** A demo frontend tree with its MAME save folders, filled or empty. */
function frontendTree (name: string, filled: boolean): { root: string, nvram: string, hiscore: string } {
  const root = path.join(scratch, name)
  execFileSync(process.execPath, [cli, 'demo-tree', '--out', root], { stdio: 'ignore' })
  const nvram = path.join(root, 'saves', 'mame', 'nvram')
  const hiscore = path.join(root, 'saves', 'mame', 'hiscore')
  mkdirSync(hiscore, { recursive: true })
  mkdirSync(nvram, { recursive: true })
  if (filled) {
    for (let rom = 0; rom < saves.nvramRoms; rom++) {
      mkdirSync(path.join(nvram, `rom${rom}`))
      for (let file = 0; file < saves.filesPerRom; file++) writeFileSync(path.join(nvram, `rom${rom}`, `nvram${file}`), Buffer.alloc(256, rom))
    }
    for (let rom = 0; rom < saves.hiscoreFiles; rom++) writeFileSync(path.join(hiscore, `rom${rom}.hi`), Buffer.alloc(64, rom))
  }
  return { root, nvram, hiscore }
}

/** Every game of the tree as the frontend names it in a game-selected hook: system, path, name. */
function gamesOf (root: string): Array<[string, string, string]> {
  const roms = path.join(root, 'roms')
  return readdirSync(roms).flatMap((system) => readdirSync(path.join(roms, system), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== 'gamelist.xml')
    .map((entry): [string, string, string] => [system, path.join(roms, system, entry.name), path.parse(entry.name).name]))
}

async function signalled (hub: RunningProcess, file: string): Promise<Delay> {
  rmSync(file, { force: true })
  hub.child.kill('SIGWINCH')
  for (let tries = 0; tries < 200; tries++) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Delay
    } catch { /* not written yet */ }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('the event-loop probe did not answer')
}

const sleep = async (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Starts a hub on the tree, lets it settle, then measures its event loop for `seconds` while `load` runs. */
async function measure (name: string, tree: ReturnType<typeof frontendTree>, load: ((hub: RunningProcess, stopAt: number) => Promise<number>) | null): Promise<Delay & { selections: number }> {
  const probeFile = path.join(scratch, `${name}.json`)
  const hub = await startCabinetHub(['--profile', 'retrobat', '--frontend-root', tree.root, '--es-url', 'http://127.0.0.1:9', '--mame-nvram-dir', tree.nvram, '--mame-hiscore-dir', tree.hiscore], path.join(scratch, `${name}-data`), {
    nodeArgs: ['--import', 'tsx', '--import', probe],
    env: { EVENT_LOOP_PROBE_FILE: probeFile, CABINET_HUB_SELECTION_BURST_MS: '0' }
  })
  try {
    // Start-up work (the first scans, the watchers' first look) is not what is measured.
    await sleep(3000)
    await signalled(hub, probeFile)
    const stopAt = performance.now() + seconds * 1000
    const selections = load === null ? 0 : await load(hub, stopAt)
    await sleep(Math.max(0, stopAt - performance.now()))
    return { ...await signalled(hub, probeFile), selections }
  } finally {
    await hub.stop()
  }
}

/** 20 selections a second through the hook door and one save rewritten a second, until `stopAt`. */
function scrolling (tree: ReturnType<typeof frontendTree>) {
  const games = gamesOf(tree.root)
  return async (hub: RunningProcess, stopAt: number): Promise<number> => {
    const ingest = `http://127.0.0.1:${hub.port}/api/v1/ingest/es-event`
    const sent: Array<Promise<unknown>> = []
    const start = performance.now()
    for (let i = 0; performance.now() < stopAt; i++) {
      await sleep(Math.max(0, start + (i * 1000) / selectionsPerSecond - performance.now()))
      const [system, gamePath, name] = games[i % games.length]!
      sent.push(fetch(ingest, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'game-selected', args: [system, gamePath, name] }) }).then(async (response) => response.arrayBuffer()))
      if (i % selectionsPerSecond === 0) {
        const rom = `rom${(i / selectionsPerSecond) % saves.nvramRoms}`
        writeFileSync(path.join(tree.nvram, rom, 'nvram0'), Buffer.alloc(256, i))
      }
    }
    await Promise.all(sent)
    return sent.length
  }
}

try {
  const idleTree = frontendTree('idle', false)
  const watchedTree = frontendTree('watched', true)
  const idle = await measure('idle', idleTree, null)
  const watching = await measure('watching', watchedTree, null)
  const loaded = await measure('loaded', watchedTree, scrolling(watchedTree))
  const passed = loaded.p99Ms < p99BarMs
  writeResult('stall', {
    parameters: { seconds, selectionsPerSecond, nvramFiles: saves.nvramRoms * saves.filesPerRom, hiscoreFiles: saves.hiscoreFiles, savesRewrittenPerSecond: 1, resolutionMs: 10, p99BarMs },
    baselineIdle: idle,
    baselineWatchingOnly: watching,
    cabinetHub: loaded,
    passed
  }, `event-loop delay under ${selectionsPerSecond} selections/s with ${saves.nvramRoms * saves.filesPerRom} nvram files watched: p50 ${round(loaded.p50Ms, 1)} ms, p99 ${round(loaded.p99Ms, 1)} ms, max ${round(loaded.maxMs, 1)} ms (${loaded.selections} selections); watching only p99 ${round(watching.p99Ms, 1)} ms; idle p99 ${round(idle.p99Ms, 1)} ms${passed ? '' : ` — p99 over the ${p99BarMs} ms bar`}`)
  if (!passed) process.exitCode = 1
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
