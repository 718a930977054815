/**
 * Our hook scripts, followed while the service runs: reinstalled for another data dir (say by an
 * `install-hooks` without `--data-dir`) or removed, they no longer reach this service, and that is
 * said at once rather than at the next start. The scripts folder is watched with `watchFolder`,
 * and the scripts are read again (asynchronously) after each change.
 */
import path from 'node:path'
import { watchFolder, type FolderWatch } from '../core/folder-watch/folder-watch.js'
import { hookScriptsProblem, installedHookScripts, spoolDirsOf, type FrontendInstall } from '../frontends/index.js'

/** A reinstall is a handful of writes: read once they are done. */
const scriptsWatch = { pollMs: 2000, quiet: { batchMs: 100 } }

export interface HookScriptsWatchOptions {
  readonly install: FrontendInstall
  readonly spoolDir: string
  readonly dataDir: string
  /** The problem changed (null: the hooks reach the service again). */
  readonly onChanged: (problem: string | null) => void
  readonly onError: (error: Error) => void
}

/** The folder the frontend runs our hook scripts from, and how deep they sit; null when this family has none, or its config folder is not known. */
export function hookScriptsPlace (install: FrontendInstall): { readonly folder: string, readonly depth: number } | null {
  const installed = install.adapter.hooks?.installed
  return install.esConfigDir === null || installed === undefined ? null : { folder: installed.folder(install.esConfigDir), depth: installed.depth }
}

export class HookScriptsWatch {
  readonly #options: HookScriptsWatchOptions
  /** Hooks that had a script of ours spooling here: such a script going away is a problem. */
  readonly #expected = new Set<string>()
  #spoolDirs: string[] = []
  #problem: string | null = null
  #watch: FolderWatch | null = null
  /** Reads one after another, so an older read never overwrites a newer one. */
  #reading: Promise<void> = Promise.resolve()

  constructor (options: HookScriptsWatchOptions) {
    this.#options = options
  }

  /** Why the installed hooks do not reach the service, with the fix; null when they do (or none is installed). */
  get problem (): string | null {
    return this.#problem
  }

  /** The spool folders the installed scripts name. */
  get spoolDirs (): readonly string[] {
    return this.#spoolDirs
  }

  /** Reads the scripts and starts watching them; resolves once both are done. */
  async start (): Promise<void> {
    const { install } = this.#options
    const place = hookScriptsPlace(install)
    if (place !== null) {
      // Watched before the first read: a change made meanwhile is read again, not lost.
      this.#watch = watchFolder({
        ...scriptsWatch,
        ...place,
        accepts: () => true,
        onChanged: () => { this.#readAgain() },
        onError: this.#options.onError
      })
      await this.#watch.ready
    }
    // What the start finds is the start's to report; only later changes are news.
    this.#reading = this.#reading.then(async () => this.#read(false))
    await this.#reading
  }

  async stop (): Promise<void> {
    await this.#watch?.close()
    await this.#reading
  }

  #readAgain (): void {
    this.#reading = this.#reading.then(async () => this.#read(true)).catch(this.#options.onError)
  }

  async #read (notify: boolean): Promise<void> {
    const { install, spoolDir, dataDir } = this.#options
    const scripts = await installedHookScripts(install)
    this.#spoolDirs = spoolDirsOf(scripts)
    for (const script of scripts) if (script.spoolDir !== null && path.resolve(script.spoolDir) === path.resolve(spoolDir)) this.#expected.add(script.event)
    const problem = hookScriptsProblem(install, scripts, spoolDir, dataDir, this.#expected)
    if (problem === this.#problem) return
    this.#problem = problem
    if (notify) this.#options.onChanged(problem)
  }
}
