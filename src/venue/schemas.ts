import { Type } from 'typebox'

const nullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description })

const VenueCabinetSchema = Type.Object({
  nodeId: Type.String({ description: 'The cabinet\'s NodeId (its topic level).' }),
  online: Type.Boolean({ description: 'Its status topic says online; a cabinet that died says offline through its last will.' }),
  state: nullableString('browsing or playing.'),
  system: nullableString('Current system.'),
  game: nullableString('Current game\'s display name, else its rom.'),
  rom: nullableString('Current game\'s rom.'),
  score: Type.Union([Type.Number(), Type.Null()], { description: 'Live score of the running game.' }),
  image: nullableString('The current entry\'s marquee (or other art) on the cabinet.'),
  baseUrl: nullableString('Where the cabinet serves its API and media.'),
  lastSeenAt: Type.String({ format: 'date-time', description: 'When the venue last heard from it.' })
})

export const VenueCabinetsResponse = Type.Object({
  cabinets: Type.Array(VenueCabinetSchema)
}, { examples: [{ cabinets: [{ nodeId: 'cab-01', online: true, state: 'playing', system: 'mame', game: '1943: The Battle of Midway', rom: '1943', score: 12300, image: 'http://cab-01.local:12345/api/v1/media/systems/arcade/games/1943/artwork/marquee/marquee.png', baseUrl: 'http://cab-01.local:12345', lastSeenAt: '2026-11-24T21:00:00.000Z' }] }] })

export const VenueHiscoreParams = Type.Object({
  system: Type.String({ minLength: 1, maxLength: 200 }),
  rom: Type.String({ minLength: 1, maxLength: 200 })
})

export const VenueHiscoresResponse = Type.Object({
  system: Type.String(),
  rom: Type.String(),
  scores: Type.Array(Type.Object({
    rank: Type.Integer({ minimum: 1 }),
    name: Type.String(),
    score: Type.Number(),
    nodeId: Type.String({ description: 'The cabinet the best score of the player was made on.' })
  }))
}, { description: 'Best score of each player across the cabinets, highest first.', examples: [{ system: 'mame', rom: '1943', scores: [{ rank: 1, name: 'AAA', score: 50000, nodeId: 'cab-02' }] }] })
