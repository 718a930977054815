/**
 * The fast tier in one process: every test file of `test/<area>/` is imported here once, so the
 * shared modules load once instead of per file. Its tests reach the app through `inject` (and
 * `injectWS`), fakes and a clock they move; a listening socket fails the test that opens it, but for the fake peers listed below.
 * Subfolders are the other tiers, which `npm test` runs as well: `io/` is the service tier
 * (test/service-tier.ts), `peers/` drives real programs.
 */
import { forbidListening } from './support/no-listening.js'
import { importTier } from './support/tier.js'

// Fake peers and simulated frontends that still listen, until they answer in process too.
forbidListening([
  'test/support/fake-es.ts',
  'test/support/fake-output-server.ts',
  'src/sim/frontend.ts',
  'test/support/sim/es-de/frontend.ts',
  'test/achievements/proxy.test.ts',
  'test/notifications/notifications.test.ts'
])
await importTier('')
