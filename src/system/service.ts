import type { Hub } from '../core/hub.js'
import { ownerVersions } from '../core/storage/migrations.js'
import type { EventCatalog } from '../core/events/catalog.js'
import { firehoseNote, firehosePath, type StreamTable } from '../core/stream-table.js'
import { serviceName, serviceVersion } from '../version.js'

export async function serviceStatus (hub: Hub) {
  const { frontend, ...sections } = await hub.statusSections()
  return {
    api: { name: serviceName, version: serviceVersion, enabled: true, ready: hub.startup.readyAt !== null, uptimeSeconds: Math.round((hub.now().getTime() - hub.startedAt.getTime()) / 1000) },
    webSocket: { enabled: hub.isEnabled('webSocket'), ...hub.gateway.counts() },
    frontend: {
      configDir: null,
      esSettingsFile: hub.settings.path,
      esSettings: hub.settings.state,
      esSettingsError: hub.settings.error,
      ...frontend
    },
    managers: Object.fromEntries(hub.gates),
    storage: { file: hub.db.name, schemaVersion: hub.db.pragma('user_version', { simple: true }) as number, tableVersions: Object.fromEntries(ownerVersions(hub.db)), journalEvents: hub.journal.count(), ...hub.storage.state },
    ...sections
  }
}

/** `GET /api/v1/ws/streams`, generated from the stream table. */
export function streamCatalog (wsBase: string, events: EventCatalog, streams: StreamTable) {
  return {
    firehoseUrl: `${wsBase}${firehosePath}`,
    firehoseNote,
    unknownStreamNote: 'Any other /ws/<name> is accepted and delivers nothing, so consumers may probe.',
    streams: [...streams.definitions].sort((a, b) => a.name.localeCompare(b.name)).map((stream) => ({
      name: stream.name,
      url: `${wsBase}/ws/${stream.name}`,
      description: stream.description,
      eventTypePrefixes: [...stream.prefixes],
      eventTypes: [...stream.extraTypes],
      aliases: [...stream.aliases],
      retainedEventTypes: events.retainedTypesOf(stream)
    }))
  }
}
