import type { HubModule } from './core/module.js'
import { dashboardModule } from './dashboard/index.js'
import { frontendModule } from './frontend/index.js'
import { gameEventsModule } from './game-events/index.js'
import { mediaModule } from './media/index.js'
import { panelsModule } from './panels/index.js'
import { surfacesModule } from './surfaces/index.js'

/** Domain modules in registration order; each registers its routes under its manager. */
export const domainModules: readonly HubModule[] = [frontendModule, mediaModule, surfacesModule, gameEventsModule, panelsModule, dashboardModule]
