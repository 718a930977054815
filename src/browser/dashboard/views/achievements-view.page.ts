/**
 * The Achievements view of the live page (src/achievements/view.ts): the game of the session, its
 * badges (lit once unlocked), rich presence, score and the latest unlock, from /ws/achievements
 * like any overlay.
 */
import type { AchievementsEvents } from '../../../achievements/events.js'
import { achievementBadge } from '../../shared/achievements.js'
import { byId, element, setText } from '../../shared/elements.js'
import { follow } from '../../shared/follow.js'
import type { EventOf } from '../../shared/wire.js'

type Catalog = AchievementsEvents['achievements.catalog.updated']
type Session = AchievementsEvents['achievements.session.started']

let catalog: Catalog | null = null
let unlocked = new Set<number>()

function drawBadges (): void {
  const box = byId('cheevos-badges')
  box.replaceChildren()
  if (catalog === null) return
  for (const achievement of Object.values(catalog.AchievementsById ?? {})) {
    const have = unlocked.has(achievement.Id)
    const image = element('img', undefined, have ? 'unlocked' : 'locked')
    const url = achievementBadge(have ? achievement.BadgeUrl : achievement.BadgeLockedUrl)
    if (url !== null) image.src = url
    image.width = 48
    image.height = 48
    image.alt = achievement.Title
    image.title = `${achievement.Title} (${achievement.Points} points): ${achievement.Description}`
    image.dataset.achievement = String(achievement.Id)
    box.append(image)
  }
}

function showSession (session: Session): void {
  unlocked = new Set(session.UnlockedAchievements ?? [])
  const user = session.Username ?? ''
  setText('cheevos-game', `${session.GameTitle ?? `game ${session.GameId ?? ''}`}${user === '' ? '' : ` · ${user}`}${session.Hardcore === true ? ' · hardcore' : ''}`, 'ok')
  setText('cheevos-presence', session.RichPresence ?? '')
  setText('cheevos-score', session.Score === null || session.Score === undefined ? '' : `· score ${session.Score}`)
  drawBadges()
}

follow<EventOf<AchievementsEvents>>('/ws/achievements', {
  event: (event) => {
    if (event.Type === 'achievements.catalog.updated') {
      catalog = event.Payload
      drawBadges()
    } else if (event.Type === 'achievements.session.started' || event.Type === 'achievements.session.updated') {
      showSession(event.Payload)
    } else if (event.Type === 'achievements.richpresence.changed') {
      setText('cheevos-presence', event.Payload.Text ?? '')
    } else if (event.Type === 'achievements.achievement.unlock.confirmed') {
      const unlock = event.Payload
      if (unlock.AchievementId !== undefined) unlocked.add(unlock.AchievementId)
      setText('cheevos-unlock', `Unlocked: ${unlock.Title ?? ''} (${unlock.Points ?? 0} points)`, 'ok')
      drawBadges()
    } else if (event.Type === 'achievements.session.ended') {
      setText('cheevos-game', `no achievements session (the last one ended: ${event.Payload.Reason ?? ''})`, 'dim')
      setText('cheevos-presence', '')
      setText('cheevos-score', '')
    }
  }
})
