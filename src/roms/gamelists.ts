/** The gamelist files of the frontend's systems and where their backups go. */
import path from 'node:path'
import { HubError } from '../core/errors.js'
import type { FrontendInstall } from '../frontends/index.js'

export interface SystemGamelist {
  readonly file: string
  readonly backupDir: string
}

/** The gamelist of a system; 404 when the frontend keeps none for it. */
export function systemGamelist (install: FrontendInstall, dataDir: string, system: string): SystemGamelist {
  const file = install.romsRoot === null ? null : install.adapter.gamelistFile(install, system)
  if (file === null) throw new HubError(404, 'GAMELIST_NOT_FOUND', `No gamelist for system ${system}: the frontend has no roms folder configured`)
  return { file, backupDir: path.join(dataDir, 'backups', 'gamelists', system) }
}
