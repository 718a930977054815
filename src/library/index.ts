/**
 * The library: systems from es_systems.cfg (and the frontend's web API) and games from every
 * gamelist, read once and shared by the frontend link, media and surfaces.
 */
import path from 'node:path'
import { defineModule } from '../core/module.js'
import { serviceKey } from '../core/services.js'
import { frontendInstallService } from '../frontends/index.js'
import { LibraryCatalog } from './catalog.js'
import { GamelistSnapshots } from './snapshots.js'

export const catalogService = serviceKey<LibraryCatalog>()('catalog')

export const libraryModule = defineModule({
  name: 'library',
  gate: null,
  needs: [frontendInstallService],
  provides: [catalogService],
  register: async (_scope, { deps, provide, onStart, onReady, onStop, logger, core }) => {
    const install = deps.frontendInstall
    const { adapter } = install
    const snapshots = new GamelistSnapshots(path.join(core.dataDir, 'cache', 'gamelists'), logger)
    const catalog = new LibraryCatalog({ romsRoot: install.romsRoot, systemsFiles: adapter.systemsFiles(install), gamelistFile: (systemId) => adapter.gamelistFile(install, systemId), formats: adapter.formats, logger, snapshots })
    provide(catalogService, catalog)
    // Before every phase that reads games: the media index and the frontend link.
    onStart('library', async () => catalog.load())
    onReady(() => { void catalog.settle() })
    onStop(async () => catalog.close())
  }
})

export { LibraryCatalog, romKey, type CatalogGame } from './catalog.js'
