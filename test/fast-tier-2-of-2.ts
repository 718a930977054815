/** Half 2 of the fast tier (every other test file, see support/fast-tier.ts), run beside the other half. */
import { runFastTier } from './support/fast-tier.js'

await runFastTier({ index: 1, count: 2 })
