/** The events of /ws/hiscore. */
import { Type } from 'typebox'
import { define, field, int, nullableNumber, open, str, type EventMap } from '../core/events/definition.js'

const nullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description })

const tableExample = {
  System: 'mame', Rom: 'galaga', Game: 'Galaga', Status: 'ok', SourceType: 'hi', SourceFile: '/userdata/saves/mame/hiscore/galaga.hi', UpdatedAt: '2026-11-24T20:00:00.000Z', Me: 'Alice',
  Scores: [{ Rank: 1, Score: '30000', Value: 30000, Name: 'ALI', IsMe: true }, { Rank: 2, Score: '20000', Value: 20000, Name: 'BOB', IsMe: false }],
  Fields: [{ Id: 'TOP SCORE', Value: '30000' }]
}

export const hiscoreEvents = [
  define('hiscore.updated', 'Hiscore table of a game. Retained only for the game on screen (replaced when the selection changes, `Status` not_found when it has none, dropped by `hiscore.cleared`); the table of another game whose save changed is published without being retained.', open({
    System: str('Frontend system id.'),
    Rom: str('Rom file stem.'),
    Game: str('Display name.'),
    Status: str('`ok`, `not_found` or `error`.'),
    Message: str('Why, when the status is not ok.'),
    SourceType: str('`hi`, `nvram` (MAME saves decoded with a definition), `captured` (scores captured at game end) or `none`.'),
    SourceFile: nullableString('The save decoded, when there is one.'),
    UpdatedAt: nullableString('When the table last changed (ISO-8601 UTC).'),
    Me: str('The player at the cabinet.'),
    Scores: Type.Array(Type.Object({
      Rank: Type.Integer(),
      Score: Type.String({ description: 'As the game shows it.' }),
      Value: Type.Union([Type.Integer(), Type.Null()], { description: 'The score as an integer, when it is one.' }),
      Name: Type.String(),
      IsMe: Type.Boolean({ description: 'The name is the player\'s name, initials or an alias.' })
    })),
    Fields: Type.Array(Type.Object({
      Id: Type.String({ description: 'The field\'s name in the definition (`TOP SCORE` ...).' }),
      Value: Type.String({ description: 'As the definition formats it.' })
    }), { description: 'The single values a MAME definition shows beside its table; empty for captured tables.' })
  }, 'hiscore table'), { coalesceKey: (p) => `hiscore.updated:${field(p, 'System')}:${field(p, 'Rom')}`, retainSlot: 'hiscore.updated', example: tableExample }),
  define('hiscore.cleared', 'No game is on screen any more (a system is selected): the retained `hiscore.updated` is dropped, so a client that joins now gets no table.', open({
    Reason: str('`no-game-on-screen`.')
  }, 'hiscore table cleared'), { clearsSlot: 'hiscore.updated', example: { Reason: 'no-game-on-screen' } }),
  define('hiscore.entry.added', 'A new entry entered a local table (a captured score, or a row that appeared in a decoded MAME table).', open({
    System: str('Frontend system id.'),
    Rom: str('Rom file stem.'),
    Game: str('Display name.'),
    Name: str('Name on the entry.'),
    Value: nullableNumber('The score as a number, when it is one.'),
    Score: str('The score as the game shows it.'),
    Rank: int('Rank of the entry in the table.'),
    At: Type.String({ format: 'date-time', description: 'When it entered (UTC).' }),
    RomMd5: nullableString('MD5 of the rom, when the gamelist gives it.')
  }, 'new hiscore entry'), { example: { System: 'nes', Rom: 'smb', Game: 'Super Mario Bros.', Name: 'Alice', Value: 42100, Score: '42100', Rank: 1, At: '2026-11-24T20:00:00.000Z', RomMd5: null } }),
  define('hiscore.personal.best', 'The player at the cabinet beat their own best on a game: at game end (the session\'s best live score) or when an entry of theirs appeared in a table. Published whether or not the score entered the table.', open({
    System: str('Frontend system id.'),
    Rom: str('Rom file stem.'),
    Game: str('Display name.'),
    Player: str('The player at the cabinet.'),
    Value: int('The new best.'),
    Previous: int('The best it beat.'),
    EnteredTable: Type.Boolean({ description: 'True when the score also entered the game\'s table (a `hiscore.entry.added` was published for it).' })
  }, 'personal best'), { example: { System: 'nes', Rom: 'smb', Game: 'Super Mario Bros.', Player: 'Alice', Value: 42100, Previous: 30500, EnteredTable: false } }),
  define('hiscore.player.changed', 'The player at the cabinet changed.', open({ Name: str('Player name.'), Initials: str('Up to 3 letters; empty for the default player PLAYER.') }, 'player'), { example: { Name: 'Alice', Initials: 'ALI' } }),
  define('hiscore.console.score.captured', 'At game end, the best valid score of the session entered the game\'s table.', open({
    SystemId: str('Frontend system id.'), Rom: str('Rom file stem.'), Score: int('The score.'), Player: str('Who it was entered for.')
  }, 'captured score'), { example: { SystemId: 'nes', Rom: 'smb', Score: 42100, Player: 'Alice' } }),
  define('hiscore.console.score.ignored', 'A live score was not kept: `zero`, `uninitialized` (memory not yet set, one byte repeated) or `outside-play` (no game running); each reason once per session.', open({
    SystemId: str('System of the score.'), Rom: str('Rom of the score.'), Score: int('The score.'), Reason: str('Why.')
  }, 'ignored score'), { example: { SystemId: 'nes', Rom: 'smb', Score: 16777215, Reason: 'uninitialized' } })
]

export type HiscoreEvents = EventMap<typeof hiscoreEvents>
