/**
 * Watches MAME's hiscore and nvram folders: a `<rom>.hi` or `nvram/<rom>/*` that changes is
 * reported once it has been quiet for the debounce time (MAME writes a save in several steps).
 * Changes come from the folder watch's events; where the system gives none for the folders (a
 * network share), they are walked every `pollMs`, which is also how often a folder MAME has not
 * created yet is looked for.
 */
import path from 'node:path'
import { watchFolder, type FolderWatch } from '../../core/folder-watch/folder-watch.js'

export interface SaveWatchOptions {
  readonly hiscoreDir: string | null
  readonly nvramDir: string | null
  readonly pollMs: number
  readonly debounceMs: number
  readonly changed: (rom: string) => void
  readonly onError: (error: Error) => void
}

/** The rom a save file belongs to: `<hiscoreDir>/<rom>.hi`, `<nvramDir>/<rom>/<file>`. */
function romOf (file: string, options: SaveWatchOptions): string | null {
  if (options.hiscoreDir !== null && path.dirname(file) === path.resolve(options.hiscoreDir)) return file.endsWith('.hi') ? path.basename(file, '.hi') : null
  if (options.nvramDir !== null && path.dirname(path.dirname(file)) === path.resolve(options.nvramDir)) return path.basename(path.dirname(file))
  return null
}

export class SaveWatch {
  readonly #options: SaveWatchOptions
  readonly #timers = new Map<string, NodeJS.Timeout>()
  readonly #watches: FolderWatch[] = []

  constructor (options: SaveWatchOptions) {
    this.#options = options
  }

  /** Resolves once the saves there now are known (they are the known state, not a change) and watched. */
  async start (): Promise<void> {
    const folders: Array<[string | null, number]> = [[this.#options.hiscoreDir, 0], [this.#options.nvramDir, 1]]
    for (const [folder, depth] of folders) {
      if (folder === null) continue
      this.#watches.push(watchFolder({
        folder,
        depth,
        accepts: (file) => romOf(file, this.#options) !== null,
        pollMs: this.#options.pollMs,
        // Each rom has its own quiet time (below): a busy rom does not hold another back.
        quiet: { batchMs: 0 },
        onChanged: (files) => { for (const file of files) this.#saveChanged(file) },
        onError: this.#options.onError
      }))
    }
    await Promise.all(this.#watches.map(async (watch) => watch.ready))
  }

  async stop (): Promise<void> {
    for (const timer of this.#timers.values()) clearTimeout(timer)
    this.#timers.clear()
    await Promise.all(this.#watches.map(async (watch) => watch.close()))
  }

  #saveChanged (file: string): void {
    const rom = romOf(file, this.#options)
    if (rom === null) return
    clearTimeout(this.#timers.get(rom))
    this.#timers.set(rom, setTimeout(() => { this.#timers.delete(rom); this.#options.changed(rom) }, this.#options.debounceMs))
  }
}
