/** The venue's own event: a cabinet's tile changed (availability, summary or media address). */
import { Type } from 'typebox'
import { define, open, str } from '../core/events/definition.js'

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
  }, 'cabinet tile'), { example: { NodeId: 'cab-01', Online: false, State: 'browsing', System: 'mame', Game: '1943: The Battle of Midway', Rom: '1943', Score: null, Image: null, BaseUrl: 'http://cab-01.local:12345', LastSeenAt: '2026-11-24T21:00:00.000Z' } })
]
