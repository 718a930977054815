/** The frontend families of this build, by `--profile`; a new family is one line here and a folder beside it. */
import type { FrontendAdapter } from './adapter.js'
import { batoceraAdapter } from './batocera/index.js'
import { esDeAdapter } from './es-de/index.js'
import { recalboxAdapter } from './recalbox/index.js'
import { retrobatAdapter } from './retrobat/index.js'

export const builtInAdapters: readonly FrontendAdapter[] = [retrobatAdapter, batoceraAdapter, esDeAdapter, recalboxAdapter]
