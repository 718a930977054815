/**
 * The spool folder `<data-dir>/events.d/`: one file per hook, written atomically (temp file, then
 * rename) by a hook that could not reach the service. Names sort by time, then process and
 * counter, so reading them in name order is hook order. `.json` files come from our hook command,
 * `.ini` files (events.ini format) from the Windows batch hook.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseEventsIni } from './events-ini.js'
import { incompleteReason } from './hook-event.js'

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
    const hook = parseEventsIni(text)
    return hook === null ? 'not a complete events.ini hook' : { ...hook, hookId: null }
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
  const reason = incompleteReason(event, args)
  if (reason !== null) return reason
  return { event, args, hookId: typeof hookId === 'string' ? hookId : null }
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
 * Applies every spooled hook in name order and removes its file. A file that cannot be used is
 * renamed to `.rejected` (kept for a person to look at) and reported once, unless it is only
 * seconds old: then it may still be being written, and it and the files after it wait.
 * Synchronous on purpose: no request can interleave with a drain.
 */
export function drainSpool (spoolDir: string, apply: (hook: SpooledHook) => void, onRejected: (file: string, reason: string) => void): SpoolReport {
  let names: string[]
  try {
    names = readdirSync(spoolDir).filter((n) => !n.startsWith('.') && (n.endsWith('.json') || n.endsWith('.ini'))).sort()
  } catch {
    return { applied: 0, rejected: 0 }
  }
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
