/**
 * The game sources the config asks for, in start order. This list is the one place a source is
 * registered: a new one (the MAME plugin bridge, the achievements host) is one more entry here,
 * and the service, the live board and the status need no edit.
 */
import { CabemuSource } from './cabemu/cabemu-source.js'
import type { GameSourceFactory } from './game-source.js'
import { MultiemuSource } from './multiemu/multiemu-source.js'

export const configuredSources: GameSourceFactory = ({ config, logger }) => [
  new CabemuSource({ instance: 'cabemu', enabled: config.cabemuEnabled, host: config.cabemuHost, port: config.cabemuPort, dataDir: config.dataDir }, logger),
  new CabemuSource({ instance: 'cabemu2', enabled: config.cabemu2Enabled, host: config.cabemu2Host, port: config.cabemu2Port, dataDir: config.dataDir }, logger),
  new MultiemuSource({ enabled: config.multiemuEnabled, host: config.multiemuHost, port: config.multiemuPort, pollHz: config.multiemuPollHz })
]
