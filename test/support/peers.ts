/**
 * Real programs the tests drive (browser, emulators). Locally a missing one skips its tests with
 * the reason; in CI (`CABINET_HUB_REQUIRE_PEERS=1`) it fails them.
 */
import { existsSync } from 'node:fs'
import type { TestContext } from 'node:test'

export function findProgram (candidates: readonly string[]): string | null {
  return candidates.find((p) => existsSync(p)) ?? null
}

/** Returns the program's path, or null after skipping the test (or throws when peers are required). */
export function requireProgram (t: TestContext, name: string, candidates: readonly string[]): string | null {
  const found = findProgram(candidates)
  if (found !== null) return found
  const reason = `${name} is not installed (looked in ${candidates.join(', ')}); install the Debian package to run this test`
  if (process.env.CABINET_HUB_REQUIRE_PEERS === '1') throw new Error(reason)
  t.skip(reason)
  return null
}

export const chromiumPaths = ['/usr/bin/chromium', '/usr/bin/chromium-browser']
