/**
 * Notifications & UI: toasts for overlays and native frontend notifications. Not gated as a
 * branch: with the manager off its routes answer 409 NOTIFICATIONS_DISABLED (the contract's code).
 */
import { defineModule } from '../core/module.js'
import { frontendInstallService } from '../frontends/index.js'
import { achievementFactsService } from '../achievements/index.js'
import { currentPlayerService, hiscoreFactsService } from '../hiscores/index.js'
import { hiscoreToast, personalBestToast, unlockToast } from './auto-toasts.js'
import type { ToastRequest } from './schemas.js'
import { notificationEvents } from './events.js'
import { notificationOptions } from './options.js'
import { notificationRoutes } from './routes.js'
import { NotificationsService } from './service.js'

export const notificationsModule = defineModule({
  name: 'notifications',
  gate: null,
  joins: [{ stream: 'system', prefixes: ['notifications.'] }],
  managers: [{ id: 'notificationsUi', title: 'Notifications & UI', esKey: 'notifications_ui_manager', parent: null, description: 'Toasts and native frontend notifications.' }],
  options: notificationOptions,
  events: notificationEvents,
  needs: [frontendInstallService, currentPlayerService, hiscoreFactsService, achievementFactsService],
  register: async (scope, context) => {
    const install = context.deps.frontendInstall
    const service = new NotificationsService({
      publisher: context.publisher,
      frontend: install.adapter.webApi(install.esUrl),
      enabled: () => context.isEnabled('notificationsUi'),
      maxPendingToasts: context.options.maxPendingToasts
    })
    const player = context.deps.currentPlayer
    const rules = { achievementUnlock: context.options.toastOnAchievementUnlock, myHiscore: context.options.toastOnMyHiscore, personalBest: context.options.toastOnPersonalBest, isMe: (name: string) => player.isMe(name) }
    const raise = (toast: ToastRequest | null): void => { if (toast !== null) service.raise(toast) }
    const hiscores = context.deps.hiscoreFacts
    const unfollow = [
      hiscores.on('EntryAdded', (entry) => { raise(hiscoreToast(entry, rules)) }),
      hiscores.on('PersonalBest', (best) => { raise(personalBestToast(best, rules)) }),
      context.deps.achievementFacts.on('Unlocked', (unlocked) => { raise(unlockToast(unlocked, rules)) })
    ]
    context.onStop(() => { for (const unsubscribe of unfollow) unsubscribe(); service.stop() })
    context.addStatusSection('notifications', () => ({ pendingToasts: service.pendingToasts }))
    notificationRoutes(scope, service)
  }
})
