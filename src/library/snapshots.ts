/**
 * Gamelists as they were last read, kept in the data dir so that a restart need not parse their
 * XML again: reading 50,000 games takes about a second, taking them back from a snapshot a tenth
 * of that, and a system's snapshot is only taken back once something asks for its games. A
 * snapshot is used only for the same gamelist file at the same signature (inode, time, size);
 * one that is missing, old or unreadable is no error, the XML is read as before.
 */
import { createHash } from 'node:crypto'
import { readFile, unlink } from 'node:fs/promises'
import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import v8 from 'node:v8'
import type { FastifyBaseLogger } from 'fastify'
import { writeFileAtomic } from '../core/storage/atomic-file.js'
import type { GamelistEntry } from './gamelist.js'

/** Bumped whenever GamelistEntry or this layout changes: older snapshots are then ignored. */
const snapshotFormat = 1
/** Entries per serialized chunk: writing and taking back a big gamelist gives the loop a turn between chunks. */
const chunkEntries = 2000

interface SnapshotFile {
  readonly format: number
  readonly file: string
  readonly signature: string
  readonly count: number
  readonly chunks: readonly Uint8Array[]
}

/** A gamelist's saved games, not yet taken back. */
export class SavedGamelist {
  readonly count: number
  readonly #chunks: readonly Uint8Array[]

  constructor (count: number, chunks: readonly Uint8Array[]) {
    this.count = count
    this.#chunks = chunks
  }

  /** Takes every entry back at once: for a reader that needs them now. */
  entriesNow (): GamelistEntry[] {
    return this.#chunks.flatMap((chunk) => v8.deserialize(chunk) as GamelistEntry[])
  }

  /** Takes the entries back a chunk per turn of the loop. */
  async entries (): Promise<GamelistEntry[]> {
    const entries: GamelistEntry[] = []
    for (const chunk of this.#chunks) {
      entries.push(...(v8.deserialize(chunk) as GamelistEntry[]))
      await nextTurn()
    }
    return entries
  }
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
    let saved: SnapshotFile
    try {
      saved = v8.deserialize(await readFile(this.#snapshotOf(file))) as SnapshotFile
    } catch {
      return null
    }
    const usable = saved.format === snapshotFormat && saved.file === file && saved.signature === signature && Array.isArray(saved.chunks)
    return usable ? new SavedGamelist(saved.count, saved.chunks) : null
  }

  /** Saves a gamelist just read; a snapshot that cannot be written costs only time at the next start, and is said once in the log. */
  async save (file: string, signature: string, entries: readonly GamelistEntry[]): Promise<void> {
    const chunks: Uint8Array[] = []
    for (let i = 0; i < entries.length; i += chunkEntries) {
      chunks.push(v8.serialize(entries.slice(i, i + chunkEntries)))
      await nextTurn()
    }
    const snapshot: SnapshotFile = { format: snapshotFormat, file, signature, count: entries.length, chunks }
    await writeFileAtomic(this.#snapshotOf(file), v8.serialize(snapshot)).catch((error: unknown) => {
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
