/** The events of the Local Media Manager: index counts and assets that came or went. */
import { Type } from 'typebox'
import { define, int, open, str, type EventMap } from '../core/events/definition.js'

const assetFields = {
  Kind: str('Canonical media kind (marquee, wheel, box-3d, ic-1 ...).'),
  Url: str('Canonical `/api/v1/media/...` URL.'),
  Path: str('Absolute local path of the file.'),
  FileName: str('File name.'),
  Stem: str('File name without its extension.'),
  Extension: str('Lower-case extension without the dot.'),
  Length: int('Size in bytes.'),
  LastWriteTimeUtc: Type.String({ format: 'date-time', description: 'Last modification.' }),
  Origin: str('`user`, `local` (the store), `emulationstation` (gamelist), `downloaded` or `emulationstation-theme` (a system\'s logo or background from the active ES theme).')
}
const assetExample = {
  Kind: 'marquee',
  Url: '/api/v1/media/systems/arcade/games/1943/artwork/marquee/marquee.png',
  Path: '/home/cab/.local/share/cabinet-hub/media/systems/arcade/games/1943/artwork/marquee/marquee.png',
  FileName: 'marquee.png',
  Stem: 'marquee',
  Extension: 'png',
  Length: 48213,
  LastWriteTimeUtc: '2026-11-21T20:00:00.000Z',
  Origin: 'local'
}

const mediaAssetEvent = <const T extends string>(type: T, description: string) => define(type, description, open({
  System: str('Media system id (mame -> arcade).'),
  Game: str('Game slug; empty for a system asset.'),
  Scope: Type.Union([Type.Literal('game'), Type.Literal('system')]),
  ...assetFields
}, 'media asset'), { example: { System: 'arcade', Game: '1943', Scope: 'game', ...assetExample } })


export const mediaEvents = [
  define('media.index.updated', 'The media index was built, loaded or changed (counts after the change).', open({
    Reason: str('`persisted` (the saved index taken over at start), `first-look` (a first start of a big library: the files the gamelists name and the store\'s system art, before the full scan), `start`, `change` (the media folders changed), `request`, or `on-screen` (a look at the store folders of the entry the surfaces show, between full scans).'),
    Files: int('Files indexed (every source).'),
    Assets: int('Kinds resolved to one file each (what is served).'),
    Entries: int('Games and systems with at least one asset.')
  }, 'media index'), { example: { Reason: 'start', Files: 1342, Assets: 1200, Entries: 310 } }),
  mediaAssetEvent('media.asset.added', 'A kind of a game or system gained a file, or its file changed.'),
  mediaAssetEvent('media.asset.removed', 'A kind of a game or system lost its file.')
]

/** Event type -> payload type of the media events. */
export type MediaEvents = EventMap<typeof mediaEvents>
