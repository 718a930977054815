/**
 * MAME as a child process: `-version` and `-listxml`, whose output goes through the streaming
 * reader chunk by chunk. A MAME that hangs is killed after its time; one that answers something
 * else than the XML asked for rejects with what it said.
 */
import { spawn } from 'node:child_process'
import { constants, setPriority } from 'node:os'
import { isMachineName, type MachineInfo } from '../machine.js'
import type { MameAdapter } from './adapter.js'
import { MachineXmlReader } from './listxml-reader.js'

/** Answers for a few machines come in well under a second; a loaded machine gets far more. */
const lookupTimeoutMs = 60_000
/** The full list takes a minute or two on a slow cabinet. */
const fullListTimeoutMs = 30 * 60_000
/** `-listxml` exits 5 when some of the names asked for are no machine; what it printed is still good. */
const someNamesUnknown = 5

interface RunResult {
  readonly code: number | null
  readonly stderr: string
}

export class MameProcess implements MameAdapter {
  readonly executable: string
  /** Stops every MAME still running when the service closes. */
  readonly #signal: AbortSignal

  constructor (executable: string, signal: AbortSignal) {
    this.executable = executable
    this.#signal = signal
  }

  async version (): Promise<string> {
    let output = ''
    const result = await this.#run(['-version'], 10_000, (chunk) => { output += chunk })
    const version = output.split('\n')[0]!.trim()
    if (result.code !== 0 || !/^\d+\.\d+/.test(version)) throw new Error(`${this.executable} -version answered ${JSON.stringify(output.slice(0, 80))} (exit ${String(result.code)})`)
    return version
  }

  async machines (names: readonly string[]): Promise<MachineInfo[]> {
    const wanted = new Set(names.filter(isMachineName))
    if (wanted.size === 0) return []
    const found: MachineInfo[] = []
    await this.#listxml([...wanted], lookupTimeoutMs, (machine) => { if (wanted.has(machine.name)) found.push(machine) })
    return found
  }

  async everyMachine (onMachine: (machine: MachineInfo) => void): Promise<number> {
    let count = 0
    await this.#listxml([], fullListTimeoutMs, (machine) => {
      count++
      onMachine(machine)
    })
    return count
  }

  async #listxml (names: readonly string[], timeoutMs: number, onMachine: (machine: MachineInfo) => void): Promise<void> {
    const reader = new MachineXmlReader(onMachine)
    let parseError: Error | null = null
    let printed = false
    const result = await this.#run(['-listxml', ...names], timeoutMs, (chunk) => {
      printed = true
      if (parseError !== null) return
      try {
        reader.write(chunk)
      } catch (error) {
        parseError = error as Error
      }
    })
    const acceptable = result.code === 0 || (result.code === someNamesUnknown && names.length > 0)
    if (!acceptable) throw new Error(`${this.executable} -listxml exited ${String(result.code)}: ${result.stderr.trim().split('\n')[0] ?? ''}`)
    // Exit 5 without output: none of the names is a machine.
    if (!printed && result.code === someNamesUnknown) return
    if (parseError === null) {
      try {
        reader.end()
      } catch (error) {
        parseError = error as Error
      }
    }
    if (parseError !== null) throw parseError
  }

  #run (args: readonly string[], timeoutMs: number, onStdout: (chunk: string) => void): Promise<RunResult> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.executable, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: this.#signal })
      // The full list is background work: it yields the CPU to the game and the frontend.
      if (args.length === 1 && args[0] === '-listxml' && child.pid !== undefined) {
        try {
          setPriority(child.pid, constants.priority.PRIORITY_LOW)
        } catch {
          // Not allowed here (a container without the right): it runs at normal priority.
        }
      }
      let stderr = ''
      const timer = setTimeout(() => { child.kill('SIGKILL') }, timeoutMs)
      // The full list arrives in thousands of chunks, many per turn of the loop: one chunk at a
      // time, with a turn for requests between them.
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        onStdout(chunk)
        child.stdout.pause()
        setImmediate(() => child.stdout.resume())
      })
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => { if (stderr.length < 4096) stderr += chunk })
      child.on('error', (error) => {
        clearTimeout(timer)
        reject(new Error(`${this.executable} cannot be run: ${error.message}`))
      })
      child.on('close', (code, signal) => {
        clearTimeout(timer)
        if (signal === 'SIGKILL' && !this.#signal.aborted) reject(new Error(`${this.executable} ${args[0] ?? ''} took longer than ${timeoutMs / 1000} s and was stopped`))
        else resolve({ code, stderr })
      })
    })
  }
}
