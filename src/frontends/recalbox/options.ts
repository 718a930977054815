/** The Recalbox family's own options: where its broker, web API and launch port are, and its state file. */
import { Type } from 'typebox'
import { option } from '../../core/options.js'

export const recalboxOptions = {
  recalboxHost: option({ kind: 'string', schema: Type.String({ pattern: '^[^\\s:/]+(:[0-9]{1,5})?$' }), default: '127.0.0.1:1883', flag: 'recalbox-host', description: 'With --profile recalbox: the Recalbox, HOST[:PORT] of its MQTT broker (anonymous, 1883); games are launched over UDP and its state read from its web API on the same host.' }),
  recalboxApiPort: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 65535 }), default: 81, flag: 'recalbox-api-port', description: 'With --profile recalbox: port of the web API of Recalbox\'s EmulationStation (9.2 and later), read for /api/status.' }),
  recalboxLaunchPort: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 65535 }), default: 1337, flag: 'recalbox-launch-port', description: 'With --profile recalbox: the UDP port Recalbox\'s EmulationStation takes START|<system>|<game> launch datagrams on.' }),
  recalboxStateFile: option({ kind: 'string', schema: Type.String({ minLength: 1 }), default: '/tmp/es_state.inf', flag: 'recalbox-state-file', description: 'With --profile recalbox: the es_state.inf EmulationStation writes before each event, read when its broker sends no EventJson (older Recalbox).' })
} as const

export interface RecalboxConfig {
  /** `host` and `port` of the broker. */
  readonly broker: { readonly host: string, readonly port: number }
  readonly apiPort: number
  readonly launchPort: number
  readonly stateFile: string
}

/** The values the option loader checked against the schemas above. */
export function recalboxConfigOf (values: Readonly<Record<string, unknown>>): RecalboxConfig {
  const [host = '127.0.0.1', port = '1883'] = String(values.recalboxHost ?? recalboxOptions.recalboxHost.default).split(':')
  return {
    broker: { host, port: Number(port) },
    apiPort: Number(values.recalboxApiPort ?? recalboxOptions.recalboxApiPort.default),
    launchPort: Number(values.recalboxLaunchPort ?? recalboxOptions.recalboxLaunchPort.default),
    stateFile: String(values.recalboxStateFile ?? recalboxOptions.recalboxStateFile.default)
  }
}
