/**
 * Commands run as an owner runs them, at a terminal: in a pseudo-terminal that util-linux's
 * `script` opens, so the service sees a TTY (and logs for a person) as it does on a cabinet.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { findPeer } from './peers.js'

export const terminal = findPeer('script (a terminal for the README\'s commands)', 'bsdutils', ['/usr/bin/script'])

interface TerminalOptions {
  readonly cwd: string
  readonly env: NodeJS.ProcessEnv
}

/** `script` runs the line with `$SHELL -c`: the owner's sh, whatever shell runs the tests. */
const spawnOptions = ({ cwd, env }: TerminalOptions) => ({ cwd, env: { ...env, SHELL: '/bin/sh' } })

/** A command of separate words as one line for sh: each word single-quoted. */
export const shellLine = (words: readonly string[]): string => words.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ')

/** What the terminal showed, with its CRLF line ends as LF. */
const shown = (text: string): string => text.replace(/\r\n/g, '\n')

/** Runs `line` at a terminal of its own until it ends; its exit code and what it showed. */
export function runAtTerminal (line: string, options: TerminalOptions): { status: number | null, output: string } {
  const run = spawnSync(terminal.path!, ['-qfec', line, '/dev/null'], { ...spawnOptions(options), encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] })
  return { status: run.status, output: shown(run.stdout) }
}

export type TerminalProcess = ChildProcess & { output: () => string }

/** Starts `line` at a terminal of its own and returns at once; `output` is what it has shown so far. */
export function startAtTerminal (line: string, options: TerminalOptions): TerminalProcess {
  const child = spawn(terminal.path!, ['-qfec', line, '/dev/null'], { ...spawnOptions(options), stdio: ['pipe', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString() })
  return Object.assign(child, { output: () => shown(output) })
}

/** Ctrl+C at the terminal (the terminal sends SIGINT to what runs at it), then waits until it closes. */
export async function pressCtrlC (running: TerminalProcess): Promise<void> {
  if (running.exitCode !== null || running.signalCode !== null) return
  const closed = once(running, 'exit')
  running.stdin!.write('\x03')
  await closed
}
