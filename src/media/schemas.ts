import { Type } from 'typebox'

export const ReindexResponse = Type.Object({
  status: Type.Literal('reindexing'),
  files: Type.Integer({ description: 'Files in the index before the rescan.' })
}, { description: 'The rescan started; media.index.updated on /ws/media reports the result.', examples: [{ status: 'reindexing', files: 1342 }] })

export const MediaPathParams = Type.Object({
  '*': Type.String({ description: 'Canonical media path, for example systems/arcade/games/1943/artwork/marquee/marquee.png.' })
})

export const MediaFileResponse = Type.Unknown({ description: 'The file bytes (200), a byte range (206), or nothing (304, HEAD), with the file\'s content type.' })

export const GamelistsResponse = Type.Object({
  total: Type.Integer({ description: 'Playable games over every system.' }),
  systems: Type.Array(Type.Object({ systemId: Type.String(), games: Type.Integer({ description: 'Games whose rom exists.' }) }))
}, { description: 'Systems whose gamelist has at least one game with an existing rom.', examples: [{ total: 3, systems: [{ systemId: 'mame', games: 2 }, { systemId: 'snes', games: 1 }] }] })

const GameSummary = Type.Object({
  rom: Type.String({ description: 'Rom file stem.' }),
  name: Type.String(),
  path: Type.String({ description: '`roms/<system>/<file>`, launchable through POST /api/v1/commands/launch.' }),
  gameKey: Type.String({ description: '`<mediaSystem>|<gameSlug>`, the surface snapshots\' `MediaKey`.' })
})

export const SystemParams = Type.Object({ system: Type.String({ description: 'Frontend system id.' }) })

export const GamesQuery = Type.Object({
  search: Type.Optional(Type.String({ description: 'Part of the name or rom, any case.' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 }))
}, { additionalProperties: false })

export const GamesResponse = Type.Object({
  systemId: Type.String(),
  total: Type.Integer({ description: 'Games matching the search (before limit and offset).' }),
  games: Type.Array(GameSummary)
}, { description: 'One page of a system\'s playable games.', examples: [{ systemId: 'mame', total: 1, games: [{ rom: '1943', name: '1943: The Battle of Midway', path: 'roms/mame/1943.zip', gameKey: 'arcade|1943' }] }] })

export const GameQuery = Type.Object({ rom: Type.String({ minLength: 1, description: 'Rom file stem or file name.' }) }, { additionalProperties: false })

const text = Type.String()
export const GameCardResponse = Type.Object({
  rom: text, name: text, path: text, gameKey: text,
  desc: text, genre: text, releasedate: text, developer: text, publisher: text, players: text, rating: text,
  image: Type.String({ description: 'Canonical media URL, or "" when the game has none.' }),
  thumbnail: text, fanart: text, marquee: text, video: text, wheel: text,
  media: Type.Record(Type.String(), Type.String(), { description: 'Every kind the game owns -> canonical URL.' })
}, {
  description: 'One game with its gamelist text and media URLs.',
  examples: [{
    rom: '1943', name: '1943: The Battle of Midway', path: 'roms/mame/1943.zip', gameKey: 'arcade|1943', desc: 'Vertical shooter.', genre: 'Shooter', releasedate: '19870101T000000',
    developer: 'Capcom', publisher: 'Capcom', players: '1-2', rating: '0.8', image: '', thumbnail: '', fanart: '', video: '', wheel: '',
    marquee: '/api/v1/media/systems/arcade/games/1943/artwork/marquee/marquee.png', media: { marquee: '/api/v1/media/systems/arcade/games/1943/artwork/marquee/marquee.png' }
  }]
})
