/**
 * The marquee overlay: the marquee art of the selection over the whole page, cross-faded from one
 * selection to the next, from the retained marquee snapshots. `?dmd=1` draws it on a 128x32 grid
 * scaled up by a whole factor with hard pixel edges, for DMD-sized screens.
 */
import { byId, element } from '../shared/elements.js'
import { mediaUrl } from '../shared/media.js'
import type { OpenBag } from '../shared/wire.js'
import { followSnapshots, mediaOf, nameOf, query, type Snapshot } from './shell.js'

const dmd = query.get('dmd') === '1'
const dmdSize = { w: 128, h: 32 }
const stage = byId('stage')
const fadeMs = 600
let shownKey: string | null = null

/** The art a marquee shows, best first; a DMD prefers a still made for it. */
function artOf (media: OpenBag): string | null {
  const candidates = [media.Marquee, media.GeneratedMarquee, media.ScreenMarquee, media.ScreenMarqueeSmall, media.Logo, media.Topper, media.Fanart]
  // The marquee's DMD asset: the first of the game's (else the system's) group, with its Still.
  const dmdAsset = media.Dmd as { readonly Still?: unknown } | null | undefined
  if (dmd) candidates.unshift(dmdAsset?.Still)
  return candidates.map(mediaUrl).find((url) => url !== null) ?? null
}

/** The largest whole factor that fits the 128x32 grid in the page. */
function dmdScale (): number {
  const box = stage.getBoundingClientRect()
  return Math.max(1, Math.floor(Math.min(box.width / dmdSize.w, box.height / dmdSize.h)))
}

function sizeDmd (canvas: HTMLCanvasElement, scale: number): void {
  Object.assign(canvas.style, { width: `${dmdSize.w * scale}px`, height: `${dmdSize.h * scale}px` })
}

async function dmdLayer (url: string | null, name: string): Promise<HTMLCanvasElement> {
  const canvas = element('canvas')
  canvas.width = dmdSize.w
  canvas.height = dmdSize.h
  sizeDmd(canvas, dmdScale())
  const context = canvas.getContext('2d')!
  if (url !== null) {
    const image = new Image()
    image.src = url
    try {
      await image.decode()
      // Contained in the grid, centred: the whole marquee, nothing cropped.
      const fit = Math.min(dmdSize.w / image.naturalWidth, dmdSize.h / image.naturalHeight)
      const w = image.naturalWidth * fit
      const h = image.naturalHeight * fit
      context.drawImage(image, (dmdSize.w - w) / 2, (dmdSize.h - h) / 2, w, h)
      return canvas
    } catch { /* a broken file: the name instead */ }
  }
  context.fillStyle = '#ff8c1a'
  context.font = 'bold 12px system-ui, sans-serif'
  context.textAlign = 'center'
  context.textBaseline = 'middle'
  context.fillText(name, dmdSize.w / 2, dmdSize.h / 2, dmdSize.w - 4)
  return canvas
}

async function layerFor (url: string | null, name: string): Promise<HTMLElement> {
  if (dmd) return dmdLayer(url, name)
  if (url === null) return element('div', name)
  const image = Object.assign(element('img'), { src: url, alt: name })
  // Fade in a decoded picture, never a blank one; a broken file falls back to the name.
  try { await image.decode() } catch { return element('div', name) }
  return image
}

async function show (snapshot: Snapshot): Promise<void> {
  const name = nameOf(snapshot)
  const url = artOf(mediaOf(snapshot))
  const key = `${snapshot.SelectionKey}\n${url}`
  if (key === shownKey) return
  shownKey = key
  const layer = await layerFor(url, name)
  // A newer snapshot arrived while this one's art decoded: it has the stage.
  if (shownKey !== key) return
  layer.classList.add('layer')
  layer.dataset.selection = snapshot.SelectionKey ?? ''
  layer.dataset.art = url ?? ''
  const previous = [...stage.children]
  stage.append(layer)
  requestAnimationFrame(() => requestAnimationFrame(() => { layer.classList.add('shown') }))
  for (const old of previous) {
    old.classList.remove('shown')
    setTimeout(() => { old.remove() }, fadeMs)
  }
  document.body.dataset.selection = snapshot.SelectionKey ?? ''
}

if (dmd) {
  addEventListener('resize', () => {
    const scale = dmdScale()
    for (const canvas of stage.querySelectorAll('canvas')) sizeDmd(canvas, scale)
  })
}

followSnapshots('marquee', (snapshot) => { void show(snapshot) })
