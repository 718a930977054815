/**
 * The fast tier in one process: every test file of `test/<area>/` is imported here once, so the
 * shared modules load once instead of per file. Its tests reach the app through `inject` (and
 * `injectWS`), fakes and mock timers. Subfolders are the other tiers, which `npm test` runs as well:
 * `io/` is the service tier (test/service-tier.ts), `peers/` drives real programs.
 */
import { importTier } from './support/tier.js'

await importTier('')
