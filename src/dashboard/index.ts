import { defineModule } from '../core/module.js'
import { dashboardHtml } from './page.js'
import { liveViewsService, type LiveView } from './views.js'

/** The live page at `/`: context, the latest event of every stream, an event log, and the views other modules add. */
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
      html ??= dashboardHtml(views)
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html)
    })
  }
})

export { liveViewsService, type LiveView } from './views.js'
