/**
 * A command run in a real terminal, as an owner types it over SSH: `script` gives it a pty (so
 * stdout.isTTY, the pretty log) and writes what the terminal shows to a transcript at once (-f).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { tempDir } from './hub.js'
import { script } from './wine.js'

/** One word for sh: single-quoted. */
export const shWord = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`

const commandLine = (words: readonly string[]): string => ['exec', ...words].map(shWord).join(' ')

export interface Terminal {
  readonly child: ChildProcess
  /** What the terminal has shown so far. */
  readonly shown: () => string
}

/** Starts the command in a terminal; the terminal closes when the command ends (or is killed). */
export function startInTerminal (words: readonly string[], env: NodeJS.ProcessEnv = process.env): Terminal {
  const transcript = path.join(tempDir(), 'terminal.txt')
  const child = spawn(script.path!, ['-qfec', commandLine(words), transcript], { env, stdio: ['pipe', 'ignore', 'ignore'] })
  return { child, shown: () => { try { return readFileSync(transcript, 'utf8') } catch { return '' } } }
}

/** Runs the command in a terminal to its end; returns its exit status and what the terminal showed. */
export function runInTerminal (words: readonly string[], env: NodeJS.ProcessEnv = process.env): { status: number | null, shown: string } {
  const result = spawnSync(script.path!, ['-qfec', commandLine(words), '/dev/null'], { env, encoding: 'utf8', timeout: 120_000 })
  return { status: result.status, shown: result.stdout }
}
