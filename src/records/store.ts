/**
 * The append-only records store (records.md §5a), in the data dir:
 * - `records.jsonl`: one canonical line per record, LF-terminated, only ever appended;
 * - `head.json`: how many records were admitted and their root, written after each append.
 * The index is served from the file as it is on disk, with the admitted root: a record changed
 * behind the service's back no longer hashes to that root, and every verifier sees it.
 */
import { createHash, type Hash } from 'node:crypto'
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs'
import path from 'node:path'
import Value from 'typebox/value'
import { HubError } from '../core/errors.js'
import { canonicalJson, prefixRoots } from './verify/canonical.js'
import { RecordBody, type ScoreRecord } from './schemas.js'

export interface IndexHead {
  readonly count: number
  readonly root: string
}

/** Reads and writes a small JSON file whole; a crash leaves the old or the new file, never half of one. */
export function writeFileAtomic (file: string, data: string | Buffer, mode = 0o644): void {
  const temporary = `${file}.tmp`
  const fd = openSync(temporary, 'w', mode)
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temporary, file)
}

/** The first schema error of a record as `<field> <problem>`, or null when it is valid. */
export function recordProblem (value: unknown): string | null {
  if (Value.Check(RecordBody, value)) return null
  const first = [...Value.Errors(RecordBody, value)][0]!
  const field = first.instancePath.replace(/^\//, '')
  const extra = first.keyword === 'additionalProperties' ? `: "${String((first.params as { additionalProperty?: string }).additionalProperty)}"` : ''
  return `${field === '' ? 'record' : field} ${first.message}${extra}`
}

export class RecordStore {
  readonly dir: string
  readonly #file: string
  readonly #headFile: string
  #records: ScoreRecord[] = []
  #ids = new Set<string>()
  /** SHA-256 over the admitted lines so far: the next root is one update away. */
  readonly #running: Hash = createHash('sha256')
  #head: IndexHead = { count: 0, root: this.#running.copy().digest('hex') }
  /** Why the file on disk no longer matches what was admitted, once that was seen. */
  #damage: string | null = null
  #published: { key: string, records: unknown[] } | null = null

  constructor (dir: string) {
    this.dir = dir
    this.#file = path.join(dir, 'records.jsonl')
    this.#headFile = path.join(dir, 'head.json')
  }

  /**
   * Loads what was admitted. Lines beyond the head (a stop between the append and the head
   * write) are admitted again when they are valid; lines that no longer hash to the head mark
   * the store damaged: it keeps serving (verifiers must see it) but admits nothing more.
   */
  open (): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 })
    const lines = existsSync(this.#file) ? readFileSync(this.#file, 'utf8').split('\n').slice(0, -1) : []
    const head = existsSync(this.#headFile) ? JSON.parse(readFileSync(this.#headFile, 'utf8')) as IndexHead : { count: 0, root: this.#head.root }
    const roots = prefixRoots(lines)
    if (head.count > lines.length || roots[head.count] !== head.root) {
      this.#damage = `records.jsonl no longer holds the ${head.count} admitted records (root ${head.root})`
      this.#head = head
      return
    }
    for (const line of lines) this.#admit(line)
    if (head.count !== lines.length) this.#writeHead()
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

  /** Validates and appends one record; throws a 400 naming the field, or 409 for a known id. */
  append (candidate: unknown): IndexHead {
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
    const fd = openSync(this.#file, 'a', 0o600)
    try {
      writeSync(fd, `${line}\n`)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    this.#admit(line)
    this.#writeHead()
    return this.#head
  }

  #admit (line: string): void {
    const record = JSON.parse(line) as ScoreRecord
    this.#running.update(this.#records.length === 0 ? line : `\n${line}`, 'utf8')
    this.#records.push(record)
    this.#ids.add(record.id)
    this.#head = { count: this.#records.length, root: this.#running.copy().digest('hex') }
  }

  /** The records as the file holds them now (read again only when the file changed). */
  published (): unknown[] {
    if (!existsSync(this.#file)) return []
    const stat = statSync(this.#file)
    const key = `${stat.ino}:${stat.size}:${stat.mtimeMs}`
    if (this.#published?.key !== key) {
      const lines = readFileSync(this.#file, 'utf8').split('\n').slice(0, -1)
      this.#published = { key, records: lines.map((line, index) => parseLine(line, index)) }
    }
    return this.#published.records
  }

  #writeHead (): void {
    writeFileAtomic(this.#headFile, `${JSON.stringify(this.#head)}\n`)
  }
}

function parseLine (line: string, index: number): unknown {
  try {
    return JSON.parse(line) as unknown
  } catch {
    throw new Error(`records.jsonl line ${index + 1} is not JSON`)
  }
}
