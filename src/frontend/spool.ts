/**
 * The spool folder `<data-dir>/events.d/`: one file per hook, written atomically (temp file, then
 * rename). `.hook` files come from our POSIX hook script (the event and each argument, each ended
 * by a NUL byte) and `.json` files from `cabinet-hub hook`; both start their name with the time
 * the hook ran, in microseconds. `.ini` files (events.ini format) come from the Windows batch
 * hook, which has no clock it can put in a name (see `spoolOrder`).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { readEventsIni } from './events-ini.js'
import { unusableReason } from './hook-event.js'

export interface SpooledHook {
  readonly event: string
  readonly args: string[]
  readonly hookId: string | null
}

/** The spool folder of a data dir. */
export function spoolDirOf (dataDir: string): string {
  return path.join(dataDir, 'events.d')
}

/** A hook file, not a temporary file (dot names), a claim folder or a `.rejected` file. */
export function isSpoolFileName (name: string): boolean {
  return !name.startsWith('.') && (name.endsWith('.hook') || name.endsWith('.json') || name.endsWith('.ini'))
}

let counter = 0

/** Microseconds since the epoch, zero-padded: sorts as time across processes. */
function sortableNow (): string {
  return orderKeyOf(performance.timeOrigin + performance.now())
}

/** Writes one hook into the spool folder; returns the file written. */
export function writeSpoolFile (spoolDir: string, hook: SpooledHook): string {
  mkdirSync(spoolDir, { recursive: true })
  const name = `${sortableNow()}-${process.pid}-${String(counter++).padStart(6, '0')}.json`
  const temp = path.join(spoolDir, `.${name}.tmp`)
  writeFileSync(temp, JSON.stringify({ event: hook.event, args: hook.args, hookId: hook.hookId }))
  renameSync(temp, path.join(spoolDir, name))
  return path.join(spoolDir, name)
}

/** `<event>\0<arg>\0...`: every part ends with a NUL, so a cut-off file is told from a complete one. */
function parseHookFile (text: string): SpooledHook | string {
  const parts = text.split('\0')
  if (parts.length < 2 || parts.at(-1) !== '') return 'not NUL-separated parts ending with a NUL'
  const [event = '', ...args] = parts.slice(0, -1)
  return unusableReason(event, args) ?? { event, args, hookId: null }
}

function parseSpoolFile (name: string, text: string): SpooledHook | string {
  if (name.endsWith('.hook')) return parseHookFile(text)
  if (name.endsWith('.ini')) {
    const hook = readEventsIni(text)
    return typeof hook === 'string' ? hook : { ...hook, hookId: null }
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return 'not JSON'
  }
  const record = (data ?? {}) as Record<string, unknown>
  const { event, args, hookId } = record
  if (typeof event !== 'string' || !Array.isArray(args) || !args.every((a) => typeof a === 'string')) return 'needs "event" (string) and "args" (strings)'
  const reason = unusableReason(event, args)
  if (reason !== null) return reason
  return { event, args, hookId: typeof hookId === 'string' ? hookId : null }
}

const timedName = /^\d{17}-/

/**
 * Where a spool file stands in hook order: the microsecond time at the start of the name, or for
 * a name without one the file's modification time on the same scale. A batch script cannot name
 * files by time: %TIME% is local time in the locale's format (Wine's has no seconds), and a
 * better clock needs PowerShell. Null when the file is gone.
 */
async function orderKey (spoolDir: string, name: string): Promise<string | null> {
  if (timedName.test(name)) return name.slice(0, 17)
  try {
    return orderKeyOf((await stat(path.join(spoolDir, name))).mtimeMs)
  } catch {
    return null
  }
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** The spool files in hook order; ties (same time) go by name. */
async function spoolOrder (spoolDir: string, names: readonly string[]): Promise<Array<{ name: string, key: string }>> {
  const keyed = await Promise.all(names.map(async (name) => ({ name, key: await orderKey(spoolDir, name) })))
  return keyed
    .filter((entry): entry is { name: string, key: string } => entry.key !== null)
    .sort((a, b) => byCodeUnits(a.key, b.key) || byCodeUnits(a.name, b.name))
}

export interface SpoolReport {
  readonly applied: number
  readonly rejected: number
  /** Order key of the first file held back because it is too recent; null when none was. */
  readonly heldFrom: string | null
}

/** The order key of a time (microseconds since the epoch, zero-padded like the names). */
export function orderKeyOf (epochMs: number): string {
  return String(Math.round(epochMs * 1000)).padStart(17, '0')
}

/**
 * Applies every spooled hook in hook order and removes its file. A file that cannot be used is
 * renamed to `.rejected` (kept for a person to look at) and reported once, unless it is not known
 * to be completely written yet (`isFinished`, from the watcher's write-finish wait): then it may
 * still be being written, and it and the files after it wait for the next drain, so order holds.
 * Files whose time is within `hold` wait too: a hook fired just before them may still be on its
 * way (ES starts the hooks of a burst all at once). A time beyond it is a clock gone wrong: such a
 * file is applied in its turn rather than holding up every hook after it.
 */
export async function drainSpool (
  spoolDir: string,
  apply: (hook: SpooledHook, file: string) => void,
  onRejected: (file: string, reason: string) => void,
  isFinished: (name: string) => boolean = () => true,
  hold: { readonly after: string, readonly until: string } | null = null
): Promise<SpoolReport> {
  let names: string[]
  try {
    names = (await readdir(spoolDir)).filter(isSpoolFileName)
  } catch {
    return { applied: 0, rejected: 0, heldFrom: null }
  }
  let applied = 0
  let rejected = 0
  for (const { name, key } of await spoolOrder(spoolDir, names)) {
    if (hold !== null && key > hold.after && key <= hold.until) return { applied, rejected, heldFrom: key }
    const file = path.join(spoolDir, name)
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch {
      continue // removed meanwhile by another reader
    }
    const hook = parseSpoolFile(name, text)
    // A writer that does not rename atomically may still be writing: wait for it, and keep order.
    if (typeof hook === 'string' && !isFinished(name)) break
    if (typeof hook === 'string') {
      try {
        await rename(file, `${file}.rejected`)
      } catch {
        continue // removed meanwhile by another reader
      }
      onRejected(file, hook)
      rejected++
      continue
    }
    await rm(file, { force: true })
    apply(hook, file)
    applied++
  }
  return { applied, rejected, heldFrom: null }
}
