/**
 * hook-latency: from a frontend hook entering a door to `ui.game.selected` on /ws/frontend at 50
 * clients, p50/p99 over 2,000 selections for each door (http, spool, events.ini), next to a
 * baseline relay that does nothing but pass an HTTP POST to its sockets. Then a burst of
 * selections 20 ms apart through events.ini and through the spool: how many each door loses
 * (counted on /ws/esevent, which carries every accepted hook; the spool must lose none), and the
 * losses the service itself counted on events.ini. Then the hook script's own cost: our sh hook
 * run as ES runs it (`sh -c`), against the `cabinet-hub hook` Node command it replaced, and the
 * sh hook's delivery to the clients. Last, the installed sh hook as a scrolling player drives it
 * (200 selections 20 ms apart, each through ES's own shell wrapper, none waiting for another) and
 * as ES fires the hooks of one event together (they must still come out in firing order).
 *
 * It fails (exit 1) when a spool burst hook is lost or late (not on /ws/esevent within 1 s after
 * the last of its burst), when hooks fired together come out of order, or when the sh hook's
 * delivery to the clients misses 40 ms at the median or 80 ms at p99.
 *
 * The selection burst gate is off (CABINET_HUB_SELECTION_BURST_MS=0) for the latency part so
 * every selection is published; it does not apply to esevent anyway.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import { writeSpoolFile } from '../src/frontend/spool.js'
import { configuredFrontendHooks, type FrontendsConfig } from '../src/frontends/index.js'
import { esScriptCommand, esShellCommand } from '../src/sim/es-shell.js'
import { percentile, round, startBaseline, startCabinetHub, writeResult } from './lib.js'

const clientCount = 50
const selections = Number(process.env.HOOK_LATENCY_SELECTIONS ?? 2000)
const burstSize = Number(process.env.HOOK_LATENCY_BURST ?? 200)
const burstGapMs = 20
/** Every hook of a burst must be on /ws/esevent this soon after the last one was fired. */
const burstDeadlineMs = 1000
/** Bars for the sh hook, from starting its shell to all clients. */
const shHookP50BarMs = 40
const shHookP99BarMs = 80
/** ES-style rounds: this many hooks fired together, this many times. */
const togetherSize = 5
const togetherRounds = 20
const scriptRuns = Number(process.env.HOOK_LATENCY_SCRIPT_RUNS ?? 200)
/** Starting Node per hook is slow: fewer runs give its percentiles all the same. */
const nodeHookRuns = Number(process.env.HOOK_LATENCY_NODE_RUNS ?? 40)

/** Milliseconds from starting a command to its exit. */
async function timedRun (command: string, args: string[]): Promise<number> {
  const start = performance.now()
  const child = spawn(command, args, { stdio: 'ignore' })
  await once(child, 'exit')
  return performance.now() - start
}

type Door = 'http' | 'spool' | 'events.ini'

/** 50 sockets; resolves when every one of them has seen a frame containing the marker. */
class Audience {
  readonly #waiting = new Map<string, { left: number, done: () => void }>()
  /** Each marker seen, with when it was first seen (performance.now()). */
  readonly seen = new Map<string, number>()
  /** The markers in the order the first socket received them. */
  readonly order: string[] = []

  private constructor (readonly sockets: WebSocket[], readonly markerOf: (frame: Record<string, any>) => string | null) { // eslint-disable-line @typescript-eslint/no-explicit-any
    for (const socket of sockets) {
      socket.on('message', (data) => {
        const marker = markerOf(JSON.parse(data.toString()) as Record<string, unknown>)
        if (marker === null) return
        if (!this.seen.has(marker)) {
          this.seen.set(marker, performance.now())
          this.order.push(marker)
        }
        const waiting = this.#waiting.get(marker)
        if (waiting !== undefined && --waiting.left === 0) {
          this.#waiting.delete(marker)
          waiting.done()
        }
      })
    }
  }

  static async connect (url: string, count: number, markerOf: Audience['markerOf']): Promise<Audience> {
    const sockets = await Promise.all(Array.from({ length: count }, async () => {
      const socket = new WebSocket(url)
      await new Promise((resolve, reject) => { socket.once('open', resolve); socket.once('error', reject) })
      return socket
    }))
    return new Audience(sockets, markerOf)
  }

  /** Promise for every socket having received the marker; register before sending. */
  expect (marker: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${marker} reached ${this.sockets.length - (this.#waiting.get(marker)?.left ?? 0)} of ${this.sockets.length} clients in 10 s`)), 10_000)
      this.#waiting.set(marker, { left: this.sockets.length, done: () => { clearTimeout(timer); resolve() } })
    })
  }

  close (): void {
    for (const socket of this.sockets) socket.close()
  }
}

function writeAtomically (file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`
  writeFileSync(temp, text)
  renameSync(temp, file)
}

const sleep = async (ms: number): Promise<void> => { await new Promise((resolve) => setTimeout(resolve, ms)) }
const rawRom = (frame: Record<string, any>): string => String((frame.Payload.RawArgs as string[])[1]) // eslint-disable-line @typescript-eslint/no-explicit-any

interface BurstResult { sent: number, received: number, late: number, p50Ms: number, maxMs: number }

/**
 * Waits until the deadline after the last hook fired, then counts: a hook not on /ws/esevent by
 * then is late (or lost); latency is from firing a hook to its arrival.
 */
async function burstOutcome (esevent: Audience, firedAt: ReadonlyMap<string, number>): Promise<BurstResult> {
  await sleep(burstDeadlineMs)
  esevent.close()
  const latencies = [...firedAt].flatMap(([rom, at]) => {
    const seenAt = esevent.seen.get(rom)
    return seenAt === undefined ? [] : [seenAt - at]
  })
  return { sent: firedAt.size, received: latencies.length, late: firedAt.size - latencies.length, p50Ms: round(percentile(latencies, 50)), maxMs: round(Math.max(...latencies)) }
}

const romOf = (door: string, i: number): string => `/bench/roms/mame/${door.replace('.', '-')}-${i}.zip`

async function main (): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'cabinet-hub-hook-bench-'))
  const eventsIni = path.join(work, 'events.ini')
  writeFileSync(eventsIni, '')
  process.env.CABINET_HUB_SELECTION_BURST_MS = '0'
  // The frontend's config folder, where its hook scripts are installed (below), as on a cabinet.
  const esConfigDir = path.join(work, 'es')
  mkdirSync(esConfigDir)
  const hub = await startCabinetHub(['--events-ini', eventsIni, '--es-url', 'http://127.0.0.1:9', '--es-config-dir', esConfigDir, '--profile', 'batocera'])
  const baseline = await startBaseline('./baselines/hook-relay.ts', '/ready')
  const dataDir = hub.child.spawnargs[hub.child.spawnargs.indexOf('--data-dir') + 1]!
  const spoolDir = path.join(dataDir, 'events.d')
  const ingest = `http://127.0.0.1:${hub.port}/api/v1/ingest/es-event`

  const send: Record<Door, (i: number) => Promise<void>> = {
    http: async (i) => {
      await fetch(ingest, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'game-selected', args: ['mame', romOf('http', i), `Game ${i}`] }) })
    },
    spool: async (i) => { writeSpoolFile(spoolDir, { event: 'game-selected', args: ['mame', romOf('spool', i), `Game ${i}`], hookId: null }) },
    'events.ini': async (i) => { writeAtomically(eventsIni, `event=game-selected\r\nmame "${romOf('events.ini', i)}" "Game ${i}"\r\n`) }
  }

  try {
    const frontend = await Audience.connect(`ws://127.0.0.1:${hub.port}/ws/frontend`, clientCount, (f) => f.Type === 'ui.game.selected' ? String(f.Payload.GamePath) : null)
    const latency: Record<string, { p50Ms: number, p99Ms: number, maxMs: number }> = {}
    for (const door of ['http', 'spool', 'events.ini'] as const) {
      const samples: number[] = []
      for (let i = 0; i < selections; i++) {
        const delivered = frontend.expect(romOf(door, i))
        const start = performance.now()
        await send[door](i)
        await delivered
        samples.push(performance.now() - start)
      }
      latency[door] = { p50Ms: round(percentile(samples, 50)), p99Ms: round(percentile(samples, 99)), maxMs: round(Math.max(...samples)) }
    }
    frontend.close()

    const relay = await Audience.connect(`ws://127.0.0.1:${baseline.port}/`, clientCount, (f) => typeof f.rom === 'string' ? f.rom : null)
    const baselineSamples: number[] = []
    for (let i = 0; i < selections; i++) {
      const delivered = relay.expect(romOf('baseline', i))
      const start = performance.now()
      await fetch(`http://127.0.0.1:${baseline.port}/hook`, { method: 'POST', body: JSON.stringify({ event: 'game-selected', rom: romOf('baseline', i) }) })
      await delivered
      baselineSamples.push(performance.now() - start)
    }
    relay.close()
    const baselineLatency = { p50Ms: round(percentile(baselineSamples, 50)), p99Ms: round(percentile(baselineSamples, 99)), maxMs: round(Math.max(...baselineSamples)) }

    // Burst: one esevent listener is enough to count what each door let through.
    const burst: Record<string, BurstResult> = {}
    for (const door of ['events.ini', 'spool'] as const) {
      const esevent = await Audience.connect(`ws://127.0.0.1:${hub.port}/ws/esevent`, 1, rawRom)
      const firedAt = new Map<string, number>()
      for (let i = 0; i < burstSize; i++) {
        firedAt.set(romOf(door, selections + i), performance.now())
        await send[door](selections + i)
        await sleep(burstGapMs)
      }
      burst[door] = await burstOutcome(esevent, firedAt)
    }

    const doorStatus = await (await fetch(`http://127.0.0.1:${hub.port}/api/v1/status`)).json() as { frontend: { eventsIniDoor: { hooks: number, overwrittenAtLeast: number | null } } }

    // The hook script as ES runs it, against the Node hook command of before.
    await configuredFrontendHooks({ profile: 'batocera' } as FrontendsConfig)!.install({ esConfigDir, spoolDir, port: hub.port, platform: 'linux' })
    const script = path.join(esConfigDir, 'scripts', 'game-selected', 'cabinet-hub-hook.sh')
    const scriptCost: number[] = []
    const scriptDelivery: number[] = []
    const frontendAgain = await Audience.connect(`ws://127.0.0.1:${hub.port}/ws/frontend`, clientCount, (f) => f.Type === 'ui.game.selected' ? String(f.Payload.GamePath) : null)
    for (let i = 0; i < scriptRuns; i++) {
      const rom = romOf('script', i)
      const delivered = frontendAgain.expect(rom)
      const start = performance.now()
      scriptCost.push(await timedRun('/bin/sh', ['-c', `"${script}" mame ${rom} "Game ${i}"`]))
      await delivered
      scriptDelivery.push(performance.now() - start)
    }
    frontendAgain.close()
    const cli = path.resolve('dist/cli.js')
    const nodeCost: number[] = []
    for (let i = 0; i < nodeHookRuns; i++) nodeCost.push(await timedRun(process.execPath, [cli, '--data-dir', dataDir, '--port', String(hub.port), 'hook', 'game-selected', 'mame', romOf('node', i), `Game ${i}`]))
    const summary = (samples: number[]) => ({ runs: samples.length, p50Ms: round(percentile(samples, 50)), p99Ms: round(percentile(samples, 99)) })
    const hookScript = { shHook: summary(scriptCost), nodeHookCommand: summary(nodeCost), shHookToClients: summary(scriptDelivery), costRatio: round(percentile(scriptCost, 50) / percentile(nodeCost, 50), 3) }

    // The installed sh hook as ES fires it: through ES's shell wrapper, detached, nothing waiting.
    const logDir = path.join(work, 'es-logs')
    mkdirSync(logDir)
    const fireAsEs = (rom: string, i: number): void => {
      spawn('/bin/sh', ['-c', esShellCommand(esScriptCommand(script, null, ['mame', rom, `Game ${i}`]), logDir)], { detached: true, stdio: 'ignore' }).unref()
    }
    const scrolling = await Audience.connect(`ws://127.0.0.1:${hub.port}/ws/esevent`, 1, rawRom)
    const scrollFiredAt = new Map<string, number>()
    for (let i = 0; i < burstSize; i++) {
      const rom = romOf('scroll', i)
      scrollFiredAt.set(rom, performance.now())
      fireAsEs(rom, i)
      await sleep(burstGapMs)
    }
    burst.shHookScroll = await burstOutcome(scrolling, scrollFiredAt)

    // ES starts the shells of hooks fired together one after the other, and they race.
    const together = await Audience.connect(`ws://127.0.0.1:${hub.port}/ws/esevent`, 1, rawRom)
    const firingOrder: string[] = []
    for (let turn = 0; turn < togetherRounds; turn++) {
      for (let i = 0; i < togetherSize; i++) {
        const rom = romOf('together', turn * togetherSize + i)
        firingOrder.push(rom)
        fireAsEs(rom, i)
      }
      await sleep(300)
    }
    await sleep(burstDeadlineMs)
    together.close()
    const firstMisplaced = firingOrder.findIndex((rom, i) => together.order[i] !== rom)
    // Where the order broke, so a miss can be told from a lost hook and read against the spool's rules.
    const misplaced = firstMisplaced === -1 ? null : { position: firstMisplaced, fired: firingOrder.slice(firstMisplaced, firstMisplaced + togetherSize), received: together.order.slice(firstMisplaced, firstMisplaced + togetherSize) }
    const firedTogether = { rounds: togetherRounds, hooksPerRound: togetherSize, received: together.order.length, inFiringOrder: firstMisplaced === -1, misplaced }

    const late = burst.spool!.late + burst.shHookScroll.late
    const shBars = hookScript.shHookToClients.p50Ms < shHookP50BarMs && hookScript.shHookToClients.p99Ms < shHookP99BarMs
    const ratio = round(latency.http!.p50Ms / baselineLatency.p50Ms, 2)
    writeResult('hook-latency', {
      parameters: { clients: clientCount, selections, burstSize, burstGapMs, burstDeadlineMs, shHookP50BarMs, shHookP99BarMs },
      latency,
      baseline: { name: 'bare HTTP-to-WebSocket relay', ...baselineLatency },
      ratios: { httpP50VsBaseline: ratio, httpP99VsBaseline: round(latency.http!.p99Ms / baselineLatency.p99Ms, 2) },
      burst,
      eventsIniCountedByService: doorStatus.frontend.eventsIniDoor,
      hookScript,
      firedTogether
    }, `p50/p99 ms to all ${clientCount} clients: http ${latency.http!.p50Ms}/${latency.http!.p99Ms}, spool ${latency.spool!.p50Ms}/${latency.spool!.p99Ms}, events.ini ${latency['events.ini']!.p50Ms}/${latency['events.ini']!.p99Ms}; baseline relay ${baselineLatency.p50Ms}/${baselineLatency.p99Ms} (http p50 x${ratio}); burst ${burstSize} at ${burstGapMs} ms: events.ini lost ${burst['events.ini']!.late} (the service counted at least ${String(doorStatus.frontend.eventsIniDoor.overwrittenAtLeast)} overwritten), spool late ${burst.spool!.late} (p50/max ${burst.spool!.p50Ms}/${burst.spool!.maxMs} ms), installed sh hook scrolling late ${burst.shHookScroll.late} (p50/max ${burst.shHookScroll.p50Ms}/${burst.shHookScroll.maxMs} ms); hooks fired together in firing order: ${String(firedTogether.inFiringOrder)} (${firedTogether.received}/${togetherRounds * togetherSize}); hook script p50 ${hookScript.shHook.p50Ms} ms vs Node hook command ${hookScript.nodeHookCommand.p50Ms} ms (x${hookScript.costRatio}), sh hook to all clients p50/p99 ${hookScript.shHookToClients.p50Ms}/${hookScript.shHookToClients.p99Ms} ms (bars ${shHookP50BarMs}/${shHookP99BarMs})`)
    if (late > 0 || !firedTogether.inFiringOrder || !shBars) process.exitCode = 1
  } finally {
    await hub.stop()
    await baseline.stop()
  }
}

await main()
