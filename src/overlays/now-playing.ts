/** The game on screen (or the system, while browsing systems), from the retained marquee snapshot. */
import type { Overlay } from './shell.js'

export const nowPlayingOverlay: Overlay = {
  name: 'now-playing',
  title: 'Now playing',
  description: 'The game on screen with its system and art; follows every selection.',
  size: { w: 800, h: 200 },
  style: `
#card { position: absolute; left: 3%; bottom: 6%; display: flex; gap: 18px; align-items: center; padding: 14px 22px; border-radius: 14px; background: rgba(10, 12, 22, .8); max-width: 90%; }
#card[hidden] { display: none; }
#art { height: 96px; max-width: 260px; object-fit: contain; }
#art:not([src]) { display: none; }
#game { font-size: 1.3em; }
#system { font-weight: 400; opacity: .8; text-transform: uppercase; letter-spacing: .08em; font-size: .8em; }
`,
  body: '<div id="card" hidden><img id="art" alt=""><div><div id="game"></div><div id="system"></div></div></div>'
}
