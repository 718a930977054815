/**
 * The events.ini door: the incumbent's hook scripts atomically replace one file holding
 * `event=<name>`, the raw argument line and an optional `timestamp=` line. A watcher plus a poll
 * notice changes; a read counts only when the file did not move during it.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileSignature, watchFolder, type FolderWatch } from '../core/folder-watch.js'
import { tokenizeArgLine, unusableReason } from './hook-event.js'

export interface EventsIniHook {
  readonly event: string
  /** The first argument line tokenized, then every following non-blank line verbatim. */
  readonly args: string[]
}

/**
 * Reads events.ini text; a string says why it is not a usable hook. Only the first argument line is
 * tokenized, except for system-selected whose system name is taken verbatim (it may hold spaces).
 */
export function readEventsIni (text: string): EventsIniHook | string {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '')
  const match = /^event=(.+)$/i.exec(lines[0] ?? '')
  if (match === null) return 'the first line must be "event=<name>"'
  const event = match[1]!.trim().toLowerCase()
  const [argLine, ...rest] = lines.slice(1)
  let first: string[]
  if (argLine === undefined) first = []
  else if (event === 'system-selected') first = [argLine.replace(/^"(.*)"$/, '$1')]
  else {
    const tokens = tokenizeArgLine(argLine)
    if (tokens === null) return 'the argument line has an unbalanced double quote'
    first = tokens
  }
  const args = [...first, ...rest]
  return unusableReason(event, args) ?? { event, args }
}

/** The hook in the text; null when it is not (yet) a usable one. */
function parseEventsIni (text: string): EventsIniHook | null {
  const hook = readEventsIni(text)
  return typeof hook === 'string' ? null : hook
}

const stableReadTries = 4
const stableReadGapMs = 5

function sleepSync (ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/** Reads the file when its signature stays the same across the read; null if it kept moving or is gone. */
function stableRead (file: string): { text: string, signature: string } | null {
  for (let attempt = 0; attempt < stableReadTries; attempt++) {
    const before = fileSignature(file)
    if (before === null) return null
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      return null
    }
    if (fileSignature(file) === before) return { text, signature: before }
    sleepSync(stableReadGapMs)
  }
  return null
}

export interface EventsIniDoorOptions {
  readonly file: string
  readonly pollMs: number
  readonly onHook: (hook: EventsIniHook) => void
}

/** Watches events.ini; what the file holds at start is the past and is not replayed. */
export class EventsIniDoor {
  readonly #options: EventsIniDoorOptions
  #lastSignature: string | null
  #lastText: string | null = null
  #lastAccepted: string | null = null
  #watch: FolderWatch | null = null

  constructor (options: EventsIniDoorOptions) {
    this.#options = options
    this.#lastSignature = fileSignature(options.file)
  }

  start (): void {
    this.#watch = watchFolder(path.dirname(this.#options.file), this.#options.pollMs, (fromWatcher) => this.check(fromWatcher))
  }

  stop (): void {
    this.#watch?.stop()
  }

  /**
   * Reads the file if it changed. The poll trusts the signature; a watcher report always reads,
   * because two replacements within one clock tick can leave the same signature (a reused inode).
   * An incomplete read is retried on the next change.
   */
  check (fromWatcher = false): void {
    const current = fileSignature(this.#options.file)
    if (current === null || (!fromWatcher && current === this.#lastSignature)) return
    const read = stableRead(this.#options.file)
    if (read === null) return
    this.#lastSignature = read.signature
    if (read.text === this.#lastText) return
    this.#lastText = read.text
    const hook = parseEventsIni(read.text)
    if (hook === null) return
    // The same hook twice in a row is the file being rewritten, not the user acting twice.
    const accepted = [hook.event, ...hook.args.filter((a) => !/^timestamp=/i.test(a))].join('|')
    if (accepted === this.#lastAccepted) return
    this.#lastAccepted = accepted
    this.#options.onHook(hook)
  }
}
