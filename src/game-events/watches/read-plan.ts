/**
 * Batches the watches of a definition into few memory reads: watches close to each other share
 * one read, so 60 polls a second stay a handful of UDP round trips.
 */
import type { WatchType } from '../schemas.js'

interface WatchSlice {
  readonly watch: WatchType
  readonly address: number
  /** Offset of the watch inside its range's bytes. */
  readonly offset: number
}

export interface ReadRange {
  readonly address: number
  readonly length: number
  readonly slices: readonly WatchSlice[]
}

/** Bytes of unwatched memory worth reading to save a round trip. */
const maxGap = 16
/** Keeps one reply small (RetroArch answers in one datagram, three characters per byte). */
const maxRangeLength = 128

function addressOf (watch: WatchType): number {
  return Number.parseInt(watch.address, 16)
}

export function readPlan (watches: readonly WatchType[]): ReadRange[] {
  const sorted = [...watches].sort((a, b) => addressOf(a) - addressOf(b))
  const ranges: Array<{ address: number, end: number, watches: WatchType[] }> = []
  for (const watch of sorted) {
    const start = addressOf(watch)
    const end = start + watch.size
    const last = ranges.at(-1)
    if (last !== undefined && start - last.end <= maxGap && Math.max(end, last.end) - last.address <= maxRangeLength) {
      last.end = Math.max(last.end, end)
      last.watches.push(watch)
    } else {
      ranges.push({ address: start, end, watches: [watch] })
    }
  }
  return ranges.map((r) => ({
    address: r.address,
    length: r.end - r.address,
    slices: r.watches.map((watch) => ({ watch, address: addressOf(watch), offset: addressOf(watch) - r.address }))
  }))
}
