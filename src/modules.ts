import type { HubModule } from './core/module.js'
import { dashboardModule } from './dashboard/index.js'
import { gameEventsModule } from './game-events/index.js'

/** Domain modules in registration order; each registers its routes under its manager. */
export const domainModules: readonly HubModule[] = [gameEventsModule, dashboardModule]
