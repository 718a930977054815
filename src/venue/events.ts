/** The venue's own events: a cabinet's tile changed (availability, summary or media address); the latest outputs of a client's window. */
import { Type } from 'typebox'
import { define, int, open, str, type EventMap } from '../core/events/definition.js'

export const venueEvents = [
  define('venue.cabinet.changed', 'A cabinet came online, went offline or changed what it shows; the payload is its tile (the GET /api/v1/venue/cabinets entry, PascalCase).', open({
    NodeId: str('The cabinet.'),
    Online: Type.Boolean(),
    State: Type.Union([Type.String(), Type.Null()]),
    System: Type.Union([Type.String(), Type.Null()]),
    Game: Type.Union([Type.String(), Type.Null()]),
    Rom: Type.Union([Type.String(), Type.Null()]),
    Score: Type.Union([Type.Number(), Type.Null()]),
    Image: Type.Union([Type.String(), Type.Null()]),
    BaseUrl: Type.Union([Type.String(), Type.Null()]),
    LastSeenAt: Type.String({ format: 'date-time' })
  }, 'cabinet tile'), { example: { NodeId: 'cab-01', Online: false, State: 'browsing', System: 'mame', Game: '1943: The Battle of Midway', Rom: '1943', Score: null, Image: null, BaseUrl: 'http://cab-01.local:12345', LastSeenAt: '2026-11-24T21:00:00.000Z' } }),
  define('venue.outputs', 'The latest value of every cabinet output (lamps ...) that changed since the last batch, sent to each /ws/venue client at most `outputsHz` times a second (default 10, 1-50) in place of the `*.output.changed` events; a value superseded meanwhile is left out, the latest is always sent. `/ws/venue?outputsHz=every` gets every change as its own event instead. Sent to one client, never published (not on MQTT, not in the journal).', open({
    Outputs: Type.Array(Type.Object({
      NodeId: str('The cabinet.'),
      Source: str('Emulator instance (`cabemu`, `cabemu2`).'),
      Key: str('Output name (`lamp0`, `led1` ...).'),
      Value: int('The output\'s latest value.'),
      Ts: Type.String({ format: 'date-time', description: 'When the cabinet received that value.' }),
      CorrelationId: str('The CorrelationId of the cabinet event that carried it.')
    }), { description: 'In the order the outputs first changed in the window.' })
  }, 'latest outputs'), { example: { Outputs: [{ NodeId: 'cab-01', Source: 'cabemu', Key: 'lamp0', Value: 1, Ts: '2026-11-24T21:00:00.000Z', CorrelationId: '7d1f0c1e-3b7a-4b8e-9a59-0c6f3f0b2a11' }] } })
]

export type VenueEvents = EventMap<typeof venueEvents>
