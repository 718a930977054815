/**
 * The AsyncAPI 3.0.0 document, generated from the stream table and the event catalog so it always
 * describes the running build.
 */
import type { TSchema } from 'typebox'
import { eventsContractVersion } from '../../version.js'
import { EnvelopeSchema } from '../envelope.js'
import type { EventCatalog } from '../events/catalog.js'
import type { EventDefinition } from '../events/definition.js'
import { firehoseIncludes, firehoseNote, streamIncludes, type StreamTable } from '../stream-table.js'
import type { LatestValuesRule } from '../ws/latest-values.js'

type Json = Record<string, unknown>

/** The server the committed documents name: the default address and port. Served documents name the one asked. */
export const documentedHost = '127.0.0.1:12345'

const plain = (schema: TSchema): Json => JSON.parse(JSON.stringify(schema)) as Json

function messageOf (definition: EventDefinition): Json {
  const envelope = plain(EnvelopeSchema)
  const properties = envelope.properties as Json
  const message: Json = {
    name: definition.type,
    title: definition.type,
    summary: definition.description,
    contentType: 'application/json',
    payload: {
      ...envelope,
      properties: { ...properties, Type: { type: 'string', const: definition.type }, Payload: plain(definition.payload) }
    }
  }
  if (definition.example !== null) {
    message.examples = [{
      name: 'example',
      payload: { Type: definition.type, Ts: '2026-11-21T20:00:00.000Z', NodeId: 'cab-01', CorrelationId: '7d1f0c1e-3b7a-4b8e-9a59-0c6f3f0b2a11', Payload: definition.example }
    }]
  }
  return message
}

function channel (id: string, address: string, description: string, types: EventDefinition[], extensions: Json): { channel: Json, operation: Json | null } {
  const messages = Object.fromEntries(types.map((d) => [d.type, { $ref: `#/components/messages/${d.type}` }]))
  return {
    channel: { address, title: id, description, messages, ...extensions },
    operation: types.length === 0
      ? null
      : {
          action: 'send',
          title: `Events on ${address}`,
          summary: `The service sends these events to every client of ${address}.`,
          channel: { $ref: `#/channels/${id}` },
          messages: types.map((d) => ({ $ref: `#/channels/${id}/messages/${d.type}` }))
        }
  }
}

/** The rate a client of a row with latest values may ask for, as the WebSocket binding's query. */
function latestValuesQuery (rule: LatestValuesRule): Json {
  return {
    type: 'object',
    properties: {
      [rule.parameter]: {
        description: `Batches (${rule.batchType}) a second carrying the latest values of ${rule.types.join(', ')}: ${rule.minHz}-${rule.maxHz}, clamped, default ${rule.defaultHz}; "${rule.everyChange}" for every change as its own event.`,
        oneOf: [{ type: 'number', minimum: rule.minHz, maximum: rule.maxHz, default: rule.defaultHz }, { type: 'string', const: rule.everyChange }]
      }
    }
  }
}

export function buildAsyncApi (events: EventCatalog, streams: StreamTable, host = documentedHost): Json {
  const eventCatalog = events.definitions
  const channels: Json = {}
  const operations: Json = {}
  const add = (id: string, built: { channel: Json, operation: Json | null }): void => {
    channels[id] = built.channel
    if (built.operation !== null) operations[`send-${id}`] = built.operation
  }

  add('firehose', channel('firehose', '/ws', `Unfiltered stream. ${firehoseNote}`, eventCatalog.filter((d) => firehoseIncludes(d.type)), {
    'x-event-type-prefixes': [],
    'x-excluded-event-type-prefixes': ['esevent.'],
    'x-aliases': [],
    'x-retained-event-types': events.retainedTypes()
  }))
  for (const stream of streams.definitions) {
    add(stream.name, channel(stream.name, `/ws/${stream.name}`, stream.description, eventCatalog.filter((d) => streamIncludes(stream, d.type)), {
      'x-event-type-prefixes': [...stream.prefixes],
      'x-event-types': [...stream.extraTypes],
      'x-aliases': [...stream.aliases],
      'x-retained-event-types': events.retainedTypesOf(stream),
      ...(stream.latestValues === undefined ? {} : { bindings: { ws: { query: latestValuesQuery(stream.latestValues) } } })
    }))
  }

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'cabinet-hub Real-time Events',
      version: eventsContractVersion,
      description: 'WebSocket streams of cabinet-hub. Every message is the JSON envelope {Type, Ts, NodeId, CorrelationId, Payload}; '
        + 'the stream is chosen by the path, clients never need to send. Retained events replay right after connecting. '
        + 'Unknown /ws/<name> paths are accepted and silent. The contract is additive: fields are added, never removed or renamed.'
    },
    defaultContentType: 'application/json',
    servers: {
      local: { host, protocol: 'ws', description: 'The service on this machine.' }
    },
    channels,
    operations,
    components: {
      schemas: { Envelope: plain(EnvelopeSchema) },
      messages: Object.fromEntries(eventCatalog.map((d) => [d.type, messageOf(d)]))
    }
  }
}
