/**
 * Signed records: this cabinet's scores as a signed, anchored, append-only index (the public
 * API of spec §4.4), a verifier anyone can run, and a partner leaderboard ranked only from
 * indexes that verify.
 */
import { defineModule } from '../core/module.js'
import { liveViewsService } from '../dashboard/index.js'
import { onScreenService } from '../frontend/index.js'
import { hiscoreFactsService } from '../hiscores/index.js'
import { recordsCommandWith } from './commands/records-command.js'
import { recordsEvents } from './events.js'
import { hiscoreIntake } from './hiscore-intake.js'
import { partnerLinkOf, PartnerSources } from './leaderboard/partners.js'
import { LeaderboardService } from './leaderboard/service.js'
import { recordsOptions } from './options.js'
import { configuredAnchorer, RecordsHome, type AnchorerOf } from './records-home.js'
import { recordsRoutes } from './routes.js'
import { leaderboardView } from './views.js'

/** The records module, anchoring as its options say; tests build one with an anchorer of their own. */
export const recordsModuleWith = (anchorerOf: AnchorerOf) => defineModule({
  name: 'records',
  gate: 'gameEvents',
  // The partner leaderboard belongs beside the hiscore tables of the game on screen.
  joins: [{ stream: 'hiscore', types: ['records.leaderboard.updated'] }],
  options: recordsOptions,
  events: recordsEvents,
  needs: [liveViewsService, onScreenService, hiscoreFactsService],
  commands: [recordsCommandWith(anchorerOf)],
  register: async (scope, context) => {
    const { options, logger, enabled } = context
    const home = new RecordsHome(options, context.core.dataDir, context.now, anchorerOf)
    const partners = new PartnerSources({
      links: options.partnerUrls.map(partnerLinkOf),
      timeoutMs: options.partnerTimeoutMs,
      maxBytes: options.partnerMaxBytes,
      cacheMs: options.partnerCacheS * 1000,
      clock: () => context.now().getTime()
    })
    const leaderboard = new LeaderboardService({ home, partners, publisher: context.publisher, logger, now: context.now })
    const admitted = (): void => { void leaderboard.refresh() }

    const intake = hiscoreIntake(home, context.core.nodeId, logger, admitted)
    // Switched off, the manager admits nothing and publishes nothing.
    const { facts } = context.deps.onScreen
    const unfollow = enabled
      ? [
          facts.on('SelectionChanged', ({ game }) => { leaderboard.show(game) }),
          facts.on('GameStarted', ({ game }) => { leaderboard.show(game) }),
          context.deps.hiscoreFacts.on('EntryAdded', intake.entryAdded)
        ]
      : []

    const timers: NodeJS.Timeout[] = []
    const every = (seconds: number, job: () => Promise<void>): void => { timers.push(setInterval(() => { void job() }, seconds * 1000).unref()) }
    context.onStart('records', async () => {
      if (!enabled) return
      await home.open()
      // Entries a full disk refused are admitted once it has room again.
      every(5, intake.retryHeld)
      if (home.store.damage !== null) logger.error(`records: ${home.store.damage}; the index is served as it is (verifiers will reject it) and no record is admitted`)
      const anchoring = async (): Promise<void> => {
        try {
          await home.jobs.anchor()
          await home.jobs.upgrade()
        } catch (error) {
          logger.warn(`records anchoring: ${(error as Error).message}`)
        }
      }
      // Whatever was admitted while the service was stopped is anchored now, not one interval later.
      void anchoring()
      every(options.recordsAnchorIntervalS, anchoring)
      // Linked services change on their own: their cached verdicts expire at this pace.
      every(options.partnerCacheS, () => leaderboard.refresh())
    })
    context.onStop(() => {
      for (const unsubscribe of unfollow) unsubscribe()
      for (const timer of timers) clearInterval(timer)
    })
    context.addStatusSection('records', async () => ({
      records: home.store.head.count,
      root: home.store.head.root,
      issuerKeyId: home.keyId,
      damage: home.store.damage,
      generations: (await home.anchors.list()).length,
      partners: options.partnerUrls
    }))
    context.deps.liveViews.add(leaderboardView)
    recordsRoutes(scope, { home, leaderboard, admitted })
  }
})

export const recordsModule = recordsModuleWith(configuredAnchorer)
