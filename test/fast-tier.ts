/** The whole fast tier in one process (see support/fast-tier.ts). */
import { runFastTier } from './support/fast-tier.js'

await runFastTier()
