/** The four surface snapshots (spec §2.6). */
import { Type } from 'typebox'
import { byType, define, int, open, str, type EventMap } from '../core/events/definition.js'

const snapshot = <const T extends string>(type: T, surface: string) => define(type, `Full ${surface} snapshot of what the frontend shows (retained, latest Sequence wins).`, open({
  Sequence: int('The Sequence of the frontend event that selected the entry; a newer selection always has a higher number.'),
  SelectionKey: str('`<systemId>|<romId>` (frontend system id, rom file stem), or `<systemId>|` at system scope: the same key as the ui.* events and panel.state of the selection. Earlier builds put `<mediaSystem>|<gameSlug>` here; that is MediaKey now.'),
  MediaSystemId: str('The media system the entry\'s media lives under (`mame` -> `arcade`); same as Selection.System.'),
  MediaKey: str('`<mediaSystem>|<gameSlug>`, or `<mediaSystem>|` at system scope: where the media lives, the `gameKey` of the gamelist routes.'),
  SnapshotVersion: int('Shape version of the snapshot (2).'),
  Stream: str('marquee, topper, instruction-card or screen.'),
  Scope: Type.Union([Type.Literal('system'), Type.Literal('game')]),
  Selection: Type.Object({}, { additionalProperties: true, description: 'Sequence, SelectionKey, Scope, SystemId (frontend system id), FrontendSystem (lower case, spaces as _), System (media system), Game (media slug), GameId, GameName, Name, GamePath, Releasedate, Developer, Publisher, Genre, Genres, State (browsing or playing).' }),
  Media: Type.Object({}, { additionalProperties: true, description: 'Legacy named fields (Marquee, Fanart, Logo, Video, Topper ...): an asset or null; the game\'s file, else the system\'s, never for Video. Marquee only: Dmd is the first DMD asset with Still, Generated and Animations[] (the game\'s group, else the system\'s), or null.' }),
  Assets: Type.Record(Type.String(), Type.Unknown(), { description: 'Canonical media kind -> asset the entry really owns.' }),
  SystemAssets: Type.Record(Type.String(), Type.Unknown(), { description: 'Game scope: the same table for the game\'s system.' }),
  Text: Type.Object({}, { additionalProperties: true, description: 'Topper and instruction card, game scope: Description, Genre, Players, Rating in the configured language (else the gamelist\'s), Language, Languages, and Fields (flat template fields: the gamelist\'s text tags with the localized ones over them).' }),
  Latency: Type.Object({
    Source: str('`projection`.'),
    Trigger: str('The event that put the entry on screen (ui.game.selected ...), or `media-changed`.'),
    Sequence: int('Same as the snapshot\'s.'),
    SelectionKey: str('Same as the snapshot\'s.'),
    ReceivedAtUtc: Type.String({ format: 'date-time', description: 'When the trigger reached the surfaces.' }),
    PublishedAtUtc: Type.String({ format: 'date-time', description: 'When this snapshot was published.' }),
    AgeMs: int('Published minus the trigger\'s own timestamp.'),
    ElapsedMs: int('Published minus received.')
  }, { description: 'How long the snapshot took, for latency tools.' }),
  Generation: Type.Object({ Marquee: str('`source-present`, `generated-present` or `disabled`.'), Dmd: str('`source-present` or `disabled`.') }, { description: 'Marquee only: whether the marquee and DMD come from real files; this service composes none.' }),
  Cards: Type.Array(Type.Unknown(), { description: 'Instruction card: ic, ic-1, ic-2 ... in order, each an asset with its Role.' }),
  Controls: Type.Unknown({ description: 'Instruction card: what each button does, when the control panels provide it.' }),
  Replayed: Type.Optional(Type.Literal(true, { description: 'Present when the entry was put on screen by a hook fired before the service started (spooled while it was down): history, not what the frontend shows now; a snapshot without it follows once the replay is done.' })),
  OccurredAt: Type.Optional(Type.String({ format: 'date-time', description: 'With Replayed: when that hook was fired.' }))
}, `${surface} snapshot`), { coalesceKey: byType(type), retainSlot: type.replace(/\.updated$/, '') })


export const surfaceEvents = [
  snapshot('marquee.snapshot', 'marquee'),
  snapshot('marquee.snapshot.updated', 'marquee (update of the same selection)'),
  snapshot('topper.snapshot', 'topper'),
  snapshot('instruction-card.snapshot', 'instruction card'),
  snapshot('screen.snapshot', 'screen')
]

/** Event type -> payload type of the surface events. */
export type SurfaceEvents = EventMap<typeof surfaceEvents>
