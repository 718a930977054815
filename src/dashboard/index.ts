import { defineModule } from '../core/module.js'
import { dashboardHtml } from './page.js'

/** The live page at `/`: context, the latest event of every stream, and an event log. */
export const dashboardModule = defineModule({
  name: 'dashboard',
  gate: null,
  register: async (app) => {
    app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(dashboardHtml))
  }
})
