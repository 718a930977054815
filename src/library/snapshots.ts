/**
 * Gamelists as they were last read, kept in the data dir so that a restart need not parse their
 * XML again: reading 50,000 games takes about a second; a start reads each snapshot's bytes but
 * decodes only its header, and a system's games are decoded once something asks for them, or once
 * the service is ready (so a reader that cannot wait never waits on the disk). A snapshot is used only for the same gamelist file at the same signature
 * (inode, time, size); one that is missing, old or unreadable is no error, the XML is read as before.
 *
 * A snapshot file: the header's length (4 bytes, little-endian), the header (v8-serialized), then
 * the entries in chunks (each v8-serialized), so that a big gamelist is written and taken back a
 * chunk per turn of the loop.
 */
import { createHash } from 'node:crypto'
import { readFile, unlink } from 'node:fs/promises'
import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import v8 from 'node:v8'
import type { FastifyBaseLogger } from 'fastify'
import { writeFileAtomic } from '../core/storage/atomic-file.js'
import type { GamelistEntry } from '../frontends/index.js'

/** Bumped whenever GamelistEntry or this layout changes: older snapshots are then ignored. */
const snapshotFormat = 2
/** Entries per chunk. */
const chunkEntries = 2000
const lengthBytes = 4
/** A header is a few dozen bytes and a number per chunk; anything longer is not one of ours. */
const longestHeader = 1 << 20

interface SnapshotHeader {
  readonly format: number
  readonly file: string
  readonly signature: string
  readonly count: number
  readonly chunkLengths: readonly number[]
}

const isUsable = (header: SnapshotHeader, file: string, signature: string): boolean =>
  header.format === snapshotFormat && header.file === file && header.signature === signature && Array.isArray(header.chunkLengths)

function headerOf (bytes: Uint8Array): SnapshotHeader {
  return v8.deserialize(bytes) as SnapshotHeader
}

/** A gamelist's saved games, read from the disk and not yet decoded. */
export class SavedGamelist {
  readonly count: number
  readonly #chunks: readonly Buffer[]

  constructor (count: number, chunks: readonly Buffer[]) {
    this.count = count
    this.#chunks = chunks
  }

  /** Decodes every entry at once, for a reader that needs them now. */
  entriesNow (): GamelistEntry[] {
    return this.#chunks.flatMap((chunk) => v8.deserialize(chunk) as GamelistEntry[])
  }

  /** Decodes the entries a chunk per turn of the loop. */
  async entries (): Promise<GamelistEntry[]> {
    const entries: GamelistEntry[] = []
    for (const chunk of this.#chunks) {
      entries.push(...(v8.deserialize(chunk) as GamelistEntry[]))
      await nextTurn()
    }
    return entries
  }
}

/** The snapshot's chunks when it is one of ours, for this gamelist at this signature; else null. */
function savedGamelistOf (bytes: Buffer, file: string, signature: string): SavedGamelist | null {
  const headerLength = bytes.readUInt32LE(0)
  if (headerLength > longestHeader) return null
  const header = headerOf(bytes.subarray(lengthBytes, lengthBytes + headerLength))
  if (!isUsable(header, file, signature)) return null
  let offset = lengthBytes + headerLength
  return new SavedGamelist(header.count, header.chunkLengths.map((length) => bytes.subarray(offset, (offset += length))))
}

export class GamelistSnapshots {
  readonly #folder: string
  readonly #logger: FastifyBaseLogger
  #saidUnwritable = false

  constructor (folder: string, logger: FastifyBaseLogger) {
    this.#folder = folder
    this.#logger = logger
  }

  /** The games saved for this gamelist at this signature, or null. */
  async find (file: string, signature: string): Promise<SavedGamelist | null> {
    const bytes = await readFile(this.#snapshotOf(file)).catch(() => null)
    if (bytes === null) return null
    try {
      return savedGamelistOf(bytes, file, signature)
    } catch {
      return null
    }
  }

  /** Saves a gamelist just read; a snapshot that cannot be written costs only time at the next start, and is said once in the log. */
  async save (file: string, signature: string, entries: readonly GamelistEntry[]): Promise<void> {
    const chunks: Buffer[] = []
    for (let i = 0; i < entries.length; i += chunkEntries) {
      chunks.push(v8.serialize(entries.slice(i, i + chunkEntries)))
      await nextTurn()
    }
    const header = v8.serialize({ format: snapshotFormat, file, signature, count: entries.length, chunkLengths: chunks.map((chunk) => chunk.length) } satisfies SnapshotHeader)
    const length = Buffer.alloc(lengthBytes)
    length.writeUInt32LE(header.length, 0)
    await writeFileAtomic(this.#snapshotOf(file), [length, header, ...chunks]).catch((error: unknown) => {
      if (!this.#saidUnwritable) this.#logger.warn(`the snapshot of ${file} cannot be saved (${(error as Error).message}); the next start reads the gamelists itself`)
      this.#saidUnwritable = true
    })
  }

  /** Drops the snapshot of a gamelist that is gone. */
  async forget (file: string): Promise<void> {
    await unlink(this.#snapshotOf(file)).catch(() => {})
  }

  /** Named by the gamelist's path, which may hold anything a file name may not. */
  #snapshotOf (file: string): string {
    return path.join(this.#folder, `${createHash('sha256').update(file).digest('hex').slice(0, 32)}.v8`)
  }
}
