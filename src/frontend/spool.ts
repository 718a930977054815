/**
 * The spool folder `<data-dir>/events.d/`: one file per hook, written atomically (temp file, then
 * rename). `.hook` files come from our POSIX hook script (the event and each argument, each ended
 * by a NUL byte) and `.json` files from `cabinet-hub hook`; both start their name with the time
 * the hook ran, in microseconds. `.ini` files (events.ini format) come from the Windows batch
 * hook, which has no clock it can put in a name (see `spoolOrder`).
 */
import { readdir, readFile, rename, stat } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../core/storage/atomic-file.js'
import { removeFile } from '../core/storage/remove-file.js'
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

/**
 * Writes one hook into the spool folder; resolves with the file written. The name is taken as it
 * is called, so hooks written one after the other keep their order however the writes finish.
 */
export async function writeSpoolFile (spoolDir: string, hook: SpooledHook): Promise<string> {
  const file = path.join(spoolDir, `${sortableNow()}-${process.pid}-${String(counter++).padStart(6, '0')}.json`)
  await writeFileAtomic(file, JSON.stringify({ event: hook.event, args: hook.args, hookId: hook.hookId }))
  return file
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

/** `<time>-sh-<ES's shell pid>-<pid>.hook`: the `sh -c` ES started for the hook (in the order it started them), and the script's own process. */
const shHookName = /-sh-(\d+)-(\d+)\.hook$/
/**
 * Hooks whose shells took their times this close together are ordered by process ids: ES starts
 * their shells one after the other, while a busy machine may let a later shell reach its clock first.
 */
const togetherUs = 2_000_000
/**
 * Process ids wrap around (at 32768 on many systems, a Pi's among them): ids this far apart did.
 * Hooks fired together are a few forks apart; no machine forks this many times between them.
 */
const pidWrapGap = 1 << 14

/** true when a process with id `a` was started before one with id `b`, ids having wrapped between them or not. */
export function startedBefore (a: number, b: number): boolean {
  return a < b ? b - a < pidWrapGap : a - b > pidWrapGap
}

/** Process ids in the order they were given out: when they wrapped, the ones above the wrap came first. */
const inStartOrder = (a: number, b: number): number => a === b ? 0 : startedBefore(a, b) ? -1 : 1

interface Keyed { readonly name: string, readonly key: string }

const spawnOrder = (name: string): [number, number] | null => {
  const match = shHookName.exec(name)
  return match === null ? null : [Number(match[1]), Number(match[2])]
}

/**
 * Shells ES starts at the same moment race to their clocks, but their process ids keep the order
 * they were started in: the `sh -c` ES started (our script finds it above itself), else the
 * script's own. Within a group of hooks fired together, that order wins.
 */
function byFiringOrder (group: Keyed[]): Keyed[] {
  const ids = group.map((entry) => spawnOrder(entry.name))
  if (ids.some((id) => id === null)) return group
  return group.map((entry, i) => ({ entry, id: ids[i]! })).sort((a, b) => inStartOrder(a.id[0], b.id[0]) || inStartOrder(a.id[1], b.id[1])).map(({ entry }) => entry)
}

/** The spool files in hook order: by time, hooks fired together by firing order, other ties by name. */
async function spoolOrder (spoolDir: string, names: readonly string[]): Promise<Keyed[]> {
  const keyed = (await Promise.all(names.map(async (name) => ({ name, key: await orderKey(spoolDir, name) }))))
    .filter((entry): entry is Keyed => entry.key !== null)
    .sort((a, b) => byCodeUnits(a.key, b.key) || byCodeUnits(a.name, b.name))
  const groups: Keyed[][] = []
  for (const entry of keyed) {
    const group = groups.at(-1)
    if (group !== undefined && Number(entry.key) - Number(group.at(-1)!.key) <= togetherUs) group.push(entry)
    else groups.push([entry])
  }
  return groups.flatMap(byFiringOrder)
}

/** `.<time>-sh-<ids>.tmp`: a hook our sh script has timed and is writing. */
const shHookBeingWritten = /^\.(\d{17})-sh-[\d-]+\.tmp$/

/**
 * The time of the oldest hook our sh script is still writing, when it is recent: a script killed
 * halfway leaves its temp file behind, which must not hold the others up for long.
 */
function oldestBeingWritten (entries: readonly string[], hold: { readonly after: string, readonly until: string }): string | null {
  const recentFrom = orderKeyOf(Number(hold.after) / 1000 - staleWriteMs)
  const keys = entries.flatMap((name) => {
    const key = shHookBeingWritten.exec(name)?.[1]
    return key !== undefined && key > recentFrom && key <= hold.until ? [key] : []
  })
  return keys.length === 0 ? null : keys.reduce((oldest, key) => key < oldest ? key : oldest)
}

/** A temp file older than this (beyond the reorder wait) is a script that died. */
const staleWriteMs = 2000

/** `.sh-<ES's shell pid>-<pid>.pending`: our sh script announced its hook and has not spooled it yet. */
const shHookPending = /^\.sh-(\d+)-(\d+)\.pending$/
const pendingMarkOf = (ids: readonly [number, number]): string => `.sh-${ids[0]}-${ids[1]}.pending`

/**
 * The ES shell pids of the hooks our sh script has announced and not yet spooled. A hook ES
 * started after one of them (a later shell pid, see `startedBefore`) waits for it. A
 * mark older than `staleWriteMs` is a script that died: it is removed and holds nothing back.
 */
async function announcedNotSpooled (spoolDir: string, entries: readonly string[], nowMs: number): Promise<number[]> {
  const spooled = new Set(entries.flatMap((name) => {
    const ids = spawnOrder(name)
    return ids === null ? [] : [pendingMarkOf(ids)]
  }))
  const shells = await Promise.all(entries.map(async (name) => {
    const shell = shHookPending.exec(name)?.[1]
    if (shell === undefined || spooled.has(name)) return []
    const mark = path.join(spoolDir, name)
    try {
      if (nowMs - (await stat(mark)).mtimeMs <= staleWriteMs) return [Number(shell)]
      await removeFile(mark)
    } catch { /* spooled and removed meanwhile */ }
    return []
  }))
  return shells.flat()
}

/** true when a hook fired before this one (by ES's shell pids) was announced or started and is not in the folder yet. */
function waitsForEarlier (name: string, earlierShells: readonly number[]): boolean {
  const shell = esShellOf(name)
  return shell !== null && earlierShells.some((earlier) => startedBefore(earlier, shell))
}

/** The ES shell pid in the name of a hook our sh script spooled; null for other files. */
export const esShellOf = (name: string): number | null => spawnOrder(name)?.[0] ?? null

const staleFrom = (nowMs: number): string => orderKeyOf(nowMs - staleWriteMs)

/** The ES shells started before the recent sh hooks here, whose own hooks are not here either. */
async function startedNotInFolder (startedNotSpooled: NonNullable<SpoolHold['startedNotSpooled']>, names: readonly string[], recentFrom: string): Promise<readonly number[]> {
  const recent = names.filter((name) => name > recentFrom).flatMap((name) => esShellOf(name) ?? [])
  if (recent.length === 0) return []
  const here = new Set(names.flatMap((name) => esShellOf(name) ?? []))
  return (await startedNotSpooled(recent)).filter((shell) => !here.has(shell))
}

/** The script's announcement of a hook it has now spooled: it holds nothing back any more. */
async function removePendingMark (spoolDir: string, name: string): Promise<void> {
  const ids = spawnOrder(name)
  if (ids !== null) await removeFile(path.join(spoolDir, pendingMarkOf(ids)))
}

/** What holds recent hooks back while the door is open (see `drainSpool`). */
export interface SpoolHold {
  /** Order keys: a hook timed after `after` and up to `until` waits its reorder window. */
  readonly after: string
  readonly until: string
  /** The ES shells running our script, started before these, whose hooks are not applied yet. */
  readonly startedNotSpooled?: (before: readonly number[]) => Promise<readonly number[]>
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
  apply: (hook: SpooledHook, file: string, firedAtMs: number) => void,
  onRejected: (file: string, reason: string) => void,
  isFinished: (name: string) => boolean = () => true,
  hold: SpoolHold | null = null
): Promise<SpoolReport> {
  let entries: string[]
  try {
    entries = await readdir(spoolDir)
  } catch {
    return { applied: 0, rejected: 0, heldFrom: null }
  }
  const names = entries.filter(isSpoolFileName)
  const writing = hold === null ? null : oldestBeingWritten(entries, hold)
  const nowMs = Date.now()
  const announced = hold === null ? [] : await announcedNotSpooled(spoolDir, entries, nowMs)
  const started = hold?.startedNotSpooled === undefined ? [] : await startedNotInFolder(hold.startedNotSpooled, names, staleFrom(nowMs))
  let applied = 0
  let rejected = 0
  for (const { name, key } of await spoolOrder(spoolDir, names)) {
    // A hook waits out its own reorder window (not its neighbours'), so the waits of a scroll overlap.
    if (hold !== null && key > hold.after && key <= hold.until) return { applied, rejected, heldFrom: key }
    // A hook fired before this one is still being written by its script: it goes first.
    if (writing !== null && writing < key) return { applied, rejected, heldFrom: writing }
    // A hook ES started before this one has announced itself, or started, and not spooled yet; a
    // recent hook waits for a started one, an old one goes (that shell is stuck, or not ours).
    if (waitsForEarlier(name, key > staleFrom(nowMs) ? [...announced, ...started] : announced)) return { applied, rejected, heldFrom: key }
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
      await removePendingMark(spoolDir, name)
      onRejected(file, hook)
      rejected++
      continue
    }
    await removeFile(file)
    await removePendingMark(spoolDir, name)
    apply(hook, file, Number(key) / 1000)
    applied++
  }
  return { applied, rejected, heldFrom: null }
}
