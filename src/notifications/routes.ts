import { apiGroups } from '../core/api-groups.js'
import { errorResponses, jsonBodyErrors } from '../core/errors.js'
import type { HubApp } from '../core/module.js'
import { defaultMaxPendingToasts } from './options.js'
import { NativeNotificationAccepted, NativeNotificationBody, ToastAccepted, ToastBody } from './schemas.js'
import type { NotificationsService } from './service.js'

const tags = [apiGroups.notifications.name]

export function notificationRoutes (app: HubApp, service: NotificationsService): void {
  app.post('/api/v1/toast-notifications', {
    schema: {
      tags,
      summary: 'Queue a toast for the overlays (notifications.toast on /ws/system when its turn comes)',
      description: `At most \`maxPendingToasts\` (default ${defaultMaxPendingToasts}) posted toasts wait behind the ones on screen; past that bound a post answers 429 \`TOO_MANY_TOASTS\` and queues nothing.`,
      body: ToastBody,
      response: { 202: ToastAccepted, ...errorResponses(...jsonBodyErrors, 409, 429) }
    }
  }, async (request, reply) => reply.code(202).send(service.toast(request.body)))

  app.post('/api/v1/es-notifications', {
    schema: { tags, summary: 'Show a native notification in the frontend (its web API /notify)', body: NativeNotificationBody, response: { 202: NativeNotificationAccepted, ...errorResponses(...jsonBodyErrors, 409, 501, 502) } }
  }, async (request, reply) => reply.code(202).send(await service.native('/notify', request.body.message)))

  app.post('/api/v1/es-notifications/messagebox', {
    schema: { tags, summary: 'Show a message box in the frontend (its web API /messagebox)', body: NativeNotificationBody, response: { 202: NativeNotificationAccepted, ...errorResponses(...jsonBodyErrors, 409, 501, 502) } }
  }, async (request, reply) => reply.code(202).send(await service.native('/messagebox', request.body.message)))
}
