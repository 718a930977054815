/**
 * Achievement unlocks as pop-ups (badge, title, points), one at a time, and the progress of the
 * session's game, from /ws/achievements: the retained catalog and session tell a late page where
 * the player stands.
 */
import type { Overlay } from './shell.js'

export const achievementsOverlay: Overlay = {
  name: 'achievements',
  title: 'Achievements',
  description: 'Unlock pop-ups with the badge, title and points, one at a time (?ms= each, 5000), and the progress of the game being played.',
  size: { w: 800, h: 260 },
  style: `
#progress { position: absolute; left: 3%; bottom: 6%; display: flex; gap: 12px; align-items: center; padding: 8px 16px; border-radius: 10px; background: rgba(10, 12, 22, .75); font-size: .8em; }
#progress[hidden] { display: none; }
#progress img { width: 36px; height: 36px; object-fit: contain; border-radius: 6px; }
#progress img:not([src]) { display: none; }
#bar { width: 140px; height: 6px; border-radius: 3px; background: rgba(255, 255, 255, .25); overflow: hidden; }
#fill { height: 100%; background: #3ecf6e; transition: width .4s ease-out; }
#count { font-weight: 400; }
#popup { position: absolute; top: 6%; left: 50%; transform: translateX(-50%); display: flex; gap: 16px; align-items: center; padding: 12px 22px 12px 12px; border-radius: 14px; background: rgba(20, 24, 38, .9); border: 2px solid #f2b233; box-shadow: 0 4px 18px rgba(0, 0, 0, .5); animation: pop .35s ease-out both; }
#popup.leaving { animation: pop .3s ease-in reverse both; }
#popup img { width: 72px; height: 72px; border-radius: 8px; }
#popup .heading { font-size: .65em; letter-spacing: .14em; text-transform: uppercase; color: #f2b233; }
#popup .description { font-weight: 400; font-size: .75em; opacity: .9; }
#popup .points { font-size: .8em; color: #ffd36b; }
@keyframes pop { from { opacity: 0; transform: translate(-50%, -30px) } to { opacity: 1; transform: translate(-50%, 0) } }
`,
  body: '<div id="progress" hidden><img id="icon" alt=""><div><div id="game"></div><div id="count"></div></div><div id="bar"><div id="fill"></div></div></div>'
}
