/** The events of theme exports (on /ws/panel by its `theme.` prefix) and custom collections (on /ws/system). */
import { Type } from 'typebox'
import { define, open, str, type EventMap } from '../core/events/definition.js'

export const themesEvents = [
  define('theme.exported', 'A theme file was written or, when its source emptied, removed (for `gameinfos`: our block in it written or removed).', open({
    Kind: str('`hiscore` (`.hiscore/<system>/<rom>.xml`), `gameinfos` (the hiscore block of `.gameinfos/<system>/<rom>.xml`) or `panel` (`.panels/<system>/<rom or _system>.xml`).'),
    System: str('Frontend system id.'),
    Rom: str('Rom file stem.'),
    Path: str('The file written or removed.'),
    Removed: Type.Boolean({ description: 'True when the file was removed because the table emptied.' }),
    Lines: Type.Integer({ description: 'Lines written.' })
  }, 'theme export'), { example: { Kind: 'hiscore', System: 'mame', Rom: 'galaga', Path: '/userdata/themes/.hiscore/mame/galaga.xml', Removed: false, Lines: 2 } }),
  define('collections.updated', 'A custom collection file of the frontend was written.', open({
    Name: str('Collection name (the file is custom-<name>.cfg).'),
    From: str('What it was built from: `favorites`, `hiscores-me` or `romset-filter`.'),
    Path: str('The file written.'),
    Games: Type.Integer({ description: 'Rom paths written.' })
  }, 'custom collection'), { example: { Name: 'my favs', From: 'favorites', Path: '/userdata/system/configs/emulationstation/collections/custom-my favs.cfg', Games: 12 } })
]

export type ThemesEvents = EventMap<typeof themesEvents>
