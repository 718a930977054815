/**
 * The fast tier in one process: every test file of `test/<area>/` is imported here once, so the
 * shared modules load once instead of per file. Its tests reach the app through `inject` (and
 * `injectWS`), fakes answering in process and a clock they move; a listening socket fails the test
 * that opens it.
 * Subfolders are the other tiers, which `npm test` runs as well: `io/` is the service tier
 * (test/service-tier.ts), `peers/` drives real programs.
 */
import { forbidListening } from './support/no-listening.js'
import { importTier } from './support/tier.js'

forbidListening()
await importTier('')
