/**
 * Watches MAME's hiscore and nvram folders: a `<rom>.hi` or `nvram/<rom>/*` that changes is
 * reported once it has been quiet for the debounce time (MAME writes a save in several steps).
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileSignature, watchFolder, type FolderWatch } from '../../core/folder-watch.js'

export interface SaveWatchOptions {
  readonly hiscoreDir: string | null
  readonly nvramDir: string | null
  readonly pollMs: number
  readonly debounceMs: number
  readonly changed: (rom: string) => void
}

function list (folder: string): string[] {
  try {
    return readdirSync(folder)
  } catch {
    return []
  }
}

/** Every save file by path, with the rom it belongs to. */
function saves (options: SaveWatchOptions): Map<string, string> {
  const found = new Map<string, string>()
  if (options.hiscoreDir !== null) for (const name of list(options.hiscoreDir)) if (name.endsWith('.hi')) found.set(path.join(options.hiscoreDir, name), name.slice(0, -3))
  if (options.nvramDir !== null) {
    for (const rom of list(options.nvramDir)) for (const name of list(path.join(options.nvramDir, rom))) found.set(path.join(options.nvramDir, rom, name), rom)
  }
  return found
}

export class SaveWatch {
  readonly #options: SaveWatchOptions
  readonly #signatures = new Map<string, string | null>()
  readonly #timers = new Map<string, NodeJS.Timeout>()
  readonly #watches: FolderWatch[] = []

  constructor (options: SaveWatchOptions) {
    this.#options = options
  }

  start (): void {
    // What is there at start is the known state, not a change.
    for (const file of saves(this.#options).keys()) this.#signatures.set(file, fileSignature(file))
    for (const folder of [this.#options.hiscoreDir, this.#options.nvramDir]) {
      if (folder !== null) this.#watches.push(watchFolder(folder, this.#options.pollMs, () => this.#check()))
    }
  }

  stop (): void {
    for (const watch of this.#watches) watch.stop()
    for (const timer of this.#timers.values()) clearTimeout(timer)
    this.#timers.clear()
  }

  #check (): void {
    for (const [file, rom] of saves(this.#options)) {
      const signature = fileSignature(file)
      if (this.#signatures.get(file) === signature) continue
      this.#signatures.set(file, signature)
      clearTimeout(this.#timers.get(rom))
      this.#timers.set(rom, setTimeout(() => { this.#timers.delete(rom); this.#options.changed(rom) }, this.#options.debounceMs))
    }
  }
}
