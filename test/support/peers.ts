/**
 * Real programs the tests drive (design.md §7). When one is missing the test is skipped with the
 * reason, except in CI (`CABINET_HUB_REQUIRE_PEERS=1`), where a missing peer is a failure.
 */
import { existsSync } from 'node:fs'

export interface Peer {
  /** Path of the program or file, or null when absent. */
  readonly path: string | null
  /** For `describe(..., { skip })`: false, or why the tests cannot run. */
  readonly skip: string | false
}

/** Looks for the first existing path; throws in CI when none exists. */
export function findPeer (description: string, debianPackage: string, candidates: readonly string[]): Peer {
  const found = candidates.find((p) => existsSync(p)) ?? null
  if (found !== null) return { path: found, skip: false }
  const reason = `${description} not found (${candidates.join(', ')}); apt-get install ${debianPackage}`
  if (process.env.CABINET_HUB_REQUIRE_PEERS === '1') throw new Error(`CABINET_HUB_REQUIRE_PEERS=1 but ${reason}`)
  return { path: null, skip: reason }
}
