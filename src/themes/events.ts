/** The events of theme exports (delivered on /ws/panel by its `theme.` prefix). */
import { Type } from 'typebox'
import { define, open, str, type EventMap } from '../core/events/definition.js'

export const themesEvents = [
  define('theme.exported', 'A theme file was written or, when its source emptied, removed.', open({
    Kind: str('`hiscore` (hiscore lines of a game).'),
    System: str('Frontend system id.'),
    Rom: str('Rom file stem.'),
    Path: str('The file written or removed.'),
    Removed: Type.Boolean({ description: 'True when the file was removed because the table emptied.' }),
    Lines: Type.Integer({ description: 'Lines written.' })
  }, 'theme export'), { example: { Kind: 'hiscore', System: 'mame', Rom: 'galaga', Path: '/userdata/themes/.hiscore/mame/galaga.xml', Removed: false, Lines: 2 } })
]

export type ThemesEvents = EventMap<typeof themesEvents>
