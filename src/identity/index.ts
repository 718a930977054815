/**
 * Game and system identity shared by every module: rom stems and file names (Windows and POSIX
 * paths on any OS), system ids, media slugs and SelectionKeys. Pure functions: no I/O, no Fastify.
 */
export { romFileName, romStem } from './rom-path.js'
export { frontendSystemId, mediaSystemId, normalizedSystemId, systemFromRomPath } from './system-id.js'
export { slugOf } from './slug.js'
export { isPlainName, nameProblem, pathOfNames } from './name.js'
export { mediaKey, selectionKey } from './selection-key.js'
