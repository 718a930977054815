/** Helpers for tests of the simulated frontend: a demo tree with recording hooks, inputs, waits. */
import assert from 'node:assert/strict'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after } from 'node:test'
import { hookScriptsDir, SimulatedFrontend, type FrontendLayout, type FrontendProfile, type SimInput, type SimState, type SimulatedFrontendOptions } from '../../src/sim/index.js'
import { copyDemoTree } from './demo-tree.js'
import { tempDir } from './hub.js'

export const hookEvents = ['start', 'quit', 'system-selected', 'game-selected', 'game-start', 'game-end', 'screensaver-start', 'screensaver-stop', 'config-changed', 'settings-changed'] as const

/** One hook run as a recording script saw it: its event folder and its argv. */
export interface RecordedHook { readonly event: string, readonly args: readonly string[] }

/**
 * A POSIX sh hook that appends one line to `log`: its folder name (plus `tag`), then each argument,
 * tab-separated — so the test sees exactly the argv ES's shell gave it. One printf, one append:
 * hooks run concurrently, and their lines must not interleave.
 */
export function recordingScript (log: string, tag = ''): string {
  return `#!/bin/sh
line="$(basename "$(dirname "$0")")${tag}"
for arg in "$@"; do line="$line	$arg"; done
printf '%s\\n' "$line" >> '${log}'
`
}

export function installScript (layout: FrontendLayout, event: string, name: string, content: string, executable = true): void {
  const folder = hookScriptsDir(layout, event)
  mkdirSync(folder, { recursive: true })
  const file = path.join(folder, name)
  writeFileSync(file, content)
  chmodSync(file, executable ? 0o755 : 0o644)
}

/** Installs the recording hook for every event the simulator fires; returns the log file. */
export function installRecordingHooks (layout: FrontendLayout): string {
  const log = path.join(tempDir('cabinet-hub-hooks-'), 'hooks.log')
  for (const event of hookEvents) installScript(layout, event, 'record.sh', recordingScript(log))
  return log
}

/** The recorded hooks in the order their lines were appended (hooks run concurrently: that is finishing order). */
export function readRecordedHooks (log: string): RecordedHook[] {
  if (!existsSync(log)) return []
  return readFileSync(log, 'utf8').split('\n').filter((line) => line !== '').map((line) => {
    const [event = '', ...args] = line.split('\t')
    return { event, args }
  })
}

export interface DemoFrontend {
  readonly frontend: SimulatedFrontend
  readonly url: string
  readonly root: string
  readonly log: string
}

/** Writes a demo tree, installs recording hooks, starts a simulator on a free port. */
export async function startDemoFrontend (options: Partial<SimulatedFrontendOptions> & { profile?: FrontendProfile } = {}): Promise<DemoFrontend> {
  const root = tempDir('cabinet-hub-sim-')
  await copyDemoTree(root, options.profile ?? 'retrobat')
  const frontend = new SimulatedFrontend({ frontendRoot: root, port: 0, playSeconds: 60, ...options })
  const log = installRecordingHooks(frontend.layout)
  const { url } = await frontend.start()
  return { frontend, url, root, log }
}

export async function press (url: string, ...inputs: SimInput[]): Promise<void> {
  for (const input of inputs) {
    const response = await fetch(`${url}/sim/input`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input }) })
    assert.equal(response.status, 204, await response.text())
  }
}

export async function simState (url: string): Promise<SimState> {
  return await (await fetch(`${url}/sim/state`)).json() as SimState
}

/** Polls until `predicate` holds; the timeout is only a safety net against a hang. */
export async function eventually<T> (read: () => Promise<T> | T, predicate: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (predicate(value)) return value
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}; last value: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** Checks a condition held in memory every 10 ms (a door's applied hooks): closer than `eventually`, for tests that follow a burst. */
export async function until (done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Waits until every hook shell fired so far has exited and returns what the recording hooks saw. */
export async function settledHooks (demo: DemoFrontend): Promise<RecordedHook[]> {
  await eventually(() => simState(demo.url), (state) => state.hooks.started === state.hooks.finished, 'the hook shells to finish')
  return readRecordedHooks(demo.log)
}

/** Presses inputs one at a time, each after the hooks of the one before have finished, so the log keeps input order. */
export async function pressSettled (demo: DemoFrontend, ...inputs: SimInput[]): Promise<RecordedHook[]> {
  for (const input of inputs) {
    await press(demo.url, input)
    await settledHooks(demo)
  }
  return readRecordedHooks(demo.log)
}

/**
 * Starts demo frontends for one describe block and stops every one of them after it: call at the
 * top of the block, then `start(...)` in the tests.
 */
export function demoFrontendsOfSuite (): (...args: Parameters<typeof startDemoFrontend>) => Promise<DemoFrontend> {
  const started: DemoFrontend[] = []
  after(async () => { await Promise.all(started.map(async (demo) => demo.frontend.stop())) })
  return async (...args) => {
    const demo = await startDemoFrontend(...args)
    started.push(demo)
    return demo
  }
}
