/**
 * Achievements: the host RetroArch talks to (cheevos_custom_host), forwarding to the platform or
 * serving local sets, and one session model that tells every overlay what unlocks.
 */
import { achievementFactsService, type AchievementFacts } from './facts.js'
import { defineModule } from '../core/module.js'
import { liveViewsService } from '../dashboard/index.js'
import { onScreenService } from '../frontend/index.js'
import { gameFactsService } from '../game-events/index.js'
import { DemoSession } from './demo-session.js'
import { achievementsEvents } from './events.js'
import { achievementsOptions } from './options.js'
import { achievementsRoutes } from './routes.js'
import { AchievementsService } from './service.js'
import { setupCommand } from './setup-retroarch.js'
import { achievementsMigrations } from './unlock-store.js'
import { achievementsView } from './view.js'

export const achievementsModule = defineModule({
  name: 'achievements',
  // The contract puts achievements under the Game Events Manager; its switch turns the host off too.
  gate: 'gameEvents',
  streams: [{ name: 'achievements', description: 'Achievement catalog and session (retained, catalog first), logins, unlocks, leaderboard entries, rich presence.', prefixes: ['achievements.'], extraTypes: [], aliases: ['achievement', 'cheevos'] }],
  options: achievementsOptions,
  migrations: achievementsMigrations,
  events: achievementsEvents,
  commands: [setupCommand],
  needs: [liveViewsService, gameFactsService, onScreenService],
  provides: [achievementFactsService],
  register: async (scope, context) => {
    const facts = context.factChannel<AchievementFacts>()
    context.provide(achievementFactsService, facts)
    const service = new AchievementsService({ facts, options: context.options, dataDir: context.core.dataDir, db: context.db, publisher: context.publisher, logger: context.logger, now: context.now })
    achievementsRoutes(scope, service, context.enabled)
    if (!context.enabled) return
    context.deps.liveViews.add(achievementsView)
    const frontend = context.deps.onScreen.facts
    // The frontend saying the game is over ends the session, and so does a content stop of any game source (RetroArch, MAME through its plugin).
    const unfollow = [
      frontend.on('GameEnded', () => { service.model.end('game-ended') }),
      context.deps.gameFacts.on('ContentStopped', () => { service.model.end('content-stopped') })
    ]
    context.onStop(() => { for (const unsubscribe of unfollow) unsubscribe() })
    // The demo plays against the local host only: it never sends its made-up sessions upstream.
    if (context.options.achievementsDemo && context.options.achievementsMode === 'local') {
      const demo = new DemoSession(service)
      context.onStart('achievements-demo', async () => demo.writeBadges())
      const stopDemo = [frontend.on('GameStarted', ({ game }) => { demo.gameStarted(game.gamePath, game.gameName) }), frontend.on('GameEnded', () => { demo.stop() })]
      context.onStop(() => { for (const unsubscribe of stopDemo) unsubscribe(); demo.stop() })
    }
  }
})

export type { AchievementsConfig } from './options.js'

export { achievementFactsService, type AchievementFacts } from './facts.js'
export { pointRetroarchAt, retroarchSettings, serviceUrl, undoRetroarchSetup, backupOf as retroarchBackupOf } from './setup-retroarch.js'
