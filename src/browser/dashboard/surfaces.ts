/** The surfaces beside "On screen": the marquee strip, the topper with the game's name, the first instruction card with its text. */
import type { SurfaceEvents } from '../../surfaces/events.js'
import { mediaUrl, setImage } from '../shared/media.js'
import { openBag, type EventOf } from '../shared/wire.js'
import { keyLabel } from './labels.js'

export type SurfaceEvent = EventOf<SurfaceEvents>

export function showSurface (event: SurfaceEvent): void {
  const p = event.Payload
  const media = openBag(p.Media)
  const stream = event.Type.replace(/\.snapshot(\.updated)?$/, '')
  const figure = document.getElementById(`surface-${stream}`)
  if (figure === null) return
  figure.querySelector('.key')!.textContent = keyLabel(p.SelectionKey)
  const paint = (asset: unknown): void => { setImage(figure.querySelector('img')!, mediaUrl(asset)) }
  if (stream === 'marquee') paint(media.Marquee ?? media.Logo)
  if (stream === 'topper') {
    paint(media.Topper ?? media.Logo ?? media.Flyer)
    const selection = openBag(p.Selection)
    figure.querySelector('.name')!.textContent = typeof selection.Name === 'string' ? selection.Name : ''
  }
  if (stream === 'instruction-card') {
    paint(p.Cards?.[0] ?? media.Logo)
    const text = openBag(p.Text)
    figure.querySelector('.text')!.textContent = typeof text.Description === 'string' ? text.Description : ''
  }
}
