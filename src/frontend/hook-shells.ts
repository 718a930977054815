/**
 * The shells ES has started for our sh hook and that have not announced their hook yet. On a busy
 * machine a shell ES started first may be descheduled before it reaches its first line, while the
 * next one runs through and spools its hook: the pending mark (see spool.ts) comes too late to
 * hold that one back. The processes themselves are there from the fork on, so /proc tells.
 * Linux only, read without blocking; elsewhere nothing is found and the marks alone order hooks.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { hookScriptBaseName, hookShellNames } from '../frontends/index.js'
import { startedBefore } from './spool.js'

/** A shell started this many process ids before a hook's is not of its burst. */
const burstPidWindow = 1024

interface ProcessStat { readonly name: string, readonly parent: number }

async function processStat (proc: string, pid: number): Promise<ProcessStat | null> {
  const text = await readFile(`${proc}/${pid}/stat`, 'utf8').catch(() => null)
  // "<pid> (<name>) <state> <parent pid> ...": the name may hold spaces and parentheses.
  const match = text === null ? null : /^\d+ \((.*)\) \S+ (\d+) /s.exec(text)
  return match === null ? null : { name: match[1]!, parent: Number(match[2]) }
}

/** The topmost shell above (or at) a process, as our script finds ES's shell for its file name. */
async function topmostShell (proc: string, pid: number): Promise<number | null> {
  let shell: number | null = null
  let current = pid
  for (let hops = 0; hops < 64; hops++) {
    const stat = await processStat(proc, current)
    if (stat === null || !hookShellNames.has(stat.name)) return shell
    shell = current
    current = stat.parent
  }
  return shell
}

/** Where a process runs our hook script from a folder: its command line names the script's path. */
export type HookShells = (before: readonly number[]) => Promise<readonly number[]>

/**
 * The ES shell pids of the processes running our hook scripts from `scriptsFolder` (ES gives a
 * script's full path) that started shortly before one of `before`, the ES shells of hooks about
 * to be applied. None where there is no /proc, or no scripts folder.
 */
export function hookShellsIn (scriptsFolder: string | null, proc = '/proc', platform = process.platform): HookShells {
  if (scriptsFolder === null || platform !== 'linux') return async () => []
  const runsOurScript = (commandLine: string): boolean => commandLine.includes(path.resolve(scriptsFolder)) && commandLine.includes(hookScriptBaseName)
  return async (before) => {
    // Past a wrap-around the later id is a small one.
    const shortlyBefore = (pid: number, later: number): boolean => startedBefore(pid, later) && (pid < later ? later - pid < burstPidWindow : later < burstPidWindow)
    const candidates = (await readdir(proc).catch(() => [])).filter((entry) => /^\d+$/.test(entry)).map(Number).filter((pid) => before.some((later) => shortlyBefore(pid, later)))
    const shells = await Promise.all(candidates.map(async (pid) => {
      const commandLine = await readFile(`${proc}/${pid}/cmdline`, 'utf8').catch(() => '')
      return runsOurScript(commandLine) ? topmostShell(proc, pid) : null
    }))
    return [...new Set(shells.filter((shell): shell is number => shell !== null))]
  }
}
