/**
 * What every EmulationStation of the RetroBat/Batocera family shares: es_settings.cfg and
 * es_systems.cfg in the config folder, and `roms/<system>/gamelist.xml` beside the roms.
 */
import path from 'node:path'
import type { FrontendAdapter, FrontendLayout, FrontendPaths } from './adapter.js'
import { readEsSettings } from './es-settings.js'

export function emulationStationAdapter (id: string, title: string, layout: (root: string) => FrontendLayout): FrontendAdapter {
  return {
    id,
    title,
    layout,
    readSettings: readEsSettings,
    systemsFile: (paths: FrontendPaths) => paths.esConfigDir === null ? null : path.join(paths.esConfigDir, 'es_systems.cfg'),
    gamelistFile: (paths: FrontendPaths, systemId: string) => paths.romsRoot === null ? null : path.join(paths.romsRoot, systemId, 'gamelist.xml')
  }
}
