import type { HubModule } from './core/module.js'
import { frontendModule } from './frontend/index.js'

/** Domain modules in registration order; each registers its routes under its manager. */
export const domainModules: readonly HubModule[] = [frontendModule]
