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
  body: '<div id="progress" hidden><img id="icon" alt=""><div><div id="game"></div><div id="count"></div></div><div id="bar"><div id="fill"></div></div></div>',
  script: `
const showMs = Math.max(1000, Number(query.get('ms')) || 5000)
const leaveMs = 300
let catalog = null
let session = null
const queue = []
let showing = false

// Badges only from this service's achievements media.
const badge = (url) => typeof url === 'string' && url.startsWith('/api/achievements/media/') ? url : null

function drawProgress () {
  const box = document.getElementById('progress')
  box.hidden = session === null
  if (session === null) return
  const entries = catalog !== null && catalog.GameId === session.GameId ? Object.values(catalog.AchievementsById ?? {}) : []
  const unlocked = new Set(session.UnlockedAchievements ?? [])
  const total = session.AchievementCount ?? entries.length
  const have = entries.length > 0 ? entries.filter((a) => unlocked.has(a.Id)).length : unlocked.size
  const points = entries.reduce((sum, a) => sum + (unlocked.has(a.Id) ? a.Points : 0), 0)
  const allPoints = entries.reduce((sum, a) => sum + a.Points, 0)
  document.getElementById('game').textContent = session.GameTitle ?? catalog?.GameTitle ?? ''
  document.getElementById('count').textContent = have + ' / ' + total + ' achievements' + (allPoints > 0 ? ' · ' + points + ' / ' + allPoints + ' points' : '')
  document.getElementById('fill').style.width = (total > 0 ? (100 * have / total) : 0).toFixed(1) + '%'
  const icon = document.getElementById('icon')
  const iconUrl = catalog?.GameId === session.GameId ? badge(catalog.ImageIconUrl) : null
  if (iconUrl === null) icon.removeAttribute('src')
  else if (icon.getAttribute('src') !== iconUrl) icon.src = iconUrl
  box.dataset.unlocked = String(have)
  box.dataset.total = String(total)
}

function text (className, value) {
  return Object.assign(document.createElement('div'), { className, textContent: value })
}

function next () {
  const unlock = queue.shift()
  if (unlock === undefined) { showing = false; return }
  showing = true
  const popup = Object.assign(document.createElement('div'), { id: 'popup' })
  popup.dataset.achievement = String(unlock.AchievementId)
  const url = badge(unlock.BadgeUrl)
  if (url !== null) popup.append(Object.assign(document.createElement('img'), { src: url, alt: '' }))
  const words = document.createElement('div')
  words.append(text('heading', 'Achievement unlocked' + (unlock.Hardcore ? ' · hardcore' : '')), text('title', unlock.Title ?? ''))
  if (unlock.Description) words.append(text('description', unlock.Description))
  words.append(text('points', unlock.Points + ' points'))
  popup.append(words)
  document.body.append(popup)
  setTimeout(() => popup.classList.add('leaving'), showMs - leaveMs)
  setTimeout(() => { popup.remove(); next() }, showMs)
}

follow('achievements', (event) => {
  const p = event.Payload ?? {}
  if (event.Type === 'achievements.catalog.updated') catalog = p
  else if (event.Type === 'achievements.session.started' || event.Type === 'achievements.session.updated') session = p
  else if (event.Type === 'achievements.session.ended') session = null
  else if (event.Type === 'achievements.achievement.unlock.confirmed') {
    queue.push(p)
    if (!showing) next()
    return
  } else return
  drawProgress()
})
`
}
