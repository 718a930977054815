/** The toasts the service raises by itself, from other modules' facts, each switchable. */
import type { AchievementFacts } from '../achievements/index.js'
import type { HiscoreFacts } from '../hiscores/index.js'
import type { ToastRequest } from './schemas.js'

export interface AutoToastRules {
  readonly achievementUnlock: boolean
  readonly myHiscore: boolean
  readonly personalBest: boolean
  readonly isMe: (name: string) => boolean
}

const toast = (fields: Pick<ToastRequest, 'type' | 'title' | 'message'> & { imageUrl?: string }): ToastRequest =>
  ({ durationMs: 5000, position: 'BottomRight', animation: 'SlideFromRight', ...fields })

export function unlockToast (unlocked: AchievementFacts['Unlocked'], rules: AutoToastRules): ToastRequest | null {
  if (!rules.achievementUnlock) return null
  const badge = unlocked.badgeUrl === null ? {} : { imageUrl: unlocked.badgeUrl }
  return toast({ type: 'achievement', title: `Achievement unlocked: ${unlocked.title}`, message: `${unlocked.description} (${unlocked.points} points)`, ...badge })
}

export function hiscoreToast (entry: HiscoreFacts['EntryAdded'], rules: AutoToastRules): ToastRequest | null {
  if (!rules.myHiscore || !rules.isMe(entry.name)) return null
  return toast({ type: 'success', title: `New hiscore on ${entry.game}`, message: `${entry.name}: ${entry.score} (rank ${entry.rank})` })
}

/** A best that entered the table already has its new-hiscore toast: one toast per score. */
export function personalBestToast (best: HiscoreFacts['PersonalBest'], rules: AutoToastRules): ToastRequest | null {
  if (!rules.personalBest || (best.enteredTable && rules.myHiscore)) return null
  return toast({ type: 'success', title: `Personal best on ${best.game}`, message: `${best.player}: ${best.value} (previous best ${best.previous ?? ''})` })
}
