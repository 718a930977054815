/**
 * Recalbox's userscripts (`<share>/userscripts/`): each file with a known extension, run through
 * its interpreter (`.sh` by /bin/sh, `.py` by python ...) or executed, with
 * `-action <event> -statefile <file> [-param <p>]` as separate arguments (posix_spawn: no
 * quoting). `[ev1,ev2]` in the name limits a script to those events, `(sync)` waits for it;
 * the others run in the background. `(permanent)` scripts (started once) are not simulated.
 */
import { spawn } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import type { Logger } from 'pino'

const interpreters: Readonly<Record<string, string | null>> = { '': null, '.sh': '/bin/sh', '.ash': '/bin/ash', '.lua': '/usr/bin/lua', '.luax': '/usr/bin/luax', '.py': '/usr/bin/python', '.py2': '/usr/bin/python2', '.py3': '/usr/bin/python3' }

/** The events a script's name limits it to, or null for every event. */
function eventFilter (name: string): Set<string> | null {
  const match = /\[([^\]]+)\]/.exec(path.parse(name).name.toLowerCase())
  return match === null ? null : new Set(match[1]!.split(','))
}

function scripts (folder: string): string[] {
  try {
    return readdirSync(folder).sort().filter((name) => path.extname(name).toLowerCase() in interpreters && statSync(path.join(folder, name)).isFile())
  } catch {
    return []
  }
}

/** Runs the scripts for one event; resolves once the `(sync)` ones have exited. */
export async function runUserscripts (folder: string, action: string, stateFile: string, parameter: string, logger: Logger): Promise<void> {
  const args = ['-action', action, '-statefile', stateFile, ...(parameter === '' ? [] : ['-param', parameter])]
  const waits: Promise<void>[] = []
  for (const name of scripts(folder)) {
    const filter = eventFilter(name)
    if (filter !== null && !filter.has(action)) continue
    const script = path.join(folder, name)
    const interpreter = interpreters[path.extname(name).toLowerCase()] ?? null
    const child = spawn(interpreter ?? script, interpreter === null ? args : [script, ...args], { stdio: 'ignore' })
    const exited = new Promise<void>((resolve) => {
      child.once('error', (error) => { logger.warn({ script, err: error.message }, 'userscript could not start'); resolve() })
      child.once('exit', () => resolve())
    })
    if (name.toLowerCase().includes('(sync)')) waits.push(exited)
    else child.unref()
  }
  await Promise.all(waits)
}
