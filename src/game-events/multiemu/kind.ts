/** The multi-system emulator (RetroArch's network commands): its options, events and source. */
import { Type } from 'typebox'
import { option } from '../../core/options.js'
import { defineSourceKind } from '../game-source.js'
import { memoryEvents } from '../source-events.js'
import { MultiemuSource } from './multiemu-source.js'

export const multiemuKind = defineSourceKind({
  options: {
    multiemuEnabled: option({ kind: 'boolean', schema: Type.Boolean(), default: true, flag: null, description: 'Poll the multi-system emulator (RetroArch network commands) for running content and watched memory.' }),
    multiemuHost: option({ kind: 'string', schema: Type.String({ minLength: 1 }), default: '127.0.0.1', flag: 'multiemu-host', description: 'Host of the RetroArch network command interface.' }),
    multiemuPort: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 65535 }), default: 55355, flag: 'multiemu-port', description: 'UDP port of the RetroArch network command interface (network_cmd_port).' }),
    multiemuPollHz: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 120 }), default: 60, flag: 'multiemu-poll-hz', description: 'Memory reads per second while content with a watch definition runs.' })
  },
  events: memoryEvents('multiemu', 'multi-system emulator (from its GET_STATUS)'),
  sources: ({ config }) => [new MultiemuSource({ enabled: config.multiemuEnabled, host: config.multiemuHost, port: config.multiemuPort, pollHz: config.multiemuPollHz })]
})
