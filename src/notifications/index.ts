/**
 * Notifications & UI: toasts for overlays and native frontend notifications. Not gated as a
 * branch: with the manager off its routes answer 409 NOTIFICATIONS_DISABLED (the contract's code).
 */
import { defineModule } from '../core/module.js'
import { frontendInstallService } from '../frontends/index.js'
import { notificationEvents } from './events.js'
import { notificationRoutes } from './routes.js'
import { NotificationsService } from './service.js'

export const notificationsModule = defineModule({
  name: 'notifications',
  gate: null,
  managers: [{ id: 'notificationsUi', title: 'Notifications & UI', esKey: 'notifications_ui_manager', parent: null, description: 'Toasts and native frontend notifications.' }],
  events: notificationEvents,
  needs: [frontendInstallService],
  register: async (scope, context) => {
    const install = context.use(frontendInstallService)
    const service = new NotificationsService({
      publisher: context.publisher,
      frontend: install.adapter.webApi(install.esUrl),
      enabled: () => context.isEnabled('notificationsUi')
    })
    context.onStop(() => { service.stop() })
    context.addStatusSection('notifications', () => ({ pendingToasts: service.pendingToasts }))
    notificationRoutes(scope, service)
  }
})
