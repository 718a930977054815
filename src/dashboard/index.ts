import { scriptUrl } from '../core/browser-scripts.js'
import { defineModule } from '../core/module.js'
import { faviconSvg } from './favicon.js'
import { dashboardHtml, faviconPath } from './page.js'
import { liveViewsService, type LiveView } from './views.js'

/** The live page at `/`: the owner's view of the cabinet, the views other modules add, and the raw event log. */
export const dashboardModule = defineModule({
  name: 'dashboard',
  gate: null,
  provides: [liveViewsService],
  register: async (app, context) => {
    const views: LiveView[] = []
    context.provide(liveViewsService, { add: (view) => { views.push(view) } })
    // Built on first request: by then every module has added its views.
    let html: string | null = null
    app.get('/', { schema: { hide: true } }, async (_request, reply) => {
      html ??= await dashboardHtml(views, await scriptUrl('dashboard'))
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html)
    })
    app.get(faviconPath, { schema: { hide: true } }, async (_request, reply) => reply.type('image/svg+xml').header('cache-control', 'max-age=86400').send(faviconSvg))
    // Browsers ask for /favicon.ico on pages that name no icon (the JSON documents, for one).
    app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => reply.redirect(faviconPath, 301))
  }
})

export { liveViewsService, type LiveView } from './views.js'
export { faviconPath } from './page.js'
