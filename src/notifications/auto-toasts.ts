/** The toasts the service raises by itself, from other modules' events, each switchable. */
import type { Envelope } from '../core/envelope.js'
import type { ToastRequest } from './schemas.js'

export interface AutoToastRules {
  readonly achievementUnlock: boolean
  readonly myHiscore: boolean
  readonly personalBest: boolean
  readonly isMe: (name: string) => boolean
}

const toast = (fields: Pick<ToastRequest, 'type' | 'title' | 'message'> & { imageUrl?: string }): ToastRequest =>
  ({ durationMs: 5000, position: 'BottomRight', animation: 'SlideFromRight', ...fields })

const text = (payload: Record<string, unknown>, key: string): string => String(payload[key] ?? '')

export function autoToastFor (envelope: Envelope, rules: AutoToastRules): ToastRequest | null {
  const payload = (envelope.Payload ?? {}) as Record<string, unknown>
  if (envelope.Type === 'achievements.achievement.unlock.confirmed' && rules.achievementUnlock) {
    const badge = typeof payload.BadgeUrl === 'string' ? { imageUrl: payload.BadgeUrl } : {}
    return toast({ type: 'achievement', title: `Achievement unlocked: ${text(payload, 'Title')}`, message: `${text(payload, 'Description')} (${text(payload, 'Points')} points)`, ...badge })
  }
  if (envelope.Type === 'hiscore.entry.added' && rules.myHiscore && rules.isMe(text(payload, 'Name'))) {
    return toast({ type: 'success', title: `New hiscore on ${text(payload, 'Game')}`, message: `${text(payload, 'Name')}: ${text(payload, 'Score')} (rank ${text(payload, 'Rank')})` })
  }
  // A best that entered the table already has its new-hiscore toast: one toast per score.
  if (envelope.Type === 'hiscore.personal.best' && rules.personalBest && !(payload.EnteredTable === true && rules.myHiscore)) {
    return toast({ type: 'success', title: `Personal best on ${text(payload, 'Game')}`, message: `${text(payload, 'Player')}: ${text(payload, 'Value')} (previous best ${text(payload, 'Previous')})` })
  }
  return null
}
