import { Type } from 'typebox'
import { option } from '../core/options.js'

export const notificationOptions = {
  toastOnAchievementUnlock: option({ kind: 'boolean', schema: Type.Boolean(), default: true, flag: null, description: 'Raise a toast (with the badge) when the achievements host confirms an unlock.' }),
  toastOnMyHiscore: option({ kind: 'boolean', schema: Type.Boolean(), default: true, flag: null, description: 'Raise a toast when the player at the cabinet (Me) enters a hiscore table.' }),
  toastOnPersonalBest: option({ kind: 'boolean', schema: Type.Boolean(), default: true, flag: null, description: 'Raise a toast when the player at the cabinet (Me) beats their own best on a game, even when the score did not enter its table (a score that did already has the hiscore toast when that one is on).' })
} as const
