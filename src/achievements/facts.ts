/** What the achievements module tells other modules: an unlock the host confirmed. */
import type { Facts } from '../core/facts.js'
import { serviceKey } from '../core/services.js'

export interface AchievementFacts {
  readonly Unlocked: {
    readonly title: string
    readonly description: string
    readonly points: number
    /** The badge's URL on this service, when the catalog has the achievement. */
    readonly badgeUrl: string | null
  }
}

export const achievementFactsService = serviceKey<Facts<AchievementFacts>>()('achievementFacts')
