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
  body: '<div id="stage"></div>'
}
