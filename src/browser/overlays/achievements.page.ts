/**
 * The achievements overlay: unlocks as pop-ups (badge, title, points), one at a time, and the
 * progress of the session's game, from /ws/achievements: the retained catalog and session tell a
 * late page where the player stands.
 */
import type { AchievementsEvents } from '../../achievements/events.js'
import { achievementBadge } from '../shared/achievements.js'
import { byId, element } from '../shared/elements.js'
import { setImage } from '../shared/media.js'
import type { EventOf } from '../shared/wire.js'
import { followStream, query } from './shell.js'

type Catalog = AchievementsEvents['achievements.catalog.updated']
type Session = AchievementsEvents['achievements.session.started']
type Unlock = AchievementsEvents['achievements.achievement.unlock.confirmed']

const showMs = Math.max(1000, Number(query.get('ms')) || 5000)
const leaveMs = 300
let catalog: Catalog | null = null
let session: Session | null = null
const queue: Unlock[] = []
let showing = false

function drawProgress (): void {
  const box = byId('progress')
  box.hidden = session === null
  if (session === null) return
  const entries = catalog !== null && catalog.GameId === session.GameId ? Object.values(catalog.AchievementsById ?? {}) : []
  const unlocked = new Set(session.UnlockedAchievements ?? [])
  const total = session.AchievementCount ?? entries.length
  const have = entries.length > 0 ? entries.filter((a) => unlocked.has(a.Id)).length : unlocked.size
  const points = entries.reduce((sum, a) => sum + (unlocked.has(a.Id) ? a.Points : 0), 0)
  const allPoints = entries.reduce((sum, a) => sum + a.Points, 0)
  byId('game').textContent = session.GameTitle ?? catalog?.GameTitle ?? ''
  byId('count').textContent = `${have} / ${total} achievements${allPoints > 0 ? ` · ${points} / ${allPoints} points` : ''}`
  byId('fill').style.width = `${(total > 0 ? (100 * have / total) : 0).toFixed(1)}%`
  setImage(byId<HTMLImageElement>('icon'), catalog !== null && catalog.GameId === session.GameId ? achievementBadge(catalog.ImageIconUrl) : null)
  box.dataset.unlocked = String(have)
  box.dataset.total = String(total)
}

function next (): void {
  const unlock = queue.shift()
  if (unlock === undefined) { showing = false; return }
  showing = true
  const popup = element('div')
  popup.id = 'popup'
  popup.dataset.achievement = String(unlock.AchievementId)
  const url = achievementBadge(unlock.BadgeUrl)
  if (url !== null) popup.append(Object.assign(element('img'), { src: url, alt: '' }))
  const words = element('div')
  words.append(element('div', `Achievement unlocked${unlock.Hardcore === true ? ' · hardcore' : ''}`, 'heading'), element('div', unlock.Title ?? '', 'title'))
  if (unlock.Description) words.append(element('div', unlock.Description, 'description'))
  words.append(element('div', `${unlock.Points} points`, 'points'))
  popup.append(words)
  document.body.append(popup)
  setTimeout(() => { popup.classList.add('leaving') }, showMs - leaveMs)
  setTimeout(() => { popup.remove(); next() }, showMs)
}

followStream<EventOf<AchievementsEvents>>('achievements', (event) => {
  if (event.Type === 'achievements.catalog.updated') catalog = event.Payload
  else if (event.Type === 'achievements.session.started' || event.Type === 'achievements.session.updated') session = event.Payload
  else if (event.Type === 'achievements.session.ended') session = null
  else if (event.Type === 'achievements.achievement.unlock.confirmed') {
    queue.push(event.Payload)
    if (!showing) next()
    return
  } else return
  drawProgress()
})
