/**
 * The bundle's entry (`app/cabinet-hub.mjs`): turns V8's compile cache on in the bundle's own
 * folder, then loads the command line. Compiling the five megabytes of the service took a fifth
 * of a second at every start; with the cache, every start after the first reads the compiled code
 * back. The cache sits beside the app rather than in the temp folder, which Batocera empties at
 * every boot; where the folder cannot be written, Node goes on without a cache.
 */
import { enableCompileCache } from 'node:module'
import path from 'node:path'

enableCompileCache(path.join(import.meta.dirname, 'compile-cache'))
// Hints name the bundle's launcher, not the checkout's command.
const { startedFromBundle } = await import('./core/launcher.js')
startedFromBundle()
await import('./cli.js')
