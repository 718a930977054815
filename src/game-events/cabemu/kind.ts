/** The arcade emulator instances (MAME's `-output network`, two at most): their options, events and sources. */
import { Type } from 'typebox'
import { option } from '../../core/options.js'
import { defineSourceKind } from '../game-source.js'
import { CabemuSource } from './cabemu-source.js'
import { cabemuSourceEvents } from './events.js'

export const cabemuKind = defineSourceKind({
  options: {
    cabemuEnabled: option({ kind: 'boolean', schema: Type.Boolean(), default: true, flag: null, description: 'Read arcade outputs from the first cabemu instance (MAME -output network).' }),
    cabemuHost: option({ kind: 'string', schema: Type.String({ minLength: 1 }), default: '127.0.0.1', flag: 'cabemu-host', description: 'Host of the first cabemu output server.' }),
    cabemuPort: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 65535 }), default: 8000, flag: 'cabemu-port', description: 'TCP port of the first cabemu output server.' }),
    cabemu2Enabled: option({ kind: 'boolean', schema: Type.Boolean(), default: false, flag: 'cabemu2', description: 'Also read arcade outputs from a second cabemu instance (events cabemu2.*).' }),
    cabemu2Host: option({ kind: 'string', schema: Type.String({ minLength: 1 }), default: '127.0.0.1', flag: 'cabemu2-host', description: 'Host of the second cabemu output server.' }),
    cabemu2Port: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 65535 }), default: 8001, flag: 'cabemu2-port', description: 'TCP port of the second cabemu output server.' })
  },
  events: cabemuSourceEvents,
  sources: ({ config, dataDir, servicePort, logger }) => [
    new CabemuSource({ instance: 'cabemu', enabled: config.cabemuEnabled, host: config.cabemuHost, port: config.cabemuPort, dataDir, servicePort }, logger),
    new CabemuSource({ instance: 'cabemu2', enabled: config.cabemu2Enabled, host: config.cabemu2Host, port: config.cabemu2Port, dataDir, servicePort }, logger)
  ]
})
