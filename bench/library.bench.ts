/**
 * library: how cabinet-hub copes with a big library.
 * - tree: time to ready and peak RSS over 50,000 games in 20 systems, each game with 3 media files
 *   (two referenced by its gamelist, one in the media store), on a cold start (empty data dir:
 *   ready after a first look, the full scan right after) and a warm start (the data dir of the
 *   cold start: the persisted index and gamelist snapshots, a full rescan behind it); and when
 *   that full scan is done, with the peak RSS by then. Each for the built tree (`dist/cli.js`) and
 *   for the app of a bundle (`app/cabinet-hub.mjs` of `npm run dist`, whose compile cache the cold
 *   start fills). Time to ready is counted from the spawn to the service's own `readyAtUtc`, and
 *   to the first 200 of a client asking every 5 ms.
 * - bigGamelist: one 30 MB gamelist of 50,000 games: time to ready, the longest stall of the event
 *   loop while it is read at start and re-read after a change, and the time of a gamelist page.
 * Stalls are measured from outside: /api/v1/health is asked every 10 ms, one request at a time,
 * and the slowest answer is the longest stall. Baselines: a bare node:http server probed the same
 * way at the same time (the machine's own noise), and a one-shot fast-xml-parser parse of the same
 * file (what a reader that parses the whole file at once holds the loop for).
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { XMLParser } from 'fast-xml-parser'
import { bundleApp, bundlePackageJson } from '../scripts/bundles/bundle-app.js'
import { runtimeFlags } from '../scripts/bundles/launchers.js'
import { launcherEnvironment } from '../src/boot/launcher-environment.js'
import { projectPackage } from '../scripts/bundles/targets.js'
import { peakRssMb, probeLatency, round, spawnCabinetHub, startBaseline, timeRequests, waitForHttp, writeResult, type RunningProcess } from './lib.js'

const systems = 20
const gamesPerSystem = 2500
const bigGames = 50_000
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Every tree and data dir of this run, removed at the end (together they take over a gigabyte). */
const scratch: string[] = []
const scratchDir = (prefix: string): string => {
  const dir = mkdtempSync(path.join(tmpdir(), `cabinet-hub-bench-${prefix}-`))
  scratch.push(dir)
  return dir
}

interface Tree { readonly root: string, readonly roms: string, readonly media: string, readonly esConfig: string }

function emptyTree (name: string): Tree {
  const root = scratchDir(name)
  const tree = { root, roms: path.join(root, 'roms'), media: path.join(root, 'media'), esConfig: path.join(root, 'es') }
  mkdirSync(tree.esConfig, { recursive: true })
  return tree
}

const gamelistXml = (games: readonly string[]): string => `<?xml version="1.0"?>\n<gameList>\n${games.join('\n')}\n</gameList>\n`

function writeLibraryTree (): Tree {
  const tree = emptyTree('library')
  for (let s = 0; s < systems; s++) {
    const system = `system${s}`
    mkdirSync(path.join(tree.roms, system, 'images'), { recursive: true })
    const games: string[] = []
    for (let g = 0; g < gamesPerSystem; g++) {
      const rom = `game_${s}_${g}`
      writeFileSync(path.join(tree.roms, system, `${rom}.zip`), 'rom')
      writeFileSync(path.join(tree.roms, system, 'images', `${rom}-image.png`), png)
      writeFileSync(path.join(tree.roms, system, 'images', `${rom}-marquee.png`), png)
      const store = path.join(tree.media, 'systems', system, 'games', rom, 'artwork')
      mkdirSync(store, { recursive: true })
      writeFileSync(path.join(store, 'fanart.png'), png)
      games.push(`<game><path>./${rom}.zip</path><name>Game ${s} ${g}</name><desc>Generated game number ${g} of system ${s}.</desc><image>./images/${rom}-image.png</image><marquee>./images/${rom}-marquee.png</marquee></game>`)
    }
    writeFileSync(path.join(tree.roms, system, 'gamelist.xml'), gamelistXml(games))
  }
  return tree
}

const filler = 'A long scraped description of the kind ScreenScraper returns, with the story, the controls and the trivia of the game. '

/** Scraped-looking entries of about 640 bytes each, so 50,000 of them make a 30 MB file. */
function bigGamelist (renamed: number | null): string {
  const games: string[] = []
  for (let g = 0; g < bigGames; g++) {
    const name = g === renamed ? 'Renamed Game' : `Big Game ${g}`
    games.push(`<game id="${g}" source="ScreenScraper.fr"><path>./big_${g}.zip</path><name>${name}</name><desc>${filler.repeat(2)}Number ${g}.</desc><image>./images/big_${g}.png</image><marquee>./images/big_${g}-marquee.png</marquee><video>./videos/big_${g}.mp4</video><rating>0.8</rating><releasedate>19910101T000000</releasedate><developer>Developer &amp; Co</developer><publisher>Publisher</publisher><genre>Shooter</genre><players>1-2</players></game>`)
  }
  return gamelistXml(games)
}

function writeBigTree (): { tree: Tree, gamelist: string } {
  const tree = emptyTree('gamelist')
  const folder = path.join(tree.roms, 'big')
  mkdirSync(folder, { recursive: true })
  for (let g = 0; g < bigGames; g++) writeFileSync(path.join(folder, `big_${g}.zip`), 'rom')
  const gamelist = path.join(folder, 'gamelist.xml')
  writeFileSync(gamelist, bigGamelist(null))
  return { tree, gamelist }
}

const treeArgs = (tree: Tree): string[] => ['--roms-root', tree.roms, '--media-dir', tree.media, '--es-config-dir', tree.esConfig]

/** Probes the hub and the bare baseline side by side while `work` runs. */
async function stallsDuring<T> (hubPort: number, baseline: RunningProcess, work: () => Promise<T>) {
  const hubProbe = probeLatency(`http://127.0.0.1:${hubPort}/api/v1/health`)
  const baselineProbe = probeLatency(`http://127.0.0.1:${baseline.port}/ready`)
  const result = await work()
  return { result, hub: await hubProbe.stop(), baseline: await baselineProbe.stop() }
}

interface MediaStatus { readonly files: number, readonly assets: number, readonly scanning: boolean, readonly lastScanAtUtc: string | null }

async function mediaStatus (port: number): Promise<MediaStatus | undefined> {
  return ((await (await fetch(`http://127.0.0.1:${port}/api/v1/status`)).json()) as { media?: MediaStatus }).media
}

/** Once the first full scan of the run is over (a first start is ready before it: see the media service). */
async function untilFullyIndexed (port: number): Promise<MediaStatus | undefined> {
  const deadline = performance.now() + 120_000
  while (performance.now() < deadline) {
    const media = await mediaStatus(port)
    if (media === undefined || (!media.scanning && media.lastScanAtUtc !== null)) return media
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the full scan did not end within 120 s')
}

/** The app of a bundle, as `npm run dist` writes it into each archive, run with its (Linux) launcher's flags and environment. */
async function bundledApp (): Promise<Build> {
  const bundle = scratchDir('bundle')
  await bundleApp(path.join(bundle, 'app'))
  writeFileSync(path.join(bundle, 'package.json'), bundlePackageJson(projectPackage.version))
  return { entry: path.join(bundle, 'app', 'cabinet-hub.mjs'), nodeArgs: runtimeFlags, env: launcherEnvironment }
}

/** The built tree, or a bundle's app run as its launcher runs it. */
type Build = { readonly entry: string, readonly nodeArgs: readonly string[], readonly env: Readonly<Record<string, string>> } | undefined

async function start (tree: Tree, dataDir: string, baseline: RunningProcess, build?: Build) {
  const started = performance.now()
  const spawnedAt = Date.now()
  const hub = await spawnCabinetHub(treeArgs(tree), dataDir, build)
  const readyUrl = `http://127.0.0.1:${hub.port}/api/v1/startup/ready`
  const { hub: stall, baseline: baselineStall } = await stallsDuring(hub.port, baseline, async () => waitForHttp(readyUrl, hub.child, 5))
  const readyMs = round(performance.now() - started, 0)
  const { readyAtUtc } = await (await fetch(readyUrl)).json() as { readyAtUtc: string }
  const peakRssAtReady = peakRssMb(hub.child.pid!)
  const atReady = await mediaStatus(hub.port)
  const indexed = await untilFullyIndexed(hub.port)
  return {
    hub,
    result: {
      readyMs,
      readyAtMs: Date.parse(readyAtUtc) - spawnedAt,
      peakRssMb: peakRssAtReady,
      indexedFiles: atReady?.files ?? 0,
      assets: atReady?.assets ?? 0,
      startStall: stall,
      baselineStall,
      fullScan: { doneMs: round(performance.now() - started, 0), peakRssMb: peakRssMb(hub.child.pid!), indexedFiles: indexed?.files ?? 0, assets: indexed?.assets ?? 0 }
    }
  }
}

async function untilRenameSeen (port: number): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < 120_000) {
    const page = await (await fetch(`http://127.0.0.1:${port}/api/v1/gamelists/big/games?search=renamed&limit=1`)).json() as { total: number }
    if (page.total === 1) return round(performance.now() - started, 0)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the renamed game never showed up')
}

function oneShotParseMs (file: string): number {
  const xml = readFileSync(file, 'utf8')
  const started = performance.now()
  new XMLParser({ ignoreAttributes: false }).parse(xml)
  return round(performance.now() - started, 0)
}

/** The gigabyte of small files a tree is is still being flushed to disk when written: a start measured against that flush measures the disk. */
const flushed = <T>(tree: T): T => {
  execFileSync('sync')
  return tree
}

const baseline = await startBaseline('./baselines/static-bytes.ts', '/ready')
try {
  const libraryTree = flushed(writeLibraryTree())
  const coldAndWarm = async (build?: Build) => {
    const dataDir = scratchDir('library-data')
    const cold = await start(libraryTree, dataDir, baseline, build)
    await cold.hub.stop()
    const warm = await start(libraryTree, dataDir, baseline, build)
    await warm.hub.stop()
    return { cold: cold.result, warm: warm.result }
  }
  const build = await coldAndWarm()
  const bundle = await coldAndWarm(await bundledApp())

  const big = flushed(writeBigTree())
  const bigStart = await start(big.tree, scratchDir('gamelist-data'), baseline)
  const page = await timeRequests(20, async () => fetch(`http://127.0.0.1:${bigStart.hub.port}/api/v1/gamelists/big/games?limit=50&offset=25000`))
  // Written beside it first, so that building 30 MB in this process does not count as a stall.
  writeFileSync(`${big.gamelist}.new`, bigGamelist(bigGames / 2))
  const reread = await stallsDuring(bigStart.hub.port, baseline, async () => {
    renameSync(`${big.gamelist}.new`, big.gamelist)
    return untilRenameSeen(bigStart.hub.port)
  })
  await bigStart.hub.stop()
  const oneShot = oneShotParseMs(big.gamelist)
  const bigGamelistResult = {
    gamelistMb: round(statSync(big.gamelist).size / 1024 / 1024, 1),
    games: bigGames,
    start: bigStart.result,
    reread: { visibleAfterMs: reread.result, stall: reread.hub, baselineStall: reread.baseline },
    pageRequest: page,
    oneShotParseMs: oneShot,
    longestStallVsOneShotParse: round(Math.max(bigStart.result.startStall.maxMs, reread.hub.maxMs) / oneShot, 2)
  }
  // The bars of the install issue, for the bundle an owner runs: a client sees ready within them.
  const bars = { bundleWarmReadyUnder500Ms: bundle.warm.readyMs < 500, bundleColdReadyUnder3000Ms: bundle.cold.readyMs < 3000 }
  const summary = (name: string, { cold, warm }: typeof build) =>
    `${name}: cold ready ${cold.readyMs} ms peak RSS ${cold.peakRssMb} MB (${cold.indexedFiles} files, longest stall ${cold.startStall.maxMs} ms; ` +
    `all ${cold.fullScan.indexedFiles} files at ${cold.fullScan.doneMs} ms, peak RSS ${cold.fullScan.peakRssMb} MB); ` +
    `warm ready ${warm.readyMs} ms peak RSS ${warm.peakRssMb} MB (longest stall ${warm.startStall.maxMs} ms; ` +
    `rescan done at ${warm.fullScan.doneMs} ms, peak RSS ${warm.fullScan.peakRssMb} MB); `
  writeResult('library', { setup: { systems, games: systems * gamesPerSystem, mediaFilesPerGame: 3 }, build, bundle, bars, bigGamelist: bigGamelistResult },
    summary('built tree', build) + summary('bundle', bundle) +
    `${bigGamelistResult.gamelistMb} MB gamelist: ready ${bigStart.result.readyMs} ms, longest stall at start ${bigStart.result.startStall.maxMs} ms / on re-read ${reread.hub.maxMs} ms ` +
    `(one-shot parse ${oneShot} ms, bare server ${reread.baseline.maxMs} ms), page p50 ${page.p50Ms} ms`)
  const missed = Object.entries(bars).filter(([, met]) => !met).map(([bar]) => bar)
  if (missed.length > 0) {
    process.stderr.write(`library: missed ${missed.join(', ')}\n`)
    process.exitCode = 1
  }
} finally {
  await baseline.stop()
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true })
}
