/**
 * hook-latency: from a frontend hook entering a door to `ui.game.selected` on /ws/frontend at 50
 * clients, p50/p99 over 2,000 selections for each door (http, spool, events.ini), next to a
 * baseline relay that does nothing but pass an HTTP POST to its sockets. Then a burst of
 * selections 20 ms apart through events.ini and through the spool: how many each door loses
 * (counted on /ws/esevent, which carries every accepted hook; the spool must lose none), and the
 * losses the service itself counted on events.ini. Last, the hook script's own cost: our sh hook
 * run as ES runs it (`sh -c`), against the `cabinet-hub hook` Node command it replaced, and the
 * sh hook's delivery to the clients.
 *
 * The selection burst gate is off (CABINET_HUB_SELECTION_BURST_MS=0) for the latency part so
 * every selection is published; it does not apply to esevent anyway.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import { writeSpoolFile } from '../src/frontend/spool.js'
import { configuredFrontendHooks, type FrontendsConfig } from '../src/frontends/index.js'
import { percentile, round, startBaseline, startCabinetHub, writeResult } from './lib.js'

const clientCount = 50
const selections = Number(process.env.HOOK_LATENCY_SELECTIONS ?? 2000)
const burstSize = Number(process.env.HOOK_LATENCY_BURST ?? 200)
const burstGapMs = 20
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
  readonly seen = new Set<string>()

  private constructor (readonly sockets: WebSocket[], readonly markerOf: (frame: Record<string, any>) => string | null) { // eslint-disable-line @typescript-eslint/no-explicit-any
    for (const socket of sockets) {
      socket.on('message', (data) => {
        const marker = markerOf(JSON.parse(data.toString()) as Record<string, unknown>)
        if (marker === null) return
        this.seen.add(marker)
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

const romOf = (door: string, i: number): string => `/bench/roms/mame/${door.replace('.', '-')}-${i}.zip`

async function main (): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'cabinet-hub-hook-bench-'))
  const eventsIni = path.join(work, 'events.ini')
  writeFileSync(eventsIni, '')
  process.env.CABINET_HUB_SELECTION_BURST_MS = '0'
  const hub = await startCabinetHub(['--events-ini', eventsIni, '--es-url', 'http://127.0.0.1:9'])
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
    const burst: Record<string, { sent: number, received: number, lost: number }> = {}
    for (const door of ['events.ini', 'spool'] as const) {
      const esevent = await Audience.connect(`ws://127.0.0.1:${hub.port}/ws/esevent`, 1, (f) => String((f.Payload.RawArgs as string[])[1]))
      for (let i = 0; i < burstSize; i++) {
        await send[door](selections + i)
        await new Promise((resolve) => setTimeout(resolve, burstGapMs))
      }
      // Let the last one arrive (the doors poll every 150 ms).
      await new Promise((resolve) => setTimeout(resolve, 1000))
      const received = Array.from({ length: burstSize }, (_, i) => romOf(door, selections + i)).filter((rom) => esevent.seen.has(rom)).length
      burst[door] = { sent: burstSize, received, lost: burstSize - received }
      esevent.close()
    }

    const doorStatus = await (await fetch(`http://127.0.0.1:${hub.port}/api/v1/status`)).json() as { frontend: { eventsIniDoor: { hooks: number, overwrittenAtLeast: number | null } } }

    // The hook script as ES runs it, against the Node hook command of before.
    const esConfigDir = path.join(work, 'es')
    configuredFrontendHooks({ profile: 'batocera' } as FrontendsConfig)!.install({ esConfigDir, spoolDir, port: hub.port, platform: 'linux' })
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

    const ratio = round(latency.http!.p50Ms / baselineLatency.p50Ms, 2)
    writeResult('hook-latency', {
      parameters: { clients: clientCount, selections, burstSize, burstGapMs },
      latency,
      baseline: { name: 'bare HTTP-to-WebSocket relay', ...baselineLatency },
      ratios: { httpP50VsBaseline: ratio, httpP99VsBaseline: round(latency.http!.p99Ms / baselineLatency.p99Ms, 2) },
      burst,
      eventsIniCountedByService: doorStatus.frontend.eventsIniDoor,
      hookScript
    }, `p50/p99 ms to all ${clientCount} clients: http ${latency.http!.p50Ms}/${latency.http!.p99Ms}, spool ${latency.spool!.p50Ms}/${latency.spool!.p99Ms}, events.ini ${latency['events.ini']!.p50Ms}/${latency['events.ini']!.p99Ms}; baseline relay ${baselineLatency.p50Ms}/${baselineLatency.p99Ms} (http p50 x${ratio}); burst ${burstSize} at ${burstGapMs} ms: events.ini lost ${burst['events.ini']!.lost} (the service counted at least ${String(doorStatus.frontend.eventsIniDoor.overwrittenAtLeast)} overwritten), spool lost ${burst.spool!.lost}; hook script p50 ${hookScript.shHook.p50Ms} ms vs Node hook command ${hookScript.nodeHookCommand.p50Ms} ms (x${hookScript.costRatio}), sh hook to all clients p50/p99 ${hookScript.shHookToClients.p50Ms}/${hookScript.shHookToClients.p99Ms} ms`)
    if (burst.spool!.lost > 0) process.exitCode = 1
  } finally {
    await hub.stop()
    await baseline.stop()
  }
}

await main()
