/** Themes & Collections: files EmulationStation themes and collections read, kept in step with the service's data. */
import path from 'node:path'
import { defineModule } from '../core/module.js'
import { frontendInstallService, themeRoots } from '../frontends/index.js'
import { hiscoreFactsService, hiscoreGamesService } from '../hiscores/index.js'
import { catalogService } from '../library/index.js'
import { currentPanelService } from '../panels/index.js'
import { CustomCollections } from './collections.js'
import { themesEvents } from './events.js'
import { HiscoreThemeExport } from './hiscore-export.js'
import { gameinfosBlocks, hiscoreFiles } from './hiscore-targets.js'
import { themesOptions } from './options.js'
import { PanelThemeExport } from './panel-export.js'
import { themesRoutes } from './routes.js'

export const themesModule = defineModule({
  name: 'themes',
  gate: 'themesCollections',
  // Theme files are the panels' and hiscores' companions on the cabinet's screens; the frontend's collections are service-level news.
  joins: [{ stream: 'panel', prefixes: ['theme.'] }, { stream: 'system', prefixes: ['collections.'] }],
  managers: [{ id: 'themesCollections', title: 'Themes & Collections', esKey: 'themes_collections_manager', parent: null, description: 'Theme exports and collections.' }],
  options: themesOptions,
  events: themesEvents,
  needs: [frontendInstallService, catalogService, hiscoreGamesService, hiscoreFactsService, currentPanelService],
  register: async (scope, context) => {
    const install = context.deps.frontendInstall
    const themesDir = themeRoots(install, context.options.themeExportDir)[0] ?? null
    const archiveRoot = path.join(context.core.dataDir, 'theme', 'hiscore')
    const hiscores = new HiscoreThemeExport({
      themeFiles: themesDir === null ? null : hiscoreFiles(path.join(themesDir, '.hiscore'), 'hiscore'),
      archive: { root: archiveRoot, target: hiscoreFiles(archiveRoot, null) },
      gameinfos: themesDir === null ? null : gameinfosBlocks(path.join(themesDir, '.gameinfos'), context.logger),
      publisher: context.publisher,
      logger: context.logger
    })
    const collections = new CustomCollections({ esConfigDir: install.esConfigDir, catalog: context.deps.catalog, hiscores: context.deps.hiscoreGames, publisher: context.publisher, logger: context.logger })
    const panels = new PanelThemeExport({ panels: context.deps.currentPanel, panelsEnabled: () => context.isEnabled('controlPanel'), themesDir, publisher: context.publisher })
    await themesRoutes(scope, collections, panels)
    if (!context.enabled) return
    context.addStatusSection('themes', () => ({ themesDir, hiscoreArchive: archiveRoot }))
    let unsubscribe = (): void => {}
    context.onStart('themes', async () => {
      unsubscribe = context.deps.hiscoreFacts.on('TableChanged', hiscores.tableChanged)
      hiscores.restore()
    })
    context.onStop(async () => {
      unsubscribe()
      await hiscores.settled()
    })
  }
})
