/**
 * The spool folder `<data-dir>/events.d/`: one file per hook, written atomically (temp file, then
 * rename) by a hook that could not reach the service. `.json` files come from our hook command and
 * start their name with the time, then process and counter; `.ini` files (events.ini format) come
 * from the Windows batch hook, which has no clock it can put in a name (see `spoolOrder`).
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
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

let counter = 0

/** Microseconds since the epoch, zero-padded: sorts as time across processes. */
function sortableNow (): string {
  return String(Math.round((performance.timeOrigin + performance.now()) * 1000)).padStart(17, '0')
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

function parseSpoolFile (name: string, text: string): SpooledHook | string {
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
function orderKey (spoolDir: string, name: string): string | null {
  if (timedName.test(name)) return name.slice(0, 17)
  try {
    return String(Math.round(statSync(path.join(spoolDir, name)).mtimeMs * 1000)).padStart(17, '0')
  } catch {
    return null
  }
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** The spool files in hook order; ties (same time) go by name. */
function spoolOrder (spoolDir: string, names: readonly string[]): string[] {
  const keyed = names.map((name) => ({ name, key: orderKey(spoolDir, name) }))
  return keyed
    .filter((entry): entry is { name: string, key: string } => entry.key !== null)
    .sort((a, b) => byCodeUnits(a.key, b.key) || byCodeUnits(a.name, b.name))
    .map((entry) => entry.name)
}

/** How long an unreadable spool file may still be in the middle of being written. */
const settleMs = 2000

function isYoung (file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < settleMs
  } catch {
    return false
  }
}

export interface SpoolReport {
  readonly applied: number
  readonly rejected: number
}

/**
 * Applies every spooled hook in hook order and removes its file. A file that cannot be used is
 * renamed to `.rejected` (kept for a person to look at) and reported once, unless it is only
 * seconds old: then it may still be being written, and it and the files after it wait.
 * Synchronous on purpose: no request can interleave with a drain.
 */
export function drainSpool (spoolDir: string, apply: (hook: SpooledHook) => void, onRejected: (file: string, reason: string) => void): SpoolReport {
  let names: string[]
  try {
    names = readdirSync(spoolDir).filter((n) => !n.startsWith('.') && (n.endsWith('.json') || n.endsWith('.ini')))
  } catch {
    return { applied: 0, rejected: 0 }
  }
  names = spoolOrder(spoolDir, names)
  let applied = 0
  let rejected = 0
  for (const name of names) {
    const file = path.join(spoolDir, name)
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      continue // removed meanwhile by another reader
    }
    const hook = parseSpoolFile(name, text)
    // A writer that does not rename atomically may still be writing: wait for it, and keep order.
    if (typeof hook === 'string' && isYoung(file)) break
    if (typeof hook === 'string') {
      renameSync(file, `${file}.rejected`)
      onRejected(file, hook)
      rejected++
      continue
    }
    rmSync(file, { force: true })
    apply(hook)
    applied++
  }
  return { applied, rejected }
}
