/**
 * The append-only records store (records.md §5a), in the data dir:
 * - `records.jsonl`: one canonical line per record, LF-terminated, only ever appended;
 * - `head.json`: how many records were admitted and their root, written after each append. It is
 *   the commit point: a record is admitted (and answered 201) only once the head names it, and a
 *   write that fails half way (a full disk) is cut off the file again, so nothing is ever glued
 *   onto a fragment.
 * The index is served from the file as it is on disk, with the admitted root: a record changed
 * behind the service's back no longer hashes to that root, and every verifier sees it.
 */
import { createHash, type Hash } from 'node:crypto'
import { mkdir, open, readFile, stat, truncate, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import Value from 'typebox/value'
import { HubError } from '../core/errors.js'
import { writeFileAtomic } from '../core/storage/atomic-file.js'
import { canonicalJson, prefixRoots } from './verify/canonical.js'
import { RecordBody, type ScoreRecord } from './schemas.js'

export interface IndexHead {
  readonly count: number
  readonly root: string
}

/** The file's text, or '' when there is no such file. */
async function textIfThere (file: string): Promise<string> {
  return readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return ''
    throw error
  })
}

/** Writes every byte (a write to a nearly full disk may take only some) and syncs them to the disk. */
async function writeAllDurably (handle: FileHandle, data: Buffer): Promise<void> {
  for (let offset = 0; offset < data.length;) offset += (await handle.write(data, offset)).bytesWritten
  await handle.sync()
}

/** Appends the bytes, or leaves the file at `size` bytes (what was admitted) when they cannot all be written. */
async function appendOrCutBack (file: string, size: number, data: Buffer): Promise<void> {
  const handle = await open(file, 'a', 0o600)
  try {
    await handle.truncate(size)
    await writeAllDurably(handle, data)
  } catch (error) {
    await handle.truncate(size)
    await handle.sync()
    throw error
  } finally {
    await handle.close()
  }
}

/** The first schema error of a record as `<field> <problem>`, or null when it is valid. */
export function recordProblem (value: unknown): string | null {
  if (Value.Check(RecordBody, value)) return isRealInstant((value as ScoreRecord).at) ? null : 'at is not a real UTC instant (RFC 3339: a day of its month, hours to 23, minutes and seconds to 59)'
  const first = [...Value.Errors(RecordBody, value)][0]!
  const field = first.instancePath.replace(/^\//, '')
  const extra = first.keyword === 'additionalProperties' ? `: "${String((first.params as { additionalProperty?: string }).additionalProperty)}"` : ''
  return `${field === '' ? 'record' : field} ${first.message}${extra}`
}

/** `2026-02-30T25:61:61Z` has the shape of an instant but names none: every field must survive a round trip through a date. */
function isRealInstant (text: string): boolean {
  const [year, month, day, hour, minute, second] = text.split(/[-T:.Z]/).map(Number) as [number, number, number, number, number, number]
  const instant = new Date(Date.UTC(year, month - 1, day, hour, minute, second))
  return instant.getUTCFullYear() === year && instant.getUTCMonth() === month - 1 && instant.getUTCDate() === day &&
    instant.getUTCHours() === hour && instant.getUTCMinutes() === minute && instant.getUTCSeconds() === second
}

export class RecordStore {
  readonly dir: string
  readonly #file: string
  readonly #headFile: string
  #records: ScoreRecord[] = []
  #ids = new Set<string>()
  /** The bytes of records.jsonl that hold the admitted lines. */
  #size = 0
  /** SHA-256 over the admitted lines so far: the next root is one update away. */
  #running: Hash = createHash('sha256')
  #head: IndexHead = { count: 0, root: this.#running.copy().digest('hex') }
  /** Why the file on disk no longer matches what was admitted, once that was seen. */
  #damage: string | null = null
  #published: { key: string, records: unknown[] } | null = null
  /** Settles as `open` does: an append waits until what was admitted before is loaded. */
  readonly #opened: Promise<void>
  #settleOpen!: (loading: Promise<void>) => void
  /** The append in progress, if any: the next one starts after it. */
  #appending: Promise<unknown> = Promise.resolve()

  constructor (dir: string) {
    this.dir = dir
    this.#file = path.join(dir, 'records.jsonl')
    this.#headFile = path.join(dir, 'head.json')
    this.#opened = new Promise((resolve) => { this.#settleOpen = resolve })
    // A failed opening is reported by `open`, and to every append: not as an unhandled rejection.
    this.#opened.catch(() => {})
  }

  /**
   * Loads what was admitted. What follows the head's lines (a stop or a full disk between the
   * append and the head write, a line cut short) was never answered 201 and is cut off; lines
   * that no longer hash to the head mark the store damaged: it keeps serving (verifiers must see
   * it) but admits nothing more.
   */
  async open (): Promise<void> {
    const loading = this.#load()
    this.#settleOpen(loading)
    await loading
  }

  async #load (): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 })
    const text = await textIfThere(this.#file)
    const lines = text.slice(0, text.lastIndexOf('\n') + 1).split('\n').slice(0, -1)
    const headText = await textIfThere(this.#headFile)
    const head = headText === '' ? { count: 0, root: this.#head.root } : JSON.parse(headText) as IndexHead
    const roots = prefixRoots(lines)
    if (head.count > lines.length || roots[head.count] !== head.root) {
      this.#damage = `records.jsonl no longer holds the ${head.count} admitted records (root ${head.root})`
      this.#head = head
      return
    }
    for (const line of lines.slice(0, head.count)) this.#admit(line, this.#next(line))
    if (Buffer.byteLength(text) !== this.#size) await truncate(this.#file, this.#size)
  }

  get head (): IndexHead {
    return this.#head
  }

  get damage (): string | null {
    return this.#damage
  }

  /** The records as admitted, in order. */
  get records (): readonly ScoreRecord[] {
    return this.#records
  }

  /**
   * Validates and appends one record; rejects with a 400 naming the field, or 409 for a known id.
   * Appends run one after the other, each checked against the records admitted before it, and
   * settle once the record and the head naming it are on the disk.
   */
  async append (candidate: unknown): Promise<IndexHead> {
    const appended = this.#appending.then(async () => {
      await this.#opened
      return this.#appendNow(candidate)
    })
    this.#appending = appended.catch(() => {})
    return appended
  }

  async #appendNow (candidate: unknown): Promise<IndexHead> {
    if (this.#damage !== null) throw new HubError(503, 'RECORDS_STORE_DAMAGED', `The records file was changed outside the service; nothing more is admitted: ${this.#damage}`)
    const problem = recordProblem(candidate)
    if (problem !== null) throw new HubError(400, 'INVALID_RECORD', problem)
    const record = candidate as ScoreRecord
    if (this.#ids.has(record.id)) throw new HubError(409, 'RECORD_EXISTS', `A record with id ${record.id} is already in the index`)
    if (record.kind === 'withdrawal') {
      if (record.ref === undefined) throw new HubError(400, 'INVALID_RECORD', 'ref is required on a withdrawal')
      if (!this.#records.some((r) => r.id === record.ref && r.kind === 'score')) throw new HubError(400, 'INVALID_RECORD', `ref ${record.ref} is not a score of this index`)
    } else if (record.ref !== undefined) {
      throw new HubError(400, 'INVALID_RECORD', 'ref is only for withdrawals')
    }
    const line = canonicalJson(record)
    const next = this.#next(line)
    await appendOrCutBack(this.#file, this.#size, Buffer.from(`${line}\n`))
    try {
      await writeFileAtomic(this.#headFile, `${JSON.stringify(next.head)}\n`, { durable: true })
    } catch (error) {
      await appendOrCutBack(this.#file, this.#size, Buffer.alloc(0))
      throw error
    }
    this.#admit(line, next)
    return this.#head
  }

  /** The running hash and head once `line` is admitted, leaving the store as it is. */
  #next (line: string): { running: Hash, head: IndexHead } {
    const running = this.#running.copy().update(this.#records.length === 0 ? line : `\n${line}`, 'utf8')
    return { running, head: { count: this.#records.length + 1, root: running.copy().digest('hex') } }
  }

  #admit (line: string, next: { running: Hash, head: IndexHead }): void {
    const record = JSON.parse(line) as ScoreRecord
    this.#running = next.running
    this.#records.push(record)
    this.#ids.add(record.id)
    this.#size += Buffer.byteLength(line) + 1
    this.#head = next.head
  }

  /** The records as the file holds them now (read again only when the file changed). */
  async published (): Promise<unknown[]> {
    const count = this.#head.count
    const stats = await stat(this.#file).catch(() => null)
    if (stats === null) return []
    // The head is part of it: an append in progress has written its line before the head names it.
    const key = `${stats.ino}:${stats.size}:${stats.mtimeMs}:${count}`
    if (this.#published?.key !== key) {
      // Only the head's lines: a failed write may have left bytes behind them until the next append cuts them off.
      const lines = (await readFile(this.#file, 'utf8')).split('\n').slice(0, count)
      this.#published = { key, records: lines.map((line, index) => parseLine(line, index)) }
    }
    return this.#published.records
  }
}

function parseLine (line: string, index: number): unknown {
  try {
    return JSON.parse(line) as unknown
  } catch {
    throw new Error(`records.jsonl line ${index + 1} is not JSON`)
  }
}
