/** Where the emulators' output and memory interfaces are: the options of every game source kind. */
import type { ConfigOf } from '../core/options.js'
import { sourceOptions } from './source-kinds.js'

export const gameEventsOptions = sourceOptions

export type GameEventsConfig = ConfigOf<typeof gameEventsOptions> & { readonly dataDir: string, readonly port: number }
