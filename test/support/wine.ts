/**
 * Runs a Windows batch hook under Wine's cmd the way EmulationStation runs it on Windows: in a
 * console (ES gives each hook a hidden one; `script` gives Wine one, without which chcp cannot
 * switch to UTF-8) and with the argument line exactly as ES builds it. The Wine prefix is kept in
 * the temp folder, so only the first run on a machine pays for creating it.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { findPeer } from './peers.js'

export const wine = findPeer('Wine', 'wine wine64', ['/usr/bin/wine', '/usr/local/bin/wine'])
export const script = findPeer('script (gives Wine a console)', 'bsdutils', ['/usr/bin/script'])

/** Wine shows the Linux root as drive Z:. */
export const winePath = (linuxPath: string): string => `Z:${linuxPath.replaceAll('/', '\\')}`

/** The argument line ES builds on Windows: every argument in double quotes, nothing escaped. */
export const esArgLine = (args: readonly string[]): string => args.map((a) => `"${a}"`).join(' ')

const shQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`

const firstRunMs = 180_000
const runMs = 60_000

/**
 * A Wine prefix of this machine's temp folder, kept for the next run, that says it is Windows 10:
 * Wine 8 makes Windows 7 prefixes, on which Node.js 22 refuses to start.
 */
export function winePrefix (name: string): string {
  const prefix = path.join(tmpdir(), `cabinet-hub-wine-${name}-${process.getuid?.() ?? 'user'}`)
  const marked = path.join(prefix, '.cabinet-hub-windows-10')
  if (existsSync(marked)) return prefix
  mkdirSync(prefix, { recursive: true })
  const configured = spawnSync(wine.path!, ['winecfg', '-v', 'win10'], { env: wineEnv(prefix), stdio: 'ignore', timeout: firstRunMs })
  if (configured.status !== 0) throw new Error(`winecfg -v win10 in ${prefix} ended with ${configured.status ?? configured.signal}`)
  writeFileSync(marked, '')
  return prefix
}

/**
 * Wine's environment for a prefix: no display, no Mono or Gecko install prompts, no debug lines,
 * and no menu entries written into the home folder (winemenubuilder).
 */
export function wineEnv (prefix: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, WINEPREFIX: prefix, WINEDEBUG: '-all', WINEDLLOVERRIDES: 'mscoree,mshtml=;winemenubuilder.exe=d', SHELL: '/bin/sh', ...extra }
  delete env.DISPLAY
  delete env.WAYLAND_DISPLAY
  return env
}

/** Stops every Wine process of the prefix at once, as a power cut would. */
export function killWine (prefix: string): void {
  const wineserver = path.join(path.dirname(wine.path!), 'wineserver')
  if (existsSync(wineserver)) spawnSync(wineserver, ['-k'], { env: wineEnv(prefix), timeout: 10_000 })
}

export class WineCmd {
  readonly #prefix: string
  readonly #work: string
  #percentFactor = 1

  private constructor (prefix: string, work: string) {
    this.#prefix = prefix
    this.#work = work
  }

  /** Creates the prefix if needed and learns how this Wine's cmd treats `%` (see `#expandedPercents`). */
  static async open (prefixName = 'hooks'): Promise<WineCmd> {
    const prefix = winePrefix(prefixName)
    const cmd = new WineCmd(prefix, mkdtempSync(path.join(tmpdir(), 'cabinet-hub-wine-run-')))
    // The launcher stands in for ES: the argument line comes from the environment, so it reaches
    // cmd as UTF-16 like ES's, and cmd parses the line the way cmd /c parses ES's command.
    writeFileSync(cmd.#launcher, '@"%ES_HOOK_SCRIPT%" %ES_HOOK_ARGS%\r\n')
    cmd.#percentFactor = 4 / await cmd.#expandedPercents()
    return cmd
  }

  /** The Wine prefix its commands run in. */
  get prefix (): string {
    return this.#prefix
  }

  get #launcher (): string {
    return path.join(this.#work, 'es.bat')
  }

  /**
   * Windows cmd expands `%*` (and the launcher's variable) once; Wine 8's cmd expands the inserted
   * text again, so `100%` or `%PATH%` in a name would not reach the script as ES passed them. Runs
   * `"a%%%%b"` through the launcher into a script that writes `%*`: 4 percent signs back is
   * Windows behaviour, 1 means two extra expansions, which `run` undoes by multiplying them first.
   */
  async #expandedPercents (): Promise<number> {
    const probe = path.join(this.#work, 'probe.bat')
    const out = path.join(this.#work, 'probe.txt')
    writeFileSync(probe, `@>"${winePath(out)}" echo:%*\r\n`)
    await this.#spawn(probe, '"a%%%%b"', firstRunMs)
    const written = readFileSync(out, 'utf8').trim()
    const percents = /^"a(%+)b"$/.exec(written)?.[1]?.length
    if (percents === undefined || ![1, 2, 4].includes(percents)) throw new Error(`unexpected %* from Wine's cmd: ${written}`)
    return percents
  }

  /** Runs the batch file as ES runs a hook script with this argument line; resolves when cmd exits. */
  async run (batFile: string, argLine: string): Promise<void> {
    await this.#spawn(batFile, argLine.replaceAll('%', '%'.repeat(this.#percentFactor)), runMs)
  }

  #spawn (batFile: string, argLine: string, timeoutMs: number): Promise<void> {
    const env = wineEnv(this.#prefix, { ES_HOOK_SCRIPT: winePath(batFile), ES_HOOK_ARGS: argLine })
    const command = `${shQuote(wine.path!)} cmd /c ${shQuote(winePath(this.#launcher))}`
    const child = spawn(script.path!, ['-qec', command, '/dev/null'], { env, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => child.kill(), timeoutMs)
      // 'exit', not 'close': wineserver outlives cmd and may hold the pipe.
      child.on('exit', (code, signal) => {
        clearTimeout(timer)
        if (code === 0) resolve()
        else reject(new Error(`wine cmd ended with ${signal ?? code}: ${stderr}`))
      })
    })
  }

  /** Stops the wineserver this prefix started and removes the run folder; the prefix stays for the next run. */
  close (): void {
    killWine(this.#prefix)
    rmSync(this.#work, { recursive: true, force: true })
  }
}
