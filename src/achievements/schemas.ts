/** REST shapes of the achievements host, and the set a local host serves (the platform's PatchData). */
import { Type, type Static } from 'typebox'
import { mediaCategories, mediaFilePattern } from './media.js'

const id = (description: string) => Type.Integer({ minimum: 1, maximum: 0xffffffff, description })

const SetAchievement = Type.Object({
  ID: id('Achievement id, unique in the set.'),
  MemAddr: Type.String({ minLength: 1, maxLength: 65536, description: 'The condition RetroArch evaluates against memory (`0xH0011>=1`).' }),
  Title: Type.String({ minLength: 1, maxLength: 255 }),
  Description: Type.String({ maxLength: 1000 }),
  Points: Type.Integer({ minimum: 0, maximum: 1000 }),
  BadgeName: Type.String({ pattern: '^[A-Za-z0-9_-]{1,60}$', description: 'Badge file stem under media/badge (`00001` serves `00001.png` and `00001_lock.png`).' }),
  Flags: Type.Integer({ description: '3: core set (what RetroArch evaluates), 5: unofficial.' }),
  Author: Type.Optional(Type.String({ maxLength: 255 })),
  Created: Type.Optional(Type.Integer({ minimum: 0 })),
  Modified: Type.Optional(Type.Integer({ minimum: 0 }))
}, { additionalProperties: true })

const SetLeaderboard = Type.Object({
  ID: id('Leaderboard id, unique in the set.'),
  Mem: Type.String({ minLength: 1, maxLength: 65536, description: 'Start, cancel, submit and value conditions (`STA:...::CAN:...::SUB:...::VAL:...`).' }),
  Format: Type.String({ pattern: '^[A-Z0-9_]{1,16}$', description: '`VALUE`, `SCORE`, `TIME` (frames), `SECS`, `MILLISECS`, `MINUTES` ...' }),
  Title: Type.String({ minLength: 1, maxLength: 255 }),
  Description: Type.String({ maxLength: 1000 }),
  LowerIsBetter: Type.Optional(Type.Boolean()),
  Hidden: Type.Optional(Type.Boolean())
}, { additionalProperties: true })

export const PatchData = Type.Object({
  ID: id('Game id RetroArch will know the game by.'),
  Title: Type.String({ minLength: 1, maxLength: 255 }),
  ConsoleID: Type.Integer({ minimum: 0, maximum: 255, description: 'The platform\'s console id (7: NES).' }),
  ImageIcon: Type.Optional(Type.String({ pattern: '^(/Images/[A-Za-z0-9_-]{1,64}\\.png)?$', description: 'Game icon (`/Images/000001.png`, served from media/images).' })),
  RichPresencePatch: Type.Optional(Type.String({ maxLength: 65536, description: 'Rich presence script.' })),
  Achievements: Type.Array(SetAchievement, { maxItems: 5000 }),
  Leaderboards: Type.Optional(Type.Array(SetLeaderboard, { maxItems: 1000 }))
}, {
  additionalProperties: true,
  description: 'An achievement set, as the platform\'s `patch` answer carries it in `PatchData`.',
  examples: [{
    ID: 77,
    Title: 'Counter',
    ConsoleID: 7,
    ImageIcon: '/Images/000001.png',
    RichPresencePatch: 'Display:\nCounting\n',
    Achievements: [{ ID: 101, MemAddr: '0xH0011>=1', Title: 'First', Description: 'Count past 255', Points: 5, BadgeName: '00001', Flags: 3 }],
    Leaderboards: []
  }]
})

export type PatchDataType = Static<typeof PatchData>
export type SetAchievementType = Static<typeof SetAchievement>
export type SetLeaderboardType = Static<typeof SetLeaderboard>

export const SetParams = Type.Object({
  hash: Type.String({ pattern: '^[0-9a-fA-F]{32}$', description: 'The content hash RetroArch sends (MD5, 32 hex digits; for NES the ROM without its 16-byte header).' })
})

export const SetResponse = Type.Object({
  hash: Type.String(),
  gameId: Type.Integer(),
  title: Type.String(),
  achievementCount: Type.Integer(),
  leaderboardCount: Type.Integer(),
  file: Type.String({ description: 'Where the set is stored.' })
}, { description: 'An installed set.', examples: [{ hash: '8e8d74fda592d739064a066683398d9e', gameId: 77, title: 'Counter', achievementCount: 1, leaderboardCount: 0, file: '/home/pi/.local/share/cabinet-hub/achievements/sets/8e8d74fda592d739064a066683398d9e.json' }] })

export const MediaParams = Type.Object({
  category: Type.Union(mediaCategories.map((c) => Type.Literal(c)), { description: '`badge`, `images` (game icons) or `userpic`.' }),
  file: Type.String({ pattern: mediaFilePattern, description: 'Image file name (`00001.png`, `00001_lock.png`).' })
})

export const PlatformImageParams = Type.Object({
  file: Type.String({ pattern: mediaFilePattern, description: 'Image file name.' })
})

const nullableString = Type.Union([Type.String(), Type.Null()])
const nullableInteger = Type.Union([Type.Integer(), Type.Null()])

export const StatusResponse = Type.Object({
  enabled: Type.Boolean(),
  mode: Type.Union([Type.Literal('proxy'), Type.Literal('local')]),
  upstream: Type.Union([Type.String(), Type.Null()], { description: 'The platform the proxy forwards to; null in local mode.' }),
  linked: Type.Boolean({ description: 'A login through the host succeeded since the service started.' }),
  username: nullableString,
  hardcore: Type.Boolean(),
  lastRequestAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()], { description: 'The last failure (upstream unreachable, a refused request); never carries a password or token.' }),
  requests: Type.Integer({ description: 'Requests answered since start.' }),
  webSocket: Type.String({ description: 'The stream of achievement events.' })
}, {
  description: 'Account and link status.',
  examples: [{ enabled: true, mode: 'local', upstream: null, linked: true, username: 'alice', hardcore: false, lastRequestAt: '2026-11-21T20:00:00.000Z', lastError: null, requests: 9, webSocket: 'ws://127.0.0.1:12345/ws/achievements' }]
})

export type AchievementsStatus = Static<typeof StatusResponse>

const SessionAchievement = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  points: Type.Integer(),
  badgeName: Type.String(),
  badgeUrl: Type.String(),
  badgeLockedUrl: Type.String(),
  unlocked: Type.Boolean({ description: 'The player has it (from before or this session).' })
})

const SessionLeaderboard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  format: Type.String(),
  lowerIsBetter: Type.Boolean(),
  hidden: Type.Boolean()
})

export const SessionResponse = Type.Object({
  active: Type.Boolean({ description: 'A session runs; false gives the empty session.' }),
  username: nullableString,
  gameId: nullableInteger,
  gameTitle: nullableString,
  gameHash: nullableString,
  gameImageIconUrl: nullableString,
  hardcore: Type.Boolean(),
  richPresence: nullableString,
  score: nullableInteger,
  achievementCount: Type.Integer(),
  achievementsById: Type.Record(Type.String(), SessionAchievement),
  unlockedAchievements: Type.Array(Type.Integer()),
  sessionUnlockedAchievements: Type.Array(Type.Integer()),
  leaderboardCount: Type.Integer(),
  leaderboardsById: Type.Record(Type.String(), SessionLeaderboard),
  catalogRevision: nullableString,
  lastEventAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()])
}, {
  description: 'The live achievements session; the empty session (active false) when none runs.',
  examples: [{
    active: true, username: 'alice', gameId: 77, gameTitle: 'Counter', gameHash: '8e8d74fda592d739064a066683398d9e', gameImageIconUrl: '/api/achievements/media/images/000001.png', hardcore: false, richPresence: 'Counting 3', score: 5,
    achievementCount: 1, achievementsById: { 101: { id: 101, title: 'First', description: 'Count past 255', points: 5, badgeName: '00001', badgeUrl: '/api/achievements/media/badge/00001.png', badgeLockedUrl: '/api/achievements/media/badge/00001_lock.png', unlocked: true } },
    unlockedAchievements: [101], sessionUnlockedAchievements: [101], leaderboardCount: 0, leaderboardsById: {}, catalogRevision: '1f0c3b5d2a9e4c7b', lastEventAt: '2026-11-21T20:00:00.000Z'
  }]
})

export type AchievementsSession = Static<typeof SessionResponse>

export const PlatformAnswer = Type.Object({}, { additionalProperties: true, description: 'The answer as the platform (or the local host) gives it: JSON with `Success`, `Error` and the request\'s fields.' })
