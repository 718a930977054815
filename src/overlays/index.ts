/**
 * Ready-made overlays at `/overlays/<name>` for browser sources and cabinet screens, and their
 * index at `/overlays/`. They read only the public streams, so they double as examples.
 */
import { Type } from 'typebox'
import { scriptUrl } from '../core/browser-scripts.js'
import { HubError } from '../core/errors.js'
import { defineModule } from '../core/module.js'
import { achievementsOverlay } from './achievements.js'
import { hiscoresOverlay } from './hiscores.js'
import { overlayIndexHtml } from './index-page.js'
import { marqueeOverlay } from './marquee.js'
import { nowPlayingOverlay } from './now-playing.js'
import { panelOverlay } from './panel.js'
import { scoreOverlay } from './score.js'
import { overlayHtml } from './shell.js'
import { toastsOverlay } from './toasts.js'

/** The read link's token the index was opened with: its browser source URLs carry it too. */
const IndexQuery = Type.Object({ token: Type.Optional(Type.String()) })

const overlays = [nowPlayingOverlay, scoreOverlay, hiscoresOverlay, achievementsOverlay, toastsOverlay, marqueeOverlay, panelOverlay]

/** The overlays' pages, for the setup page's read-only links. */
export const overlayPages: ReadonlyArray<{ readonly path: string, readonly title: string }> = overlays.map((overlay) => ({ path: `/overlays/${overlay.name}`, title: overlay.title }))

export const overlaysModule = defineModule({
  name: 'overlays',
  gate: null,
  register: async (app) => {
    const byName = new Map(overlays.map((overlay) => [overlay.name, overlay]))
    // Each page is made on its first request, with the URL of its script.
    const pages = new Map<string, string>()
    let index: string | null = null
    app.get('/overlays/', { schema: { hide: true, querystring: IndexQuery } }, async (request, reply) => {
      const { token } = request.query
      const script = await scriptUrl('overlays-index')
      const page = token === undefined ? index ??= overlayIndexHtml(overlays, null, script) : overlayIndexHtml(overlays, token, script)
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page)
    })
    app.get('/overlays/:name', { schema: { hide: true, params: Type.Object({ name: Type.String() }) } }, async (request, reply) => {
      const overlay = byName.get(request.params.name)
      if (overlay === undefined) throw new HubError(404, 'NOT_FOUND', `No overlay named ${request.params.name}; /overlays/ lists them`)
      let page = pages.get(overlay.name)
      if (page === undefined) {
        page = overlayHtml(overlay, await scriptUrl(overlay.name))
        pages.set(overlay.name, page)
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page)
    })
  }
})
