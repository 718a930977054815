import type { CoreModule } from '../core/registration.js'
import { eventRoutes } from './routes.js'

/** Event injection for tools and tests, and the diagnostics journal. */
export const eventsModule: CoreModule = { name: 'events', gate: null, register: eventRoutes }
