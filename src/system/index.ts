import type { CoreModule } from '../core/registration.js'
import { systemRoutes } from './routes.js'

/** Health, readiness, status, versions, effective options and stream discovery. Never gated. */
export const systemModule: CoreModule = { name: 'system', gate: null, register: systemRoutes }
