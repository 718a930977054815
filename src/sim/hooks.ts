/**
 * Fires hook events the way Batocera EmulationStation does on Linux: for each event, one command
 * string per script, each run by its own detached `/bin/sh -c` (on Windows, as RetroBat's does:
 * `cmd /c` in a hidden console), all at once (no queue, nothing
 * waits for anything, except `quit`, which ES waits for). The scripts are every entry of
 * `<es-config>/scripts/<event>/`, then every top-level `<es-config>/scripts/*` with one of ES's
 * script extensions, called with the event name first.
 */
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import type { Logger } from 'pino'
import { hookScriptsDir, type FrontendLayout } from '../frontends/index.js'
import { esScriptCommand, esShellCommand, esWindowsScriptCommand } from './es-shell.js'

/** The hook events the simulator fires. */
export type HookEvent = 'start' | 'quit' | 'system-selected' | 'game-selected' | 'game-start' | 'game-end' |
  'screensaver-start' | 'screensaver-stop' | 'config-changed' | 'settings-changed'

export interface HookRunnerOptions {
  readonly layout: FrontendLayout
  /** ES's working folder: where every hook shell starts. */
  readonly workingDir: string
  /** ES's log folder: the shells send the scripts' stdout and stderr there. */
  readonly logDir: string
  /** ES's environment, which the hook shells inherit. */
  readonly env: NodeJS.ProcessEnv
  readonly logger: Logger
}

/** Extensions a top-level script needs (Scripting.cpp `_supportedExtensions`, checked on Linux too). */
const topLevelExtensions: ReadonlySet<string> = new Set(['.exe', '.cmd', '.bat', '.ps1', '.sh', '.py'])

function entries (folder: string): { name: string, isDirectory: boolean }[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .map((entry) => ({ name: entry.name, isDirectory: entry.isDirectory() }))
      .sort((a, b) => a.name.localeCompare(b.name))
  } catch {
    return []
  }
}

const windows = process.platform === 'win32'
const scriptCommand = windows ? esWindowsScriptCommand : esScriptCommand

/** The shell ES hands one command line to, and its arguments. */
function shellOf (command: string, logDir: string): { file: string, args: string[] } {
  // /s: cmd takes the text between the outer quotes as it is, so each argument keeps its own quotes.
  return windows
    ? { file: process.env.ComSpec ?? 'cmd.exe', args: ['/d', '/s', '/c', `"${command}"`] }
    : { file: '/bin/sh', args: ['-c', esShellCommand(command, logDir)] }
}

/** The command lines ES builds for one event, in the order it starts them. */
function hookCommands (layout: FrontendLayout, event: HookEvent, args: readonly string[]): string[] {
  const eventDir = hookScriptsDir(layout, event)
  const scriptsDir = path.dirname(eventDir)
  // getDirContent lists every entry of the event folder: ES does not filter them.
  const perEvent = entries(eventDir).map(({ name }) => scriptCommand(path.join(eventDir, name), null, args))
  const topLevel = entries(scriptsDir)
    .filter((entry) => !entry.isDirectory && topLevelExtensions.has(path.extname(entry.name).toLowerCase()))
    .map(({ name }) => scriptCommand(path.join(scriptsDir, name), event, args))
  return [...perEvent, ...topLevel]
}

/** The hook shells of one simulated frontend, with counters tests wait on. */
export class HookRunner {
  private startedCount = 0
  private finishedCount = 0

  constructor (private readonly options: HookRunnerOptions) {}

  /** Hook shells started since the frontend started. */
  get started (): number {
    return this.startedCount
  }

  /** Hook shells that have exited (whatever their status). */
  get finished (): number {
    return this.finishedCount
  }

  /** Starts one shell per script of the event, now, without waiting for any of them. */
  fire (event: HookEvent, args: readonly string[] = []): void {
    for (const command of hookCommands(this.options.layout, event, args)) void this.run(event, command, false)
  }

  /** `quit`: ES runs these through system() and waits for them before it exits. */
  async fireAndWait (event: HookEvent, args: readonly string[] = []): Promise<void> {
    await Promise.all(hookCommands(this.options.layout, event, args).map(async (command) => this.run(event, command, true)))
  }

  /** Runs one hook shell; unless `awaited`, it does not keep this process alive (ES does not wait for it either). */
  private run (event: HookEvent, command: string, awaited: boolean): Promise<void> {
    const { workingDir, logDir, env, logger } = this.options
    this.startedCount++
    return new Promise<void>((resolve) => {
      const shell = shellOf(command, logDir)
      const child = spawn(shell.file, shell.args, { cwd: workingDir, env, detached: !windows, windowsHide: true, windowsVerbatimArguments: windows, stdio: 'ignore' })
      if (!awaited) child.unref()
      child.once('error', (error) => {
        logger.warn({ event, command, err: error.message }, 'hook shell could not start')
        resolve()
      })
      child.once('exit', (code) => {
        if (code !== 0) logger.debug({ event, command, code }, 'hook shell exited with an error')
        resolve()
      })
    }).finally(() => { this.finishedCount++ })
  }
}
