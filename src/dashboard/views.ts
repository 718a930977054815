/**
 * Views other modules add to the live page (a hiscore table, an achievements session ...). A view
 * is a section of plain HTML and the name of its script, a TypeScript module under src/browser
 * (`<scriptName>.page.ts`, built and served like the page's own): it reads only the public API,
 * like the rest of the page, through the service's wire types.
 */
import { serviceKey } from '../core/services.js'

export interface LiveView {
  /** Element id of the section; also keeps the order stable. */
  readonly id: string
  readonly title: string
  /** Inner HTML of the section, below its title. Event data must be written with textContent. */
  readonly html: string
  /** Its script, the `<scriptName>.page.ts` of src/browser, run after the page's own. */
  readonly scriptName: string
  /** Spans both columns of the page. */
  readonly wide?: boolean
}

export interface LiveViews {
  add (view: LiveView): void
}

export const liveViewsService = serviceKey<LiveViews>()('liveViews')
