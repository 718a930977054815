/**
 * esde-hook-stall: how long ES-DE's UI stands still for our sh hook. ES-DE runs each custom event
 * script through `system()` (`sh -c`) and waits for it before it draws again (frontends.md §1), so
 * every millisecond the script takes is a frozen frame. Runs our installed game-select hook as
 * ES-DE runs it (its command string, every argument quoted) and, interleaved, an empty script the
 * same way: the difference is what our hook adds to what any script costs (forking the shell).
 * Fails (exit 1) when our hook adds 10 ms or more at the median.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { configuredFrontendHooks, type FrontendsConfig } from '../src/frontends/index.js'
import { esDeScriptCommand } from '../test/support/sim/es-de/hooks.js'
import { percentile, round, writeResult } from './lib.js'

const runs = Number(process.env.ESDE_HOOK_STALL_RUNS ?? 500)
const addedP50BarMs = 10

/** Milliseconds from ES-DE handing the command to `sh -c` to the shell's exit. */
async function stall (command: string): Promise<number> {
  const start = performance.now()
  const child = spawn('/bin/sh', ['-c', command], { stdio: 'ignore' })
  await once(child, 'exit')
  return performance.now() - start
}

const work = mkdtempSync(path.join(tmpdir(), 'cabinet-hub-esde-stall-'))
const appData = path.join(work, 'ES-DE')
const spool = path.join(work, 'events.d')
await configuredFrontendHooks({ profile: 'es-de' } as FrontendsConfig)!.install({ esConfigDir: appData, spoolDir: spool, port: 0, platform: 'linux' })
const empty = path.join(appData, 'scripts', 'game-select', 'empty.sh')
writeFileSync(empty, '#!/bin/sh\n')
chmodSync(empty, 0o755)
const args = [path.join(work, 'ROMs', 'nes', 'Legend of Zelda, The (USA).zip'), 'The Legend of Zelda', 'nes', 'Nintendo Entertainment System']
const ours = esDeScriptCommand(path.join(appData, 'scripts', 'game-select', 'cabinet-hub-hook.sh'), args)
const baseline = esDeScriptCommand(empty, args)

const oursMs: number[] = []
const baselineMs: number[] = []
for (let run = 0; run < runs; run++) {
  oursMs.push(await stall(ours))
  baselineMs.push(await stall(baseline))
  // The service would take the spool files away; without it, keep the folder small.
  if (run % 100 === 99) rmSync(spool, { recursive: true, force: true })
}
rmSync(work, { recursive: true, force: true })

const summary = (samples: number[]) => ({ p50Ms: round(percentile(samples, 50)), p99Ms: round(percentile(samples, 99)), maxMs: round(Math.max(...samples)) })
const hook = summary(oursMs)
const emptyScript = summary(baselineMs)
const added = { p50Ms: round(hook.p50Ms - emptyScript.p50Ms), p99Ms: round(hook.p99Ms - emptyScript.p99Ms) }
writeResult('esde-hook-stall', { runs, hook, emptyScript, added, bar: { addedP50Ms: addedP50BarMs } },
  `our sh hook stalls ES-DE p50 ${hook.p50Ms} ms / p99 ${hook.p99Ms} ms; an empty script p50 ${emptyScript.p50Ms} / p99 ${emptyScript.p99Ms}; added p50 ${added.p50Ms} ms / p99 ${added.p99Ms} ms (bar ${addedP50BarMs} ms at p50)`)
if (added.p50Ms >= addedP50BarMs) process.exit(1)
