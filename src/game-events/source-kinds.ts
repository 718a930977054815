/**
 * The kinds of game source of this build, in start order. This list is the one place a kind is
 * registered: a new one (the MAME plugin bridge, the achievements host) is a folder with its
 * `defineSourceKind` (options, events, sources) and one more entry here; the module, the service,
 * the live board and the status need no edit.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { ConfigOf } from '../core/options.js'
import { cabemuKind } from './cabemu/kind.js'
import type { GameSource, GameSourceKind } from './game-source.js'
import { multiemuKind } from './multiemu/kind.js'

export const sourceKinds = [cabemuKind, multiemuKind] as const

type OptionsOf<K> = K extends GameSourceKind<infer O> ? O : never
type Intersection<U> = (U extends unknown ? (all: U) => void : never) extends (all: infer I) => void ? I : never
type KindOptions = Intersection<OptionsOf<typeof sourceKinds[number]>>

/** The options of every kind, in one table. */
export const sourceOptions: KindOptions = Object.assign({}, ...sourceKinds.map((kind) => kind.options))

/** Builds the sources the service runs, in the order they start. */
export type GameSourceFactory = (context: { readonly config: ConfigOf<KindOptions> & { readonly dataDir: string, readonly port: number }, readonly logger: FastifyBaseLogger }) => GameSource[]

export const configuredSources: GameSourceFactory = ({ config, logger }) => sourceKinds.flatMap((kind) => kind.sources({ config, dataDir: config.dataDir, servicePort: config.port, logger }))
