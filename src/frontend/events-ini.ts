/**
 * The events.ini door: the incumbent's hook scripts atomically replace one file holding
 * `event=<name>`, the raw argument line and an optional `timestamp=` line. The folder watch reports
 * each replacement once the file is completely written (see core/folder-watch/write-finish.ts), and it is read then.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { watchFolder, type FolderWatch } from '../core/folder-watch/folder-watch.js'
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

/**
 * The incumbent's scripts replace the file atomically; the wait covers a writer that does not,
 * like the stable read it replaces did, and is short so hooks 20 ms apart stay apart.
 */
const settleMs = 10
const checkMs = 5

export interface EventsIniDoorOptions {
  readonly file: string
  /** How often a missing folder is looked for (and the folder walked, where the system gives no file events for it). */
  readonly pollMs: number
  readonly onHook: (hook: EventsIniHook) => void
  readonly onError: (error: Error) => void
}

/** Watches events.ini; what the file holds at start is the past and is not replayed. */
export class EventsIniDoor {
  readonly #options: EventsIniDoorOptions
  #lastText: string | null = null
  #lastAccepted: string | null = null
  #watch: FolderWatch | null = null
  /** Reads one after the other, in the order the changes were reported. */
  #reading: Promise<void> = Promise.resolve()
  /**
   * The one-file design loses a hook whenever the next one replaces the file before it is read.
   * The system's own file events count the replacements; every new text read came from one of
   * them, and the rest were overwritten unseen. A read can see a replacement before its file
   * event arrives, so the count is a lower bound, never more than what was lost.
   */
  #replacements = 0
  #textsRead = 0
  #hooks = 0
  #readTimer: NodeJS.Timeout | null = null

  constructor (options: EventsIniDoorOptions) {
    this.#options = options
  }

  /**
   * Hooks read, and how many at least were overwritten before they could be read; null when the
   * system gives no file events to count by.
   */
  status (): { hooks: number, overwrittenAtLeast: number | null } {
    return { hooks: this.#hooks, overwrittenAtLeast: this.#watch?.hearsSystemEvents === true ? Math.max(0, this.#replacements - this.#textsRead) : null }
  }

  /** An atomic replacement of the file (a rename onto it), as the system reported it. */
  #replaced (file: string): void {
    this.#replacements++
    // The write-finish wait sees only the file's last content: the last hook of a burst is read anyway.
    this.#readSoon(file)
  }

  #readSoon (file: string): void {
    if (this.#readTimer !== null) return
    this.#readTimer = setTimeout(() => {
      this.#readTimer = null
      this.#enqueueRead(file)
    }, settleMs)
  }

  #enqueueRead (file: string): void {
    this.#reading = this.#reading.then(async () => this.#read(file)).catch(this.#options.onError)
  }

  /** Resolves once the file's folder is watched. */
  async start (): Promise<void> {
    const file = path.resolve(this.#options.file)
    this.#watch = watchFolder({
      folder: path.dirname(file),
      accepts: (changed) => changed === file,
      quiet: { writeFinish: { stillMs: settleMs, checkMs } },
      pollMs: this.#options.pollMs,
      onChanged: () => { this.#enqueueRead(file) },
      onHeard: (_file, replaced) => { if (replaced) this.#replaced(file) },
      onError: this.#options.onError
    })
    await this.#watch.ready
  }

  /** Stops watching; resolves once a read in progress has finished. */
  async stop (): Promise<void> {
    if (this.#readTimer !== null) clearTimeout(this.#readTimer)
    await this.#watch?.close()
    this.#watch = null
    await this.#reading
  }

  /**
   * Reads the file after a reported change. Every report reads, because two replacements within
   * one clock tick can look the same to a stat; a read that is not a usable hook (incomplete or
   * garbage) is dropped and the next change is read again.
   */
  async #read (file: string): Promise<void> {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch {
      return // replaced or removed meanwhile: its own report follows
    }
    if (text === this.#lastText) return
    this.#lastText = text
    this.#textsRead++
    const hook = parseEventsIni(text)
    if (hook === null) return
    // The same hook twice in a row is the file being rewritten, not the user acting twice.
    const accepted = [hook.event, ...hook.args.filter((a) => !/^timestamp=/i.test(a))].join('|')
    if (accepted === this.#lastAccepted) return
    this.#lastAccepted = accepted
    this.#hooks++
    this.#options.onHook(hook)
  }
}
