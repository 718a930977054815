/**
 * Scores from the hiscore tables: each new entry of a local table (the hiscores module's
 * `EntryAdded` fact) becomes a score record of this cabinet. The record id is derived from the entry, so the same
 * entry announced twice (a table re-read after a restart) is refused as a duplicate, not doubled.
 */
import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { HubError } from '../core/errors.js'
import type { HiscoreFacts } from '../hiscores/index.js'
import type { ScoreRecord } from './schemas.js'
import type { RecordStore } from './store.js'
import { isStorageFullError } from '../core/storage/database.js'

type HiscoreEntry = HiscoreFacts['EntryAdded']

/** Fixed namespace of the name-based (version 5) ids of hiscore records. */
const recordIdNamespace = Buffer.from('8f1c3e0a6b2d4c59a7e1d2f3b4c5d6e7', 'hex')

/** RFC 4122 version 5: SHA-1 of namespace and name, version and variant bits set. */
function nameBasedUuid (name: string): string {
  const bytes = createHash('sha1').update(recordIdNamespace).update(name, 'utf8').digest().subarray(0, 16)
  bytes[6] = (bytes[6]! & 0x0f) | 0x50
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The record of a table entry, or why it is not one (no numeric value, no name, no time). */
function recordOfHiscoreEntry (entry: HiscoreEntry, nodeId: string): ScoreRecord | { readonly skipped: string } {
  if (entry.value === null || !Number.isSafeInteger(entry.value)) return { skipped: `the score ${JSON.stringify(entry.score)} is not a safe integer` }
  const player = entry.name.trim()
  if (player === '') return { skipped: 'the entry has no player name' }
  const time = Date.parse(entry.at)
  if (Number.isNaN(time)) return { skipped: `the time ${JSON.stringify(entry.at)} is not a date` }
  const at = new Date(time).toISOString()
  return {
    id: nameBasedUuid(JSON.stringify([nodeId, entry.system, entry.rom, player, entry.value, at])),
    kind: 'score',
    system: entry.system,
    rom: entry.rom,
    game: entry.game.trim() === '' ? entry.rom : entry.game,
    value: entry.value,
    better: 'higher',
    player,
    at,
    ...(entry.romMd5 === null ? {} : { rom_md5: entry.romMd5 }),
    node: nodeId
  }
}

/** Records a full disk refused, kept for when space returns (a hiscore entry is announced once). */
const maxHeldRecords = 1000

/**
 * Admits each new hiscore entry into the store of `home`; `admitted` runs after each record. The
 * entries wait in line, in order, and are admitted one after the other off the event's delivery;
 * an entry the disk had no room for stays first in line until `retryHeld` (on a timer) or the next
 * entry finds room.
 */
export function hiscoreIntake (home: { readonly store: RecordStore }, nodeId: string, logger: FastifyBaseLogger, admitted: () => void) {
  const waiting: ScoreRecord[] = []
  let admitting: Promise<void> | null = null
  /** false when the disk is still full (the record stays held). */
  const admit = async (record: ScoreRecord): Promise<boolean> => {
    try {
      await home.store.append(record)
      admitted()
    } catch (error) {
      if (isStorageFullError(error)) return false
      // The same entry announced again is already in the index.
      if (!(error instanceof HubError && error.code === 'RECORD_EXISTS')) logger.warn(`hiscore entry not recorded: ${(error as Error).message}`)
    }
    return true
  }
  const admitWaiting = async (): Promise<void> => {
    while (waiting.length > 0 && await admit(waiting[0]!)) waiting.shift()
  }
  /** Admits what waits; settles once the line is empty or the disk is still full. */
  const retryHeld = async (): Promise<void> => {
    admitting ??= admitWaiting().finally(() => { admitting = null })
    return admitting
  }
  const entryAdded = (entry: HiscoreEntry): void => {
    const record = recordOfHiscoreEntry(entry, nodeId)
    if ('skipped' in record) {
      logger.debug(`hiscore entry not recorded: ${record.skipped}`)
      return
    }
    if (waiting.length >= maxHeldRecords) {
      logger.warn(`hiscore entry of ${record.player} not recorded: ${maxHeldRecords} entries already wait for disk space`)
      return
    }
    waiting.push(record)
    void retryHeld()
  }
  return { entryAdded, retryHeld, held: (): number => waiting.length }
}
