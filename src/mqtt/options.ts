/** The MQTT options: the broker connection (shared with the venue) and what the cabinet's bridge publishes. */
import { Type } from 'typebox'
import { option, type ConfigOf } from '../core/options.js'

/** Topic levels the prefix may not hold: MQTT wildcards, and nothing empty. */
const topicPrefixPattern = '^[^#+/]+(/[^#+/]+)*$'

export const mqttConnectionOptions = {
  mqttUrl: option({ kind: 'string', schema: Type.Union([Type.String({ pattern: '^mqtts?://' }), Type.Null()]), default: null, flag: 'mqtt-url', description: 'MQTT broker (mqtt://host:port or mqtts://host:port); unset, nothing goes to a broker.' }),
  mqttUsername: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'mqtt-username', description: 'MQTT user name.' }),
  mqttPassword: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'mqtt-password', description: 'MQTT password (never logged).', secret: true }),
  mqttCa: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'mqtt-ca', description: 'PEM file of the certificate authority an mqtts:// broker is checked against.' }),
  mqttTopicPrefix: option({ kind: 'string', schema: Type.String({ pattern: topicPrefixPattern }), default: 'cabinethub', flag: 'mqtt-topic-prefix', description: 'First topic level(s): <prefix>/<nodeId>/<stream>/<Type>.' })
} as const

export const mqttOptions = {
  ...mqttConnectionOptions,
  mqttRawHooks: option({ kind: 'boolean', schema: Type.Boolean(), default: false, flag: 'mqtt-raw-hooks', description: 'Also publish the raw esevent.* hook traffic.' }),
  mqttCommands: option({ kind: 'boolean', schema: Type.Boolean(), default: false, flag: 'mqtt-commands', description: 'Take commands (launch, notify, tap, combo, hiscore-player) on <prefix>/<nodeId>/commands/<name>.' }),
  mqttHomeassistant: option({ kind: 'boolean', schema: Type.Boolean(), default: false, flag: 'mqtt-homeassistant', description: 'Publish Home Assistant discovery under homeassistant/.' }),
  uninstallHomeassistant: option({ kind: 'boolean', schema: Type.Boolean(), default: false, flag: 'uninstall-homeassistant', description: 'Remove this cabinet\'s Home Assistant discovery from the broker (instead of publishing it).' }),
  mqttPublicUrl: option({ kind: 'string', schema: Type.Union([Type.String({ pattern: '^https?://' }), Type.Null()]), default: null, flag: 'mqtt-public-url', description: 'The address other machines reach this service at (media for the venue and Home Assistant); default http://<host>:<port>.' }),
  mqttQueueLimit: option({ kind: 'integer', schema: Type.Integer({ minimum: 10, maximum: 1_000_000 }), default: 10_000, flag: null, description: 'Messages kept while the broker is unreachable; beyond it the oldest is dropped and counted.' })
} as const

export type MqttConnectionConfig = ConfigOf<typeof mqttConnectionOptions>