/** The now-playing overlay: the game on screen (or the system, while browsing systems), from the retained marquee snapshot. */
import { byId, setText } from '../shared/elements.js'
import { mediaUrl, setImage } from '../shared/media.js'
import { followSnapshots, mediaOf, nameOf, selectionOf, type Snapshot } from './shell.js'

function paint (snapshot: Snapshot): void {
  const media = mediaOf(snapshot)
  setText('game', nameOf(snapshot))
  setText('system', snapshot.Scope === 'game' ? selectionOf(snapshot).SystemId ?? '' : '')
  setImage(byId<HTMLImageElement>('art'), [media.Marquee, media.Logo, media.Image, media.Thumbnail, media.Fanart].map(mediaUrl).find((url) => url !== null) ?? null)
  byId('card').hidden = false
  document.body.dataset.selection = snapshot.SelectionKey ?? ''
}

followSnapshots('marquee', paint)
