import type { HubModule } from '../core/module.js'
import { systemRoutes } from './routes.js'

/** Health, readiness, status, versions, effective options and stream discovery. Never gated. */
export const systemModule: HubModule = { name: 'system', manager: null, register: systemRoutes }
