/**
 * The composition of this build: every domain module, and the configuration type they add up to.
 * Adding a module is one line here; everything else it declares in its own folder.
 */
import { achievementsModule, type AchievementsConfig } from './achievements/index.js'
import { bootModule } from './boot/index.js'
import type { CoreConfig } from './core/core-options.js'
import type { HubModule } from './core/module.js'
import { orderByNeeds } from './core/services.js'
import { dashboardModule } from './dashboard/index.js'
import { frontendModule, type FrontendConfig } from './frontend/index.js'
import { frontendsModule, type FrontendsConfig } from './frontends/index.js'
import { gameEventsModule } from './game-events/index.js'
import { hiscoresModule } from './hiscores/index.js'
import { libraryModule } from './library/index.js'
import { mediaModule } from './media/index.js'
import { mqttModule } from './mqtt/index.js'
import { notificationsModule } from './notifications/index.js'
import { overlaysModule } from './overlays/index.js'
import { panelsModule } from './panels/index.js'
import { recordsModule } from './records/index.js'
import { romsModule } from './roms/index.js'
import { scrapingModule } from './scraping/index.js'
import { setupModule } from './setup/index.js'
import { surfacesModule } from './surfaces/index.js'
import { themesModule } from './themes/index.js'
import { venueCommandModule } from './venue/index.js'

/** Domain modules in registration order: as listed, except that a module comes after the providers of what it needs. */
export const domainModules: readonly HubModule[] = orderByNeeds([
  frontendsModule, libraryModule, mediaModule, surfacesModule, frontendModule, romsModule, panelsModule, gameEventsModule, hiscoresModule, scrapingModule, achievementsModule, dashboardModule, recordsModule, mqttModule, venueCommandModule, bootModule, notificationsModule, overlaysModule, themesModule, setupModule
])

/** The options the composition root itself reads (the CLI and the embedded demo). */
export type HubConfig = CoreConfig & FrontendsConfig & FrontendConfig & { readonly mediaDir: string | null } & Pick<AchievementsConfig, 'achievementsMode' | 'achievementsDemo'>
