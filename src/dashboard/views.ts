/**
 * Views other modules add to the live page (a hiscore table, an achievements session ...). A view
 * is a section of plain HTML and a module script; the script reaches the page's helpers through
 * `window.cabinetHub` (`follow(path, onOpen, onEvent)`, `$`, `text`, `mediaUrl`: see
 * src/browser/dashboard/dashboard.page.ts), so a view needs
 * no build step and reads only the public API, like the rest of the page.
 */
import { serviceKey } from '../core/services.js'

export interface LiveView {
  /** Element id of the section; also keeps the order stable. */
  readonly id: string
  readonly title: string
  /** Inner HTML of the section, below its title. Event data must be written with textContent. */
  readonly html: string
  /** Module script run after the page's own; `cabinetHub` is a global by then. */
  readonly script: string
  /** Spans both columns of the page. */
  readonly wide?: boolean
}

export interface LiveViews {
  add (view: LiveView): void
}

export const liveViewsService = serviceKey<LiveViews>('dashboard.liveViews')
