/**
 * The service tier in one process: every `test/<area>/io/*.test.ts`, the tests that need real
 * sockets, file watching, child processes (the simulated frontend's hook shells) or the wall clock.
 * One file after the other, as they have always run: several of them measure the service's timing
 * windows, which files running side by side would stretch.
 */
import { importTier } from './support/tier.js'

await importTier('io/')
