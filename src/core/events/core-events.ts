/** Events of the service itself, and contract events whose producers are not built yet (documented so consumers can rely on their shape and retention). */
import { Type } from 'typebox'
import { byType, define, open, str, type EventDefinition } from './definition.js'

export const coreEvents: readonly EventDefinition[] = [
  define('startup.ready', 'Every module finished its start phase.', Type.Object({
    ReadyAtUtc: Type.String({ format: 'date-time', description: 'When the service became ready.' }),
    Version: Type.String({ description: 'Service version.' })
  }, { additionalProperties: true }), { example: { ReadyAtUtc: '2026-11-21T20:00:00.000Z', Version: '0.1.0' } })
]

/** Achievements and hiscores: in the stream table and the AsyncAPI document; the achievements catalog replays before the session. */
export const contractOnlyEvents: readonly EventDefinition[] = [
  define('achievements.catalog.updated', 'Achievement catalog of the running game (retained, replayed before the session).', open({}, 'achievement catalog'), { coalesceKey: byType('achievements.catalog.updated'), retainSlot: 'achievements.catalog' }),
  define('achievements.session.updated', 'Live achievement session (retained).', open({}, 'achievement session'), { coalesceKey: byType('achievements.session.updated'), retainSlot: 'achievements.session' }),
  define('achievements.session.ended', 'The achievement session ended; the retained session is cleared.', open({}, 'achievement session end'), { clearsSlot: 'achievements.session' }),
  define('achievements.unlocked', 'An achievement was unlocked (never coalesced).', open({}, 'unlock')),
  define('hiscore.updated', 'Hiscore table of a game changed.', open({ RomName: str('Rom.'), GameName: str('Display name.'), Scores: Type.Array(Type.Unknown()) }, 'hiscore table'))
]
