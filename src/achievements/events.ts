/**
 * The events of the achievements host. The catalog is defined before the session: retained slots
 * replay in definition order, so a late client learns the achievements before the session that
 * refers to them.
 */
import { Type } from 'typebox'
import { byType, define, int, open, str, type EventMap } from '../core/events/definition.js'

const nullableInt = (description: string) => Type.Union([Type.Integer(), Type.Null()], { description })
const nullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description })

const sessionFields = {
  Username: nullableString('Player, as the platform (or the local host) named them at login.'),
  GameId: nullableInt('Game id of the set.'),
  GameTitle: nullableString('Title of the set.'),
  GameHash: nullableString('Content hash RetroArch identified the game with.'),
  Hardcore: Type.Boolean({ description: 'Hardcore mode, as the last award, session start or ping said.' }),
  RichPresence: nullableString('The last rich presence text RetroArch sent.'),
  Score: nullableInt('The player\'s score, as the last login or award answer gave it.'),
  AchievementCount: int('Achievements in the catalog.'),
  UnlockedAchievements: Type.Array(Type.Integer(), { description: 'Every achievement id the player has, before and during this session.' }),
  SessionUnlockedAchievements: Type.Array(Type.Integer(), { description: 'Achievement ids unlocked during this session, in order.' }),
  LeaderboardCount: int('Leaderboards in the catalog.'),
  CatalogRevision: nullableString('Revision of the catalog this session refers to.'),
  LastEventAt: nullableString('When the last request of this session was seen.')
}

const sessionExample = {
  Username: 'alice', GameId: 77, GameTitle: 'Counter', GameHash: '8e8d74fda592d739064a066683398d9e', Hardcore: false, RichPresence: 'Counting 3',
  Score: 5, AchievementCount: 1, UnlockedAchievements: [101], SessionUnlockedAchievements: [101], LeaderboardCount: 0, CatalogRevision: '1f0c3b5d2a9e4c7b', LastEventAt: '2026-11-21T20:00:00.000Z'
}

const achievementEntry = Type.Object({
  Id: Type.Integer(),
  Title: Type.String(),
  Description: Type.String(),
  Points: Type.Integer(),
  BadgeName: Type.String(),
  BadgeUrl: Type.String({ description: 'The badge on this service (`/api/achievements/media/badge/<name>.png`).' }),
  BadgeLockedUrl: Type.String({ description: 'The greyed badge RetroArch shows before the unlock.' }),
  Flags: Type.Integer({ description: '3: core set, 5: unofficial.' })
}, { additionalProperties: true })

const leaderboardEntry = Type.Object({
  Id: Type.Integer(),
  Title: Type.String(),
  Description: Type.String(),
  Format: Type.String({ description: 'How scores read (`SCORE`, `TIME`, `VALUE` ...).' }),
  LowerIsBetter: Type.Boolean(),
  Hidden: Type.Boolean()
}, { additionalProperties: true })

export const achievementsEvents = [
  define('achievements.catalog.updated', 'The achievement catalog of the game RetroArch loaded (retained; replayed before the session).', open({
    GameId: int('Game id of the set.'),
    GameTitle: str('Title of the set.'),
    GameHash: nullableString('Content hash the set was asked for.'),
    ConsoleId: int('Console id of the platform.'),
    ImageIconUrl: nullableString('The game icon on this service.'),
    Revision: str('16 hex digits; changes whenever the catalog does.'),
    AchievementCount: int('Achievements in the catalog.'),
    LeaderboardCount: int('Leaderboards in the catalog.'),
    AchievementsById: Type.Record(Type.String(), achievementEntry, { description: 'By achievement id.' }),
    LeaderboardsById: Type.Record(Type.String(), leaderboardEntry, { description: 'By leaderboard id.' })
  }, 'achievement catalog'), {
    coalesceKey: byType('achievements.catalog.updated'),
    retainSlot: 'achievements.catalog',
    example: {
      GameId: 77, GameTitle: 'Counter', GameHash: '8e8d74fda592d739064a066683398d9e', ConsoleId: 7, ImageIconUrl: '/api/achievements/media/images/000001.png', Revision: '1f0c3b5d2a9e4c7b', AchievementCount: 1, LeaderboardCount: 0,
      AchievementsById: { 101: { Id: 101, Title: 'First', Description: 'Count past 255', Points: 5, BadgeName: '00001', BadgeUrl: '/api/achievements/media/badge/00001.png', BadgeLockedUrl: '/api/achievements/media/badge/00001_lock.png', Flags: 3 } },
      LeaderboardsById: {}
    }
  }),
  define('achievements.session.started', 'RetroArch started an achievements session for a game (retained in the session slot).', open(sessionFields, 'achievement session'), {
    retainSlot: 'achievements.session',
    example: { ...sessionExample, RichPresence: null, Score: 0, UnlockedAchievements: [], SessionUnlockedAchievements: [] }
  }),
  define('achievements.session.updated', 'The live achievement session changed: an unlock, rich presence, a leaderboard entry (retained).', open(sessionFields, 'achievement session'), {
    coalesceKey: byType('achievements.session.updated'),
    retainSlot: 'achievements.session',
    example: sessionExample
  }),
  define('achievements.session.ended', 'The achievement session ended; the retained session is cleared.', open({
    Reason: Type.Union([Type.Literal('game-ended'), Type.Literal('content-stopped'), Type.Literal('game-changed')], { description: '`game-ended`: the frontend said so; `content-stopped`: the emulator closed the content; `game-changed`: RetroArch identified another game.' }),
    Session: Type.Object(sessionFields, { description: 'The session as it ended.' })
  }, 'achievement session end'), { clearsSlot: 'achievements.session', example: { Reason: 'game-ended', Session: sessionExample } }),
  define('achievements.login.detected', 'A player logged in through the host (the password and token never appear).', open({
    Username: str('Player name.')
  }, 'login'), { example: { Username: 'alice' } }),
  define('achievements.game.identified', 'RetroArch identified the content it runs (hash to game id; 0 is a game the platform does not know).', open({
    Hash: str('Content hash.'),
    GameId: int('Game id; 0 when unknown.')
  }, 'game identification'), { example: { Hash: '8e8d74fda592d739064a066683398d9e', GameId: 77 } }),
  define('achievements.achievement.unlock.confirmed', 'The host confirmed an unlock RetroArch awarded (never coalesced).', open({
    AchievementId: int('Achievement id.'),
    Title: str('Title.'),
    Description: str('Description.'),
    Points: int('Points.'),
    Hardcore: Type.Boolean({ description: 'Awarded in hardcore mode.' }),
    BadgeUrl: nullableString('The badge on this service.'),
    GameId: nullableInt('Game id.')
  }, 'unlock'), { example: { AchievementId: 101, Title: 'First', Description: 'Count past 255', Points: 5, Hardcore: false, BadgeUrl: '/api/achievements/media/badge/00001.png', GameId: 77 } }),
  define('achievements.leaderboard.submit.confirmed', 'The host accepted a leaderboard entry (never coalesced).', open({
    LeaderboardId: int('Leaderboard id.'),
    Title: nullableString('Leaderboard title, when the catalog has it.'),
    Score: int('The submitted value.'),
    FormattedScore: str('The value as the leaderboard\'s format reads it.'),
    Rank: Type.Optional(Type.Integer({ description: 'The player\'s rank, when the answer gives it.' }))
  }, 'leaderboard entry'), { example: { LeaderboardId: 9, Title: 'Fastest', Score: 3600, FormattedScore: '01:00.00', Rank: 1 } }),
  define('achievements.richpresence.changed', 'The rich presence text RetroArch reports changed.', open({
    Text: str('What the player is doing, as the set\'s rich presence script says.')
  }, 'rich presence'), { example: { Text: 'Counting 3' } })
]

export type AchievementsEvents = EventMap<typeof achievementsEvents>
