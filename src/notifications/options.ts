import { Type } from 'typebox'
import { option } from '../core/options.js'

/** Toasts posted by clients that may wait behind the ones on screen (answered 429 TOO_MANY_TOASTS past it). */
export const defaultMaxPendingToasts = 100

export const notificationOptions = {
  maxPendingToasts: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 10_000 }), default: defaultMaxPendingToasts, flag: null, description: 'How many posted toasts may wait behind the ones on screen; past it a post answers 429 TOO_MANY_TOASTS, so a flood cannot hold memory or push the service\'s own toasts (unlocks, hiscores) days back.' }),
  toastOnAchievementUnlock: option({ kind: 'boolean', schema: Type.Boolean(), default: true, flag: null, description: 'Raise a toast (with the badge) when the achievements host confirms an unlock.' }),
  toastOnMyHiscore: option({ kind: 'boolean', schema: Type.Boolean(), default: true, flag: null, description: 'Raise a toast when the player at the cabinet (Me) enters a hiscore table.' }),
  toastOnPersonalBest: option({ kind: 'boolean', schema: Type.Boolean(), default: true, flag: null, description: 'Raise a toast when the player at the cabinet (Me) beats their own best on a game, even when the score did not enter its table (a score that did already has the hiscore toast when that one is on).' })
} as const
