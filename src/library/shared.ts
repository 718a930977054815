/**
 * One library catalog per hub, shared by the frontend link (details, launch, control) and the
 * media module (index, gamelist operations), so gamelists are parsed once.
 */
import type { Hub } from '../core/hub.js'
import { frontendLayout } from '../frontend/layout.js'
import { LibraryCatalog } from './catalog.js'

const catalogs = new WeakMap<Hub, LibraryCatalog>()

export function sharedCatalog (hub: Hub): LibraryCatalog {
  let catalog = catalogs.get(hub)
  if (catalog === undefined) {
    const layout = frontendLayout(hub.config)
    catalog = new LibraryCatalog({ romsRoot: layout.romsRoot, esConfigDir: layout.esConfigDir, logger: hub.logger })
    catalogs.set(hub, catalog)
  }
  return catalog
}
