import { Type } from 'typebox'

export const HealthResponse = Type.Object({
  status: Type.Literal('healthy'),
  version: Type.String({ description: 'Running service version.' })
}, { description: 'The service runs.', examples: [{ status: 'healthy', version: '0.1.0' }] })

export const ReadLinkResponse = Type.Object({
  query: Type.String({ description: 'The query to append to a page URL: `token=<read token>`.' }),
  lanOrigins: Type.Array(Type.String(), { description: 'How other machines reach this service (`http://192.168.1.20:12345`); empty while it listens on loopback only (`--host 0.0.0.0` opens it to the LAN).' }),
  note: Type.String()
}, { description: 'The read-only link for pages on other machines.', examples: [{ query: 'token=q3Vx1m0dQk8b2S9pL5eWcA7T', lanOrigins: ['http://192.168.1.20:12345'], note: 'Add ?token=... to the URL of a page of this service (an overlay, the live page); reads only. Delete read-link-token in the data dir to revoke every link.' }] })

export const VersionResponse = Type.Object({
  name: Type.String(),
  version: Type.String({ description: 'Running service version.' }),
  apiVersion: Type.String({ description: 'REST API version prefix.' }),
  eventsContractVersion: Type.String({ description: 'Version of the WebSocket contract (AsyncAPI info.version).' }),
  node: Type.String({ description: 'Node.js version running the service.' })
}, { description: 'Versions.', examples: [{ name: 'cabinet-hub', version: '0.1.0', apiVersion: 'v1', eventsContractVersion: '1.3.3', node: 'v20.20.2' }] })

const StartupStep = Type.Object({
  name: Type.String(),
  state: Type.Union([Type.Literal('pending'), Type.Literal('running'), Type.Literal('done'), Type.Literal('degraded'), Type.Literal('failed')], { description: '`degraded`: the phase ran but could not do all of its job; `error` says why.' }),
  startedAtUtc: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  finishedAtUtc: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()], { description: 'Why the phase failed or is degraded.' })
})

export const ReadyResponse = Type.Object({
  status: Type.Union([Type.Literal('starting'), Type.Literal('ready')]),
  ready: Type.Boolean(),
  readyAtUtc: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  steps: Type.Array(StartupStep)
}, {
  description: 'Startup progress: 200 once ready, 503 while starting.',
  examples: [{
    status: 'ready',
    ready: true,
    readyAtUtc: '2026-11-21T20:00:01.250Z',
    steps: [{ name: 'media-index', state: 'done', startedAtUtc: '2026-11-21T20:00:00.100Z', finishedAtUtc: '2026-11-21T20:00:01.249Z', error: null }]
  }]
})

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
  storage: Type.Object({
    file: Type.String(),
    schemaVersion: Type.Integer({ description: 'Layout of the schema bookkeeping (3: versions per owner in tableVersions).' }),
    tableVersions: Type.Record(Type.String(), Type.Integer(), { description: 'Schema steps applied, per owner: the core and each module with tables of its own.' }),
    journalEvents: Type.Integer(),
    state: Type.Union([Type.Literal('ok'), Type.Literal('full')], { description: '`full`: the disk of the data dir had no room for a write; writes answer 507 `INSUFFICIENT_STORAGE` and change nothing until space returns, which the service notices by itself.' }),
    fullSinceUtc: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    problem: Type.Union([Type.String(), Type.Null()], { description: 'The write that found the disk full.' })
  })
}, {
  additionalProperties: true,
  description: 'Status of every part of the service.',
  examples: [{
    api: { name: 'cabinet-hub', version: '0.1.0', enabled: true, ready: true, uptimeSeconds: 42 },
    webSocket: { enabled: true, connectedClients: 3, clientsByStream: { '(global)': 1, panel: 1, marquee: 1 } },
    frontend: { configDir: '/userdata/system/configs/emulationstation', esSettingsFile: '/userdata/system/configs/emulationstation/es_settings.cfg', esSettings: 'loaded', esSettingsError: null },
    managers: {
      gameEvents: { title: 'Game Events Manager', enabled: false, switchedOn: false, source: 'es_settings', esSetting: 'global.cabinethub.game_events_manager.enabled', disabledByParent: null, ignoredEsValue: null }
    },
    storage: { file: '/home/pi/.local/share/cabinet-hub/cabinet-hub.db', schemaVersion: 3, tableVersions: { core: 1, media: 1 }, journalEvents: 120, state: 'ok', fullSinceUtc: null, problem: null }
  }]
})

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
}, {
  description: 'Every stream of this build, generated from the stream table.',
  examples: [{
    firehoseUrl: 'ws://127.0.0.1:12345/ws',
    firehoseNote: 'Delivers every event except esevent.* (raw EmulationStation hook traffic).',
    unknownStreamNote: 'Any other /ws/<name> is accepted and delivers nothing, so consumers may probe.',
    streams: [{
      name: 'panel',
      url: 'ws://127.0.0.1:12345/ws/panel',
      description: 'Control panels: resolved panel state, cabinet configuration, physical inputs, theme events.',
      eventTypePrefixes: ['panel.', 'theme.'],
      eventTypes: ['cpo.panel.config.selected'],
      aliases: [],
      retainedEventTypes: ['panel.config.changed', 'panel.state']
    }]
  }]
})

export const EffectiveConfigResponse = Type.Object({
  configFile: Type.Union([Type.String(), Type.Null()]),
  options: Type.Record(Type.String(), Type.Unknown(), { description: 'Effective value of every option; secrets are shown as ***.' }),
  sources: Type.Record(Type.String(), Type.Union([Type.Literal('default'), Type.Literal('file'), Type.Literal('env'), Type.Literal('cli'), Type.Literal('demo')]))
}, {
  description: 'Effective options.',
  examples: [{
    configFile: null,
    options: { host: '127.0.0.1', port: 12345, nodeId: 'cab-01', apiKey: '***', 'managers.gameEvents': true },
    sources: { host: 'default', port: 'cli', nodeId: 'default', apiKey: 'env', 'managers.gameEvents': 'default' }
  }]
})
