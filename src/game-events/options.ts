/** Where the emulators' output and memory interfaces are. */
import { Type } from 'typebox'
import { option, type ConfigOf } from '../core/options.js'

export const gameEventsOptions = {
  cabemuEnabled: option({ kind: 'boolean', schema: Type.Boolean(), default: true, flag: null, description: 'Read arcade outputs from the first cabemu instance (MAME -output network).' }),
  cabemuHost: option({ kind: 'string', schema: Type.String({ minLength: 1 }), default: '127.0.0.1', flag: 'cabemu-host', description: 'Host of the first cabemu output server.' }),
  cabemuPort: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 65535 }), default: 8000, flag: 'cabemu-port', description: 'TCP port of the first cabemu output server.' }),
  cabemu2Enabled: option({ kind: 'boolean', schema: Type.Boolean(), default: false, flag: 'cabemu2', description: 'Also read arcade outputs from a second cabemu instance (events cabemu2.*).' }),
  cabemu2Host: option({ kind: 'string', schema: Type.String({ minLength: 1 }), default: '127.0.0.1', flag: 'cabemu2-host', description: 'Host of the second cabemu output server.' }),
  cabemu2Port: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 65535 }), default: 8001, flag: 'cabemu2-port', description: 'TCP port of the second cabemu output server.' }),
  multiemuEnabled: option({ kind: 'boolean', schema: Type.Boolean(), default: true, flag: null, description: 'Poll the multi-system emulator (RetroArch network commands) for running content and watched memory.' }),
  multiemuHost: option({ kind: 'string', schema: Type.String({ minLength: 1 }), default: '127.0.0.1', flag: 'multiemu-host', description: 'Host of the RetroArch network command interface.' }),
  multiemuPort: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 65535 }), default: 55355, flag: 'multiemu-port', description: 'UDP port of the RetroArch network command interface (network_cmd_port).' }),
  multiemuPollHz: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 120 }), default: 60, flag: 'multiemu-poll-hz', description: 'Memory reads per second while content with a watch definition runs.' })
} as const

export type GameEventsConfig = ConfigOf<typeof gameEventsOptions> & { readonly dataDir: string }
