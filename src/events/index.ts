import type { HubModule } from '../core/module.js'
import { eventRoutes } from './routes.js'

/** Event injection for tools and tests, and the diagnostics journal. */
export const eventsModule: HubModule = { name: 'events', manager: null, register: eventRoutes }
