/**
 * The fast tier: every test file of `test/<area>/` imported into one process, so the shared
 * modules load once instead of per file. Its tests reach the app through `inject` (and
 * `injectWS`), fakes answering in process and a clock they move; a listening socket fails the test
 * that opens it. Nothing in it waits on another process or a port, so its halves may run side by
 * side, one a core (`npm run test:fast`).
 * Subfolders are the other tiers, which `npm test` runs as well: `io/` is the service tier
 * (test/service-tier.ts), `peers/` drives real programs.
 */
import { forbidListening } from './no-listening.js'
import { importTier, type Shard } from './tier.js'

export async function runFastTier (shard?: Shard): Promise<void> {
  forbidListening()
  await importTier('', shard)
}
