import type { HubModule } from './core/module.js'
import { dashboardModule } from './dashboard/index.js'
import { frontendModule } from './frontend/index.js'
import { gameEventsModule } from './game-events/index.js'
import { panelsModule } from './panels/index.js'

/** Domain modules in registration order; each registers its routes under its manager. */
export const domainModules: readonly HubModule[] = [frontendModule, gameEventsModule, panelsModule, dashboardModule]
