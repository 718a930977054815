/** The toasts overlay: toasts as the service queues them, one per position at a time, each for its DurationMs. */
import type { NotificationEventMap } from '../../notifications/events.js'
import { element } from '../shared/elements.js'
import { mediaUrl } from '../shared/media.js'
import type { EventOf } from '../shared/wire.js'
import { followStream } from './shell.js'

type Toast = NotificationEventMap['notifications.toast']

const leaveMs = 300

function show (toast: Toast): void {
  const slot = document.querySelector(`.slot[data-position="${toast.Position}"]`)
  if (slot === null) return
  const box = element('div', undefined, `toast ${String(toast.Type).toLowerCase()} ${toast.Animation}`)
  box.dataset.id = toast.Id
  const image = mediaUrl(toast.ImageUrl)
  if (image !== null) box.append(Object.assign(element('img'), { src: image, alt: '' }))
  const words = element('div')
  for (const [kind, value] of [['title', toast.Title], ['message', toast.Message]] as const) {
    if (value) words.append(element('div', value, kind))
  }
  box.append(words)
  // The service shows one toast per position at a time: a new one takes the slot.
  slot.replaceChildren(box)
  const durationMs = toast.DurationMs ?? 0
  if (toast.Animation !== 'None') setTimeout(() => { box.classList.add('leaving') }, Math.max(0, durationMs - leaveMs))
  setTimeout(() => { box.remove() }, durationMs)
}

followStream<EventOf<NotificationEventMap>>('system', (event) => { if (event.Type === 'notifications.toast') show(event.Payload) })
