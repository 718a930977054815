/**
 * Fires custom events the way ES-DE does on Linux and macOS (frontends.md §1, es-core
 * Scripting.cpp): every file of `<appdata>/scripts/<event>/`, in case-sensitive name order, each
 * through `system()`, that is `/bin/sh -c`, with one command string `"<script>" "a1" "a2" ...`: every
 * non-empty argument in double quotes (unless it starts with one), nothing inside escaped, empty
 * arguments left out so the rest shift. ES-DE waits for each script before the next and before
 * its UI goes on: events here run one after another, in the order they were fired.
 */
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import type { Logger } from 'pino'

/** The custom events the simulated ES-DE fires. */
export type EsDeEvent = 'startup' | 'quit' | 'system-select' | 'game-select' | 'game-start' | 'game-end' |
  'screensaver-start' | 'screensaver-end' | 'screensaver-game-select'

/** ES-DE's command string for one script (the script path quoted since 3.4.1). */
export function esDeScriptCommand (script: string, args: readonly string[]): string {
  return [script, ...args.filter((argument) => argument !== '')].map((part) => part.startsWith('"') ? part : `"${part}"`).join(' ')
}

/** The scripts of one event folder in ES-DE's order on Linux: by name, case-sensitive (byte order). */
function scriptsOf (folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => !entry.isDirectory())
      .map((entry) => entry.name)
      .sort((a, b) => a < b ? -1 : a > b ? 1 : 0)
      .map((name) => path.join(folder, name))
  } catch {
    return []
  }
}

export interface EsDeHookRunnerOptions {
  /** `<appdata>/scripts`. */
  readonly scriptsDir: string
  /** ES-DE's working folder, which its shells inherit. */
  readonly workingDir: string
  readonly env: NodeJS.ProcessEnv
  readonly logger: Logger
}

export class EsDeHookRunner {
  #queue: Promise<void> = Promise.resolve()
  #waiting = 0
  #started = 0
  #finished = 0

  constructor (private readonly options: EsDeHookRunnerOptions) {}

  /** Script shells started and exited, and events fired but not run yet: all done when `waiting` is 0 and the two are equal. */
  counts (): { started: number, finished: number, waiting: number } {
    return { started: this.#started, finished: this.#finished, waiting: this.#waiting }
  }

  /** Queues the event behind those fired before it; resolves once its scripts have run. */
  fire (event: EsDeEvent, args: readonly string[] = []): Promise<void> {
    this.#waiting++
    this.#queue = this.#queue.then(async () => {
      this.#waiting--
      for (const script of scriptsOf(path.join(this.options.scriptsDir, event))) await this.#run(event, esDeScriptCommand(script, args))
    })
    return this.#queue
  }

  #run (event: EsDeEvent, command: string): Promise<void> {
    const { workingDir, env, logger } = this.options
    this.#started++
    return new Promise<void>((resolve) => {
      const child = spawn('/bin/sh', ['-c', command], { cwd: workingDir, env, stdio: 'ignore' })
      child.once('error', (error) => {
        logger.warn({ event, command, err: error.message }, 'custom event script could not start')
        resolve()
      })
      child.once('exit', (code) => {
        if (code !== 0) logger.debug({ event, command, code }, 'custom event script exited with an error')
        resolve()
      })
    }).finally(() => { this.#finished++ })
  }
}
