/**
 * The data dir belongs to one service at a time: two would rewrite each other's hook scripts and
 * share one database. `serve` claims it with a lock file holding its pid; a lock whose process is
 * gone (a crash, a power cut) is taken over. The claim also proves the folder can be written, and
 * folders of the kernel's pseudo file systems (/proc, /sys) are refused before anything touches them.
 */
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs'
import path from 'node:path'
import { isStorageFullError } from './database.js'

export const lockFileName = 'cabinet-hub.lock'

/** What a lock file says about the service holding the data dir. */
interface DataDirHolder {
  readonly pid: number
  readonly url: string
  readonly since: string
  /** When the holder process started, in clock ticks since boot (Linux): tells it from a later process given the same pid. */
  readonly startTicks?: number
}

export class DataDirError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'DataDirError'
  }
}

export interface DataDirClaim {
  /** Removes the lock file, when it is still this process's. */
  release (): void
}

const pseudoFileSystems = new Set(['proc', 'sysfs', 'devtmpfs', 'devpts', 'cgroup', 'cgroup2', 'debugfs', 'tracefs', 'securityfs', 'pstore', 'bpf', 'configfs', 'fusectl', 'mqueue', 'hugetlbfs', 'efivarfs', 'binfmt_misc', 'autofs'])

/**
 * Only Linux's /proc speaks of this process and its pids. Windows has none, and under Wine a path
 * like `/proc/<pid>/stat` reaches the Linux /proc through drive Z:, where a Windows pid names
 * another process.
 */
const hasProc = process.platform === 'linux'

/** The file system type of the mount holding `dir`, from /proc/self/mounts (null where there is none, as on Windows). */
function fileSystemOf (dir: string): string | null {
  if (!hasProc) return null
  let mounts: string
  try {
    mounts = readFileSync('/proc/self/mounts', 'utf8')
  } catch {
    return null
  }
  let best: { point: string, type: string } | null = null
  for (const line of mounts.split('\n')) {
    const [, point, type] = line.split(' ')
    if (point === undefined || type === undefined) continue
    const mountPoint = point.replace(/\\040/g, ' ')
    const inside = dir === mountPoint || dir.startsWith(mountPoint.endsWith('/') ? mountPoint : `${mountPoint}/`)
    if (inside && (best === null || mountPoint.length >= best.point.length)) best = { point: mountPoint, type }
  }
  return best?.type ?? null
}

/** A process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), or null where there is no /proc. */
function startTicksOf (pid: number | 'self'): number | null {
  if (!hasProc) return null
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[19])
    return Number.isInteger(ticks) ? ticks : null
  } catch {
    return null
  }
}

/** Still the process that wrote the lock: alive, and where /proc can tell, started when it said (a power cut hands its pid to another program). */
function isHolderAlive (holder: DataDirHolder): boolean {
  if (!isAlive(holder.pid)) return false
  const ticks = startTicksOf(holder.pid)
  if (ticks === null) return true
  if (holder.startTicks !== undefined) return ticks === holder.startTicks
  // A lock of an older build has no start time: the process must at least be a cabinet-hub (or a node running one).
  try {
    return /cabinet-hub|node/.test(readFileSync(`/proc/${holder.pid}/cmdline`, 'utf8'))
  } catch {
    return true
  }
}

function isAlive (pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readHolder (file: string): DataDirHolder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<DataDirHolder>
    return Number.isInteger(holder.pid) && (holder.pid ?? 0) > 0 ? holder as DataDirHolder : null
  } catch {
    return null
  }
}

function cannotWrite (dir: string, error: unknown): Error {
  if (isStorageFullError(error)) return diskFull(dir, error)
  return new DataDirError(`the data dir ${dir} cannot be written (${(error as NodeJS.ErrnoException).code ?? String(error)}); choose another --data-dir`)
}

/** Not a usage mistake (exit 1, not 2): a service manager may well start it again once space is freed. */
export class DiskFullError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'DiskFullError'
  }
}

/** The one line an owner reads when the service cannot start for want of space. */
export function diskFull (dir: string, error: unknown): DiskFullError {
  return new DiskFullError(`the disk of the data dir ${dir} is full (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); free some space and start again`)
}

/** Creates the lock file; false when one is there already. */
function tryCreate (file: string, holder: DataDirHolder): boolean {
  let fd: number
  try {
    fd = openSync(file, 'wx', 0o644)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw cannotWrite(path.dirname(file), error)
  }
  try {
    writeSync(fd, `${JSON.stringify(holder)}\n`)
  } catch (error) {
    // An empty lock would name nobody and outlive us.
    closeSync(fd)
    rmSync(file, { force: true })
    throw cannotWrite(path.dirname(file), error)
  }
  closeSync(fd)
  return true
}

/** Claims `dir` (absolute) for this process, creating it when missing. */
export function claimDataDir (dir: string, url: string): DataDirClaim {
  const fileSystem = fileSystemOf(dir)
  if (fileSystem !== null && pseudoFileSystems.has(fileSystem)) {
    throw new DataDirError(`the data dir ${dir} is on the kernel's ${fileSystem} file system, which holds no files; choose another --data-dir`)
  }
  try {
    mkdirSync(dir, { recursive: true })
  } catch (error) {
    throw cannotWrite(dir, error)
  }
  const file = path.join(dir, lockFileName)
  const startTicks = startTicksOf('self')
  const own: DataDirHolder = { pid: process.pid, url, since: new Date().toISOString(), ...(startTicks === null ? {} : { startTicks }) }
  // Twice at most: the second try follows the removal of a dead holder's lock.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryCreate(file, own)) {
      const release = (): void => {
        process.removeListener('exit', release)
        if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true })
      }
      // A forced exit (a second Ctrl-C, the shutdown's time bound) skips the shutdown's own release.
      process.once('exit', release)
      return { release }
    }
    const holder = readHolder(file)
    if (holder !== null && holder.pid !== process.pid && isHolderAlive(holder)) {
      throw new DataDirError(`the data dir ${dir} is in use by another cabinet-hub (pid ${holder.pid}, ${holder.url}, since ${holder.since}); stop it or choose another --data-dir`)
    }
    rmSync(file, { force: true })
  }
  throw new DataDirError(`the data dir ${dir} is being claimed by another cabinet-hub at this moment; try again`)
}
