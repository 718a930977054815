/**
 * The Achievements view of the live page: the game of the session, its badges (lit once
 * unlocked), rich presence, score and the latest unlock, all from /ws/achievements like any overlay.
 */
import type { LiveView } from '../dashboard/index.js'

const html = `    <p id="cheevos-game" class="dim">no achievements session</p>
    <p><span id="cheevos-presence" class="dim"></span> <span id="cheevos-score" class="dim"></span></p>
    <div id="cheevos-badges" style="display: flex; flex-wrap: wrap; gap: .5rem"></div>
    <p id="cheevos-unlock" class="dim"></p>`

// Event text is only ever written with textContent; badge URLs only when they are this service's.
const script = `
const { $, text, follow } = window.cabinetHub
let catalog = null
let unlocked = new Set()
const ours = (url) => typeof url === 'string' && url.startsWith('/api/achievements/media/') ? url : null

function drawBadges () {
  const box = $('cheevos-badges')
  box.replaceChildren()
  if (!catalog) return
  for (const a of Object.values(catalog.AchievementsById ?? {})) {
    const img = document.createElement('img')
    const have = unlocked.has(a.Id)
    const url = ours(have ? a.BadgeUrl : a.BadgeLockedUrl)
    if (url) img.src = url
    img.width = 48
    img.height = 48
    img.alt = a.Title
    img.title = a.Title + ' (' + a.Points + ' points): ' + a.Description
    img.dataset.achievement = String(a.Id)
    img.className = have ? 'unlocked' : 'locked'
    box.append(img)
  }
}

function showSession (session) {
  unlocked = new Set(session.UnlockedAchievements ?? [])
  text('cheevos-game', (session.GameTitle ?? 'game ' + session.GameId) + (session.Username ? ' · ' + session.Username : '') + (session.Hardcore ? ' · hardcore' : ''), 'ok')
  text('cheevos-presence', session.RichPresence ?? '')
  text('cheevos-score', session.Score === null || session.Score === undefined ? '' : '· score ' + session.Score)
  drawBadges()
}

follow('/ws/achievements', undefined, (event) => {
  const p = event.Payload ?? {}
  if (event.Type === 'achievements.catalog.updated') { catalog = p; drawBadges() }
  else if (event.Type === 'achievements.session.started' || event.Type === 'achievements.session.updated') showSession(p)
  else if (event.Type === 'achievements.richpresence.changed') text('cheevos-presence', p.Text ?? '')
  else if (event.Type === 'achievements.achievement.unlock.confirmed') {
    unlocked.add(p.AchievementId)
    text('cheevos-unlock', 'Unlocked: ' + p.Title + ' (' + p.Points + ' points)', 'ok')
    drawBadges()
  } else if (event.Type === 'achievements.session.ended') {
    text('cheevos-game', 'no achievements session (the last one ended: ' + (p.Reason ?? '') + ')', 'dim')
    text('cheevos-presence', '')
    text('cheevos-score', '')
  }
})
`

export const achievementsView: LiveView = { id: 'achievements', title: 'Achievements', html, script, wide: true }
