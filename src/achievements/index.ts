/**
 * Achievements: the host RetroArch talks to (cheevos_custom_host), forwarding to the platform or
 * serving local sets, and one session model that tells every overlay what unlocks.
 */
import { defineModule } from '../core/module.js'
import { achievementsEvents } from './events.js'
import { achievementsOptions } from './options.js'
import { achievementsRoutes } from './routes.js'
import { AchievementsService } from './service.js'
import { setupCommand } from './setup-retroarch.js'
import { achievementsMigrations } from './unlock-store.js'

export const achievementsModule = defineModule({
  name: 'achievements',
  gate: 'achievements',
  managers: [{ id: 'achievements', title: 'Achievements', esKey: 'achievements', parent: 'gameEvents', description: 'The achievements host RetroArch talks to, the session model and /ws/achievements.' }],
  streams: [{ name: 'achievements', description: 'Achievement catalog and session (retained, catalog first), logins, unlocks, leaderboard entries, rich presence.', prefixes: ['achievements.'], extraTypes: [], aliases: ['achievement', 'cheevos'] }],
  options: achievementsOptions,
  migrations: achievementsMigrations,
  events: achievementsEvents,
  commands: [setupCommand],
  register: async (scope, context) => {
    const service = new AchievementsService({ options: context.options, dataDir: context.core.dataDir, db: context.db, publisher: context.publisher, logger: context.logger, now: context.now })
    achievementsRoutes(scope, service, context.enabled)
    if (!context.enabled) return
    const unsubscribe = context.subscribe(service.onEvent)
    context.onStop(unsubscribe)
  }
})

export type { AchievementsConfig } from './options.js'
