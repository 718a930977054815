/** The options of the service itself; every module declares its own beside its code. */
import envPaths from 'env-paths'
import { Type } from 'typebox'
import { option, type ConfigOf } from './options.js'

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

export const coreOptions = {
  host: option({ kind: 'string', schema: Type.String({ minLength: 1 }), default: '127.0.0.1', flag: 'host', description: 'Address to listen on. Anything but loopback requires the API key from non-loopback clients.' }),
  port: option({ kind: 'integer', schema: Type.Integer({ minimum: 0, maximum: 65535 }), default: 12345, flag: 'port', description: 'TCP port for REST and WebSocket.' }),
  dataDir: option({ kind: 'string', schema: Type.String({ minLength: 1 }), default: envPaths('cabinet-hub', { suffix: '' }).data, flag: 'data-dir', description: 'Folder for the database and generated files.' }),
  config: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'config', description: 'Config file with any of these options, managers under "managers": a .json file is read as strict JSON, any other (.yaml, .yml) as YAML.' }),
  nodeId: option({ kind: 'string', schema: Type.String({ minLength: 1, maxLength: 64 }), default: 'cab-01', flag: 'node-id', description: 'NodeId written into every event envelope.' }),
  logLevel: option({ kind: 'string', schema: Type.Union([Type.Literal('fatal'), Type.Literal('error'), Type.Literal('warn'), Type.Literal('info'), Type.Literal('debug'), Type.Literal('trace'), Type.Literal('silent')]), default: 'info', flag: 'log-level', description: `Log level: ${logLevels.join(', ')}.` }),
  devEventsIngest: option({ kind: 'boolean', schema: Type.Boolean(), default: false, flag: 'dev-events-ingest', description: 'Enable POST /api/v1/events (loopback only) to inject events for tools and tests.' }),
  apiKey: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 8 }), Type.Null()]), default: null, flag: 'api-key', description: 'Key non-loopback clients send as the X-Api-Key header (a browser\'s WebSocket, which cannot send headers, as ?apiKey=; never logged).', secret: true }),
  allowedHosts: option({ kind: 'list', schema: Type.Array(Type.String({ minLength: 1 })), default: [], flag: 'allowed-hosts', description: 'Extra Host header names accepted besides loopback and --host (comma separated).' }),
  allowedOrigins: option({ kind: 'list', schema: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }), default: ['*'], flag: 'allowed-origins', description: 'Web origins whose pages may read the API and open WebSockets (comma separated, e.g. https://overlay.example); * is any. Local pages always may; only local pages may change state.' }),
  wsPingIntervalMs: option({ kind: 'integer', schema: Type.Integer({ minimum: 50, maximum: 600_000 }), default: 15_000, flag: null, description: 'WebSocket keepalive ping interval; a socket that misses two pongs is terminated.' }),
  wsMaxQueuedBytes: option({ kind: 'integer', schema: Type.Integer({ minimum: 4096, maximum: 1 << 30 }), default: 16 << 20, flag: null, description: 'Bytes of frames a slow WebSocket client may have waiting (beyond what its socket holds) before it is closed with 1013.' }),
  wsMaxBufferedBytes: option({ kind: 'integer', schema: Type.Integer({ minimum: 1024, maximum: 1 << 30 }), default: 1 << 20, flag: null, description: 'Bytes written to a socket but not yet sent before further frames wait in its queue.' }),
  journalMaxEvents: option({ kind: 'integer', schema: Type.Integer({ minimum: 10, maximum: 10_000_000 }), default: 5000, flag: null, description: 'Recent events kept in the diagnostics journal.' })
} as const

export type CoreConfig = ConfigOf<typeof coreOptions>
