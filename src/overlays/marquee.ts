/**
 * A marquee screen: the marquee art of the selection over the whole page, cross-faded from one
 * selection to the next, from the retained marquee snapshots. `?dmd=1` draws it on a 128x32 grid
 * scaled up by a whole factor with hard pixel edges, for DMD-sized screens.
 */
import type { Overlay } from './shell.js'

export const marqueeOverlay: Overlay = {
  name: 'marquee',
  title: 'Marquee',
  description: 'Full-screen marquee of the selection, cross-fading between selections; the game\'s name when it has no art. ?dmd=1 renders it at 128x32 for DMD screens.',
  size: { w: 1280, h: 320 },
  style: `
#stage { position: absolute; inset: 0; overflow: hidden; }
.layer { position: absolute; inset: 0; width: 100%; height: 100%; opacity: 0; transition: opacity .6s ease-in-out; }
.layer.shown { opacity: 1; }
img.layer { object-fit: contain; }
div.layer { display: flex; align-items: center; justify-content: center; text-align: center; font-size: 11vh; padding: 0 4%; box-sizing: border-box; }
canvas.layer { inset: auto; left: 50%; top: 50%; transform: translate(-50%, -50%); image-rendering: pixelated; background: #000; }
`,
  body: '<div id="stage"></div>',
  script: `
const dmd = query.get('dmd') === '1'
const dmdSize = { w: 128, h: 32 }
const stage = document.getElementById('stage')
const fadeMs = 600
let shownKey = null

/** The art a marquee shows, best first; a DMD prefers a still made for it. */
function artOf (media) {
  const candidates = [media.Marquee, media.GeneratedMarquee, media.ScreenMarquee, media.ScreenMarqueeSmall, media.Logo, media.Topper, media.Fanart]
  if (dmd) candidates.unshift(media.Dmd?.Still)
  return candidates.map(mediaUrl).find((url) => url !== null) ?? null
}

/** The largest whole factor that fits the 128x32 grid in the page. */
function dmdScale () {
  const box = stage.getBoundingClientRect()
  return Math.max(1, Math.floor(Math.min(box.width / dmdSize.w, box.height / dmdSize.h)))
}

async function dmdLayer (url, name) {
  const canvas = document.createElement('canvas')
  canvas.width = dmdSize.w
  canvas.height = dmdSize.h
  const scale = dmdScale()
  canvas.style.width = (dmdSize.w * scale) + 'px'
  canvas.style.height = (dmdSize.h * scale) + 'px'
  const context = canvas.getContext('2d')
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
    } catch {}
  }
  context.fillStyle = '#ff8c1a'
  context.font = 'bold 12px system-ui, sans-serif'
  context.textAlign = 'center'
  context.textBaseline = 'middle'
  context.fillText(name, dmdSize.w / 2, dmdSize.h / 2, dmdSize.w - 4)
  return canvas
}

async function layerFor (url, name) {
  if (dmd) return dmdLayer(url, name)
  if (url === null) return Object.assign(document.createElement('div'), { textContent: name })
  const image = Object.assign(document.createElement('img'), { src: url, alt: name })
  // Fade in a decoded picture, never a blank one; a broken file falls back to the name.
  try { await image.decode() } catch { return Object.assign(document.createElement('div'), { textContent: name }) }
  return image
}

async function show (snapshot) {
  const name = nameOf(snapshot)
  const url = artOf(snapshot.Media ?? {})
  const key = snapshot.SelectionKey + '\\n' + url
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
  requestAnimationFrame(() => requestAnimationFrame(() => layer.classList.add('shown')))
  for (const old of previous) {
    old.classList.remove('shown')
    setTimeout(() => old.remove(), fadeMs)
  }
  document.body.dataset.selection = snapshot.SelectionKey ?? ''
}

if (dmd) {
  addEventListener('resize', () => {
    const scale = dmdScale()
    for (const canvas of stage.querySelectorAll('canvas')) Object.assign(canvas.style, { width: (dmdSize.w * scale) + 'px', height: (dmdSize.h * scale) + 'px' })
  })
}

followSnapshots('marquee', (snapshot) => { void show(snapshot) })
`
}
