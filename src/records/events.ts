/** The events of the records module. */
import { Type } from 'typebox'
import { byType, define, open, str, type EventMap } from '../core/events/definition.js'

const entry = Type.Object({
  Rank: Type.Integer(),
  Player: Type.String(),
  Value: Type.Integer(),
  At: Type.String(),
  RecordId: Type.String(),
  IssuerKeyId: Type.String(),
  Sealed: Type.Boolean()
})

const source = Type.Object({
  Url: Type.String(),
  IssuerKeyId: Type.Union([Type.String(), Type.Null()]),
  Verified: Type.Boolean(),
  SealState: Type.String(),
  Records: Type.Integer(),
  Reason: Type.Union([Type.String(), Type.Null()])
})

export const recordsEvents = [
  define('records.leaderboard.updated', 'The partner leaderboard of the game on screen changed (another game, a new record, a linked service verified or dropped). Retained.', open({
    System: str('Frontend system id.'),
    Rom: str('Rom file stem.'),
    Game: Type.Union([Type.String(), Type.Null()]),
    GeneratedAt: Type.String({ format: 'date-time' }),
    Entries: Type.Array(entry, { description: 'Top 100, best first; Sealed: an anchored generation covers the record.' }),
    Sources: Type.Array(source, { description: 'This cabinet (`local`) and every linked service, with why one is left out.' })
  }, 'partner leaderboard'), {
    coalesceKey: byType('records.leaderboard.updated'),
    retainSlot: 'records.leaderboard',
    example: {
      System: 'mame',
      Rom: '1942',
      Game: '1942',
      GeneratedAt: '2026-11-24T22:00:00.000Z',
      Entries: [{ Rank: 1, Player: 'theJim', Value: 61980, At: '2026-10-04T21:25:19Z', RecordId: '0041d31b-3424-487f-840e-cf01fa63d203', IssuerKeyId: '44d0aeacdc1943a61ff55e8982577ee3eb780b93f9b762939c349481dc1079cd', Sealed: true }],
      Sources: [{ Url: 'local', IssuerKeyId: '44d0aeacdc1943a61ff55e8982577ee3eb780b93f9b762939c349481dc1079cd', Verified: true, SealState: 'anchored', Records: 1, Reason: null }]
    }
  })
]

export type RecordsEvents = EventMap<typeof recordsEvents>
