/** REST shapes of hiscores and players. */
import { Type } from 'typebox'

const Name = Type.String({ minLength: 1, maxLength: 32, pattern: '^[^\\u0000-\\u001f\\u007f]*[^\\s\\u0000-\\u001f\\u007f][^\\u0000-\\u001f\\u007f]*$', description: 'A player name: 1-32 characters, not only spaces, no control characters.' })

export const PlayerProfile = Type.Object({
  name: Name,
  initials: Type.String({ pattern: '^[A-Za-z0-9 .!?-]{1,3}$', description: 'Up to 3 letters, as arcade tables show the player.' }),
  aliases: Type.Array(Name, { maxItems: 16, description: 'Other names this person enters in games.' })
}, { additionalProperties: false })

export const NewPlayerBody = Type.Object({
  name: Name,
  initials: Type.Optional(PlayerProfile.properties.initials),
  aliases: Type.Optional(PlayerProfile.properties.aliases)
}, { additionalProperties: false, examples: [{ name: 'Alice', initials: 'ALI', aliases: ['ACE'] }] })

export const CurrentPlayerBody = Type.Object({ name: Name }, { additionalProperties: false, examples: [{ name: 'Alice' }] })

export const CurrentPlayerResponse = Type.Object({
  name: Type.String(),
  initials: Type.String({ description: 'The profile\'s initials, else the first letters of the chosen name; empty for the default player PLAYER.' }),
  aliases: Type.Array(Type.String()),
  source: Type.Union([Type.Literal('chosen'), Type.Literal('frontend'), Type.Literal('option'), Type.Literal('default')], { description: '`chosen` through this API, `frontend` (es_settings global.retroachievements.username), `option` (--player) or `default` (PLAYER).' })
}, { description: 'The player at the cabinet.', examples: [{ name: 'Alice', initials: 'ALI', aliases: ['ACE'], source: 'chosen' }] })

export const PlayersResponse = Type.Object({ players: Type.Array(PlayerProfile) }, { examples: [{ players: [{ name: 'Alice', initials: 'ALI', aliases: ['ACE'] }] }] })

const Score = Type.Object({
  rank: Type.Integer(),
  score: Type.String({ description: 'As the game shows it.' }),
  value: Type.Union([Type.Integer(), Type.Null()], { description: 'The score as an integer, when it is one.' }),
  name: Type.String(),
  isMe: Type.Boolean({ description: 'The name is the player\'s name, initials or an alias.' })
})

export const HiscoreResponse = Type.Object({
  system: Type.String(),
  rom: Type.String(),
  game: Type.String(),
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')], { description: '`error`: the save or the definition failed its checks; `message` says why and `scores` is empty.' }),
  message: Type.Union([Type.String(), Type.Null()]),
  sourceType: Type.String({ description: '`hi`, `nvram` or `captured`.' }),
  sourceFile: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.String({ format: 'date-time' }),
  Me: Type.String({ description: 'The player at the cabinet (the interface names this field `Me`).' }),
  scores: Type.Array(Score),
  fields: Type.Array(Type.Object({ id: Type.String({ description: 'The field\'s name in the definition (`TOP SCORE` ...).' }), value: Type.String({ description: 'As the definition formats it.' }) }), { description: 'The single values a MAME definition shows beside its table; empty for captured tables.' })
}, {
  description: 'A game\'s hiscore table.',
  examples: [{
    system: 'mame', rom: '1943', game: '1943: The Battle of Midway', status: 'ok', message: null, sourceType: 'hi', sourceFile: '/userdata/saves/mame/hiscore/1943.hi', updatedAt: '2026-11-24T20:00:00.000Z', Me: 'Alice',
    scores: [{ rank: 1, score: '30000', value: 30000, name: 'ALI', isMe: true }, { rank: 2, score: '25000', value: 25000, name: 'BOB', isMe: false }],
    fields: [{ id: 'TOP SCORE', value: '30000' }]
  }]
})

export const HiscoreQuery = Type.Object({
  ids: Type.Optional(Type.String({ minLength: 1, maxLength: 512, description: 'Answer only if the current game has one of these ids (comma separated; game id or rom).' })),
  md5: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{32}$', description: 'Answer only if the current game\'s rom has this MD5.' }))
}, { additionalProperties: false })

export const GameParams = Type.Object({
  system: Type.String({ minLength: 1, maxLength: 64 }),
  rom: Type.String({ minLength: 1, maxLength: 200 })
})

const Entry = Type.Object({ rank: Type.Integer(), score: Type.String(), value: Type.Union([Type.Integer(), Type.Null()]) })

export const MyBestResponse = Type.Object({
  system: Type.String(),
  rom: Type.String(),
  Me: Type.String(),
  best: Type.Union([Entry, Type.Null()], { description: 'The player\'s best entry, null when the player is not on the table.' }),
  next: Type.Union([Type.Object({ ...Entry.properties, name: Type.String(), toBeat: Type.Union([Type.Integer(), Type.Null()], { description: 'The lowest score that takes this rank.' }) }), Type.Null()], { description: 'The entry just above the player (the last one when the player is not on the table); null at rank 1.' })
})
