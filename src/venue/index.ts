/**
 * The venue: `cabinet-hub venue --mqtt-url URL` reads every cabinet from the broker and serves,
 * with the same core as a cabinet, the cabinets' tiles, merged hiscores, /ws/venue (every
 * cabinet's events, each keeping its NodeId) and a page at `/`.
 */
import { randomUUID } from 'node:crypto'
import { defineModule, type HubModule } from '../core/module.js'
import type { EventDefinition } from '../core/events/definition.js'
import { coreEvents } from '../core/events/core-events.js'
import { streamRowsOf } from '../core/hub.js'
import { joinRows, systemStream, type StreamDefinition, type StreamJoin } from '../core/stream-table.js'
import { brokerLabel, connectBroker, endConnection, mqttConnectionOptions } from '../mqtt/index.js'
import { venueCommand } from './command.js'
import { venueEvents } from './events.js'
import { VenueListener } from './listener.js'
import { venueOutputsRule } from './outputs.js'
import { VenueRegistry, type VenueCabinet } from './registry.js'
import { venueRoutes } from './routes.js'

/** What the cabinets publish: their stream rows and event types, so the venue routes and documents them. */
export interface CabinetCatalog {
  /** The rows the cabinets' modules own; the `system` row is the venue's own. */
  readonly streams: readonly StreamDefinition[]
  /** What the cabinets' modules add to the `system` row (their toasts, their collections). */
  readonly systemJoins: readonly StreamJoin[]
  readonly events: readonly EventDefinition[]
}

export function cabinetCatalogOf (modules: readonly HubModule[]): CabinetCatalog {
  return {
    streams: streamRowsOf(modules).filter((row) => row.name !== systemStream.name),
    systemJoins: modules.flatMap((m) => (m.joins ?? []).filter((join) => join.stream === systemStream.name)),
    events: modules.flatMap((m) => m.events ?? [])
  }
}

function venueStream (cabinet: CabinetCatalog): StreamDefinition {
  const rows = [...cabinet.streams, ...joinRows([systemStream], cabinet.systemJoins.map((join) => ({ module: 'cabinet', join })))]
  return {
    name: 'venue',
    description: 'Every cabinet\'s events (each envelope keeps the NodeId of its cabinet), and venue.cabinet.changed when a tile changes. Outputs come as venue.outputs batches, the latest values at most ?outputsHz=N times a second (default 10, 1-50; ?outputsHz=every: every change as its own event).',
    prefixes: [...new Set(['venue.', ...rows.flatMap((row) => row.prefixes)])],
    extraTypes: [...new Set(rows.flatMap((row) => row.extraTypes))],
    aliases: [],
    latestValues: venueOutputsRule(cabinet.events)
  }
}

const tileEvent = (cabinet: VenueCabinet) => ({
  NodeId: cabinet.nodeId,
  Online: cabinet.online,
  State: cabinet.state,
  System: cabinet.system,
  Game: cabinet.game,
  Rom: cabinet.rom,
  Score: cabinet.score,
  Image: cabinet.image,
  BaseUrl: cabinet.baseUrl,
  LastSeenAt: cabinet.lastSeenAt
})

/** QoS 1 messages the broker may send the venue unacknowledged: MQTT's largest, as the venue handles each as it reads it. */
const brokerWindow = 65_535

/** The venue service's one domain module; the cabinets' streams are served too (`/ws/marquee` has every cabinet's marquee). */
export function venueModule (cabinet: CabinetCatalog): HubModule {
  return defineModule({
    name: 'venue',
    gate: null,
    options: mqttConnectionOptions,
    streams: [venueStream(cabinet), ...cabinet.streams],
    joins: cabinet.systemJoins,
    events: [...venueEvents, ...cabinet.events],
    register: async (scope, context) => {
      const { options, logger } = context
      const { mqttUrl } = options
      if (mqttUrl === null) throw new Error('the venue needs --mqtt-url')
      const registry = new VenueRegistry(context.now)
      const relayed = new Set([...cabinet.events, ...coreEvents].map((definition) => definition.type))
      const client = await connectBroker({ ...options, mqttUrl }, {
        clientId: `cabinethub-venue-${context.core.nodeId}-${randomUUID().slice(0, 8)}`,
        receiveMaximum: { messages: brokerWindow, log: (message) => logger.warn(message) }
      })
      const listener = new VenueListener({
        client,
        prefix: options.mqttTopicPrefix,
        registry,
        relay: context.relay,
        relays: (type) => relayed.has(type),
        onCabinet: (tile) => { context.publisher.publish('venue.cabinet.changed', tileEvent(tile)) },
        log: (message) => logger.warn(message)
      })
      context.onStart('venue-broker', async () => { client.connect() })
      context.onStop(async () => { await endConnection(client) })
      context.addStatusSection('venue', () => ({ broker: brokerLabel(mqttUrl), mqttVersion: client.options.protocolVersion === 5 ? '5' : '3.1.1', prefix: options.mqttTopicPrefix, cabinets: registry.cabinets().length, ...listener.status() }))
      venueRoutes(scope, registry)
    }
  })
}

/** Adds the `venue` command to a build; the venue serves what the build's modules publish. */
export const venueCommandModule = defineModule({
  name: 'venue-command',
  gate: null,
  commands: [venueCommand((cabinetModules) => venueModule(cabinetCatalogOf(cabinetModules)))],
  register: async () => {}
})
