/**
 * The composition of this build: every domain module, and the configuration type they add up to.
 * Adding a module is one line here; everything else it declares in its own folder.
 */
import { bootModule } from './boot/index.js'
import { contractModules } from './contract/index.js'
import type { CoreConfig } from './core/core-options.js'
import type { HubModule } from './core/module.js'
import { orderByNeeds } from './core/services.js'
import { dashboardModule } from './dashboard/index.js'
import { frontendModule, type FrontendConfig } from './frontend/index.js'
import { frontendsModule, type FrontendsConfig } from './frontends/index.js'
import { gameEventsModule } from './game-events/index.js'
import { libraryModule } from './library/index.js'
import { mediaModule } from './media/index.js'
import { panelsModule } from './panels/index.js'
import { surfacesModule } from './surfaces/index.js'

/** Domain modules in registration order: as listed, except that a module comes after the providers of what it needs. */
export const domainModules: readonly HubModule[] = orderByNeeds([
  frontendsModule, libraryModule, mediaModule, surfacesModule, frontendModule, gameEventsModule, panelsModule, dashboardModule, bootModule, ...contractModules
])

/** The options the composition root itself reads (the CLI and the embedded demo). */
export type HubConfig = CoreConfig & FrontendsConfig & FrontendConfig & { readonly mediaDir: string | null }
