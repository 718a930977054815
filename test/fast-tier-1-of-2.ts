/** Half 1 of the fast tier (every other test file, see support/fast-tier.ts), run beside the other half. */
import { runFastTier } from './support/fast-tier.js'

await runFastTier({ index: 0, count: 2 })
