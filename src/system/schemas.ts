import { Type } from 'typebox'

export const HealthResponse = Type.Object({
  status: Type.Literal('healthy'),
  version: Type.String({ description: 'Running service version.' })
}, { examples: [{ status: 'healthy', version: '0.1.0' }] })

export const VersionResponse = Type.Object({
  name: Type.String(),
  version: Type.String({ description: 'Running service version.' }),
  apiVersion: Type.String({ description: 'REST API version prefix.' }),
  eventsContractVersion: Type.String({ description: 'Version of the WebSocket contract (AsyncAPI info.version).' }),
  node: Type.String({ description: 'Node.js version running the service.' })
}, { examples: [{ name: 'cabinet-hub', version: '0.1.0', apiVersion: 'v1', eventsContractVersion: '1.3.3', node: 'v20.20.2' }] })

const StartupStep = Type.Object({
  name: Type.String(),
  state: Type.Union([Type.Literal('pending'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  startedAtUtc: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  finishedAtUtc: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()])
})

export const ReadyResponse = Type.Object({
  status: Type.Union([Type.Literal('starting'), Type.Literal('ready')]),
  ready: Type.Boolean(),
  readyAtUtc: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  steps: Type.Array(StartupStep)
}, { examples: [{ status: 'ready', ready: true, readyAtUtc: '2026-11-21T20:00:00.000Z', steps: [] }] })

const GateStateSchema = Type.Object({
  title: Type.String(),
  enabled: Type.Boolean({ description: 'Effective state: on only when the manager and all its parents are on.' }),
  switchedOn: Type.Boolean({ description: 'The manager\'s own switch.' }),
  source: Type.Union([Type.Literal('default'), Type.Literal('config'), Type.Literal('es_settings')]),
  esSetting: Type.String({ description: 'The frontend setting that overrides the config.' }),
  disabledByParent: Type.Union([Type.String(), Type.Null()]),
  ignoredEsValue: Type.Union([Type.String(), Type.Null()])
})

export const StatusResponse = Type.Object({
  api: Type.Object({
    name: Type.String(),
    version: Type.String(),
    enabled: Type.Boolean(),
    ready: Type.Boolean(),
    uptimeSeconds: Type.Number()
  }),
  webSocket: Type.Object({
    enabled: Type.Boolean(),
    connectedClients: Type.Integer(),
    clientsByStream: Type.Record(Type.String(), Type.Integer(), { description: 'Clients per stream; `(global)` is the firehose.' })
  }),
  frontend: Type.Object({}, { additionalProperties: true, description: 'Frontend link: config folder, settings file, and what the frontend modules report.' }),
  managers: Type.Record(Type.String(), GateStateSchema),
  storage: Type.Object({ file: Type.String(), schemaVersion: Type.Integer(), journalEvents: Type.Integer() })
}, { additionalProperties: true })

export const StreamsResponse = Type.Object({
  firehoseUrl: Type.String(),
  firehoseNote: Type.String(),
  unknownStreamNote: Type.String(),
  streams: Type.Array(Type.Object({
    name: Type.String(),
    url: Type.String(),
    description: Type.String(),
    eventTypePrefixes: Type.Array(Type.String()),
    eventTypes: Type.Array(Type.String(), { description: 'Exact types delivered besides the prefixes.' }),
    aliases: Type.Array(Type.String()),
    retainedEventTypes: Type.Array(Type.String())
  }))
})

export const EffectiveConfigResponse = Type.Object({
  configFile: Type.Union([Type.String(), Type.Null()]),
  options: Type.Record(Type.String(), Type.Unknown(), { description: 'Effective value of every option; secrets are shown as ***.' }),
  sources: Type.Record(Type.String(), Type.Union([Type.Literal('default'), Type.Literal('file'), Type.Literal('env'), Type.Literal('cli')]))
})
