/** Toasts for overlays, and native notifications through the frontend's web API. */
import { randomUUID } from 'node:crypto'
import { HubError } from '../core/errors.js'
import type { Publisher } from '../core/event-bus.js'
import { FrontendUnreachableError, type FrontendResponse, type FrontendWebApi } from '../frontends/index.js'
import type { NotificationEventMap } from './events.js'
import type { ToastRequest } from './schemas.js'
import { ToastQueue, type QueuedToast } from './toast-queue.js'

type Toast = QueuedToast & Omit<ToastRequest, 'position' | 'durationMs'>

export type NativeEndpoint = '/notify' | '/messagebox'

export interface NotificationsDeps {
  readonly publisher: Publisher<NotificationEventMap>
  readonly frontend: FrontendWebApi
  /** Whether the Notifications & UI manager is on now (it can be switched while running). */
  readonly enabled: () => boolean
  readonly maxPendingToasts: number
}

export class NotificationsService {
  readonly #queue: ToastQueue<Toast>

  constructor (private readonly deps: NotificationsDeps) {
    this.#queue = new ToastQueue<Toast>((toast) => {
      deps.publisher.publish('notifications.toast', {
        Id: toast.id,
        Type: toast.type,
        Title: toast.title,
        Message: toast.message,
        ImageUrl: toast.imageUrl ?? null,
        DurationMs: toast.durationMs,
        Position: toast.position,
        Animation: toast.animation
      })
    })
  }

  get pendingToasts (): number {
    return this.#queue.pending
  }

  /** A toast the service raises by itself (see auto-toasts.ts): dropped while the manager is off. */
  raise (request: ToastRequest): void {
    if (this.deps.enabled()) this.#queue.add({ ...request, id: randomUUID() })
  }

  toast (request: ToastRequest): { queued: true, id: string } {
    this.#requireEnabled()
    if (request.title.trim() === '' && request.message.trim() === '') {
      throw new HubError(400, 'VALIDATION_ERROR', 'body/title and body/message are both empty: a toast needs one of them')
    }
    if (this.#queue.pending >= this.deps.maxPendingToasts) {
      throw new HubError(429, 'TOO_MANY_TOASTS', `${this.#queue.pending} toasts already wait to be shown (at most ${this.deps.maxPendingToasts}); post again once some have been shown`)
    }
    const id = randomUUID()
    this.#queue.add({ ...request, id })
    return { queued: true, id }
  }

  async native (endpoint: NativeEndpoint, message: string): Promise<{ queued: boolean, endpoint: NativeEndpoint, message: string }> {
    this.#requireEnabled()
    const { frontend } = this.deps
    let response: FrontendResponse
    try {
      response = endpoint === '/notify' ? await frontend.notify(message) : await frontend.messagebox(message)
    } catch (error) {
      if (error instanceof FrontendUnreachableError) throw new HubError(502, 'ES_UNREACHABLE', `The frontend web API at ${frontend.baseUrl} does not answer, so the notification was not shown (${error.message})`)
      throw error
    }
    if (response.status >= 400) throw new HubError(502, 'ES_REJECTED', `The frontend answered ${response.status} on ${endpoint}: ${response.body.slice(0, 200)}`)
    return { queued: true, endpoint, message }
  }

  stop (): void {
    this.#queue.stop()
  }

  #requireEnabled (): void {
    if (!this.deps.enabled()) throw new HubError(409, 'NOTIFICATIONS_DISABLED', 'The Notifications & UI manager is switched off: switch it on with managers.notificationsUi: true in the config file, or CABINET_HUB_MANAGERS_NOTIFICATIONS_UI=true')
  }
}
