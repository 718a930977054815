/**
 * Runs hook scripts the way EmulationStation does: for each event, every executable file in
 * `<es-config>/scripts/<event>/`, sorted by name, one process per script with the event's
 * arguments as a real argv. Events wait on one FIFO queue, so a fast scroll builds a backlog that
 * keeps draining after the inputs stop.
 */
import { spawn } from 'node:child_process'
import { constants } from 'node:fs'
import { access, readdir } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from 'pino'
import { hookScriptsDir, type FrontendLayout } from '../frontends/index.js'

/** The hook events the simulator fires. */
export type HookEvent = 'start' | 'quit' | 'system-selected' | 'game-selected' | 'game-start' | 'game-end'

export interface HookRunnerOptions {
  readonly layout: FrontendLayout
  readonly logger: Logger
  /** A script still running after this long is killed so the queue moves on. */
  readonly scriptTimeoutMs: number
}

async function executableScripts (folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => [])
  const names = entries.filter((entry) => entry.isFile()).map((entry) => entry.name).sort()
  const runnable: string[] = []
  for (const name of names) {
    const file = path.join(folder, name)
    if (await access(file, constants.X_OK).then(() => true, () => false)) runnable.push(file)
  }
  return runnable
}

/** The FIFO hook queue of one simulated frontend. */
export class HookRunner {
  private queue: Promise<void> = Promise.resolve()
  private pendingCount = 0
  private firedCount = 0

  constructor (private readonly options: HookRunnerOptions) {}

  /** Events queued or running. */
  get pending (): number {
    return this.pendingCount
  }

  /** Events fully run since start. */
  get fired (): number {
    return this.firedCount
  }

  /** Queues an event; its scripts run after every event queued before it. */
  fire (event: HookEvent, args: readonly string[]): void {
    this.pendingCount++
    this.queue = this.queue.then(() => this.runEvent(event, args)).finally(() => {
      this.pendingCount--
      this.firedCount++
    })
  }

  /** Resolves once every event queued so far has run. */
  async drained (): Promise<void> {
    await this.queue
  }

  private async runEvent (event: HookEvent, args: readonly string[]): Promise<void> {
    for (const script of await executableScripts(hookScriptsDir(this.options.layout, event))) {
      await this.runScript(script, event, args)
    }
  }

  private runScript (script: string, event: string, args: readonly string[]): Promise<void> {
    const { logger, scriptTimeoutMs } = this.options
    return new Promise((resolve) => {
      const child = spawn(script, [...args], { stdio: 'ignore', cwd: path.dirname(script) })
      const timer = setTimeout(() => {
        logger.warn({ script, event }, `hook script still running after ${scriptTimeoutMs} ms; killed`)
        child.kill('SIGKILL')
      }, scriptTimeoutMs)
      child.once('error', (error) => {
        clearTimeout(timer)
        logger.warn({ script, event, err: error.message }, 'hook script could not start')
        resolve()
      })
      child.once('close', (code) => {
        clearTimeout(timer)
        if (code !== 0 && code !== null) logger.debug({ script, event, code }, 'hook script exited with an error')
        resolve()
      })
    })
  }
}
