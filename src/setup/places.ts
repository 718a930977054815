/**
 * Where things usually are on a cabinet, for the setup page to look without being told: the
 * frontends' install folders, the MAME plugins folder our plugin goes into, RetroArch's config.
 */
import { access, stat } from 'node:fs/promises'
import { homedir } from 'node:os'
import path from 'node:path'
import type { FrontendInstall } from '../frontends/index.js'

export interface FrontendCandidate {
  readonly profile: string
  readonly root: string
}

/** The usual install folder of each family (RetroBat's installer's default, Batocera's and Recalbox's partitions, ES-DE's portable folder). */
export function usualFrontendPlaces (home: string = homedir()): FrontendCandidate[] {
  return [
    { profile: 'batocera', root: '/userdata' },
    { profile: 'recalbox', root: '/recalbox/share' },
    { profile: 'retrobat', root: 'C:\\RetroBat' },
    { profile: 'es-de', root: path.join(home, 'ES-DE') }
  ]
}

const isFolder = async (folder: string): Promise<boolean> => stat(folder).then((info) => info.isDirectory(), () => false)

export const exists = async (file: string): Promise<boolean> => access(file).then(() => true, () => false)

/** The places that exist on this machine. */
export async function foundFrontends (places: readonly FrontendCandidate[]): Promise<FrontendCandidate[]> {
  const found = await Promise.all(places.map(async (place) => await isFolder(place.root) ? place : null))
  return found.filter((place) => place !== null)
}

/** Where our MAME plugin goes: RetroBat's MAME's own plugins folder, else a folder of the data dir MAME is pointed at with -pluginspath. */
export function mamePluginsDir (install: FrontendInstall, dataDir: string): string {
  return install.adapter.id === 'retrobat' && install.root !== null ? path.join(install.root, 'emulators', 'mame', 'plugins') : path.join(dataDir, 'mame-plugins')
}

/** Folders MAME's own plugins (hiscore) are in: RetroBat's MAME, Debian's and the usual Linux packages'. */
export function mameOwnPluginDirs (install: FrontendInstall): string[] {
  const retrobat = install.adapter.id === 'retrobat' && install.root !== null ? [path.join(install.root, 'emulators', 'mame', 'plugins')] : []
  return [...retrobat, '/usr/share/games/mame/plugins', '/usr/share/mame/plugins']
}

/** RetroArch's config file for the frontend's family: RetroBat's and Batocera's own, else the user's. */
export function retroarchConfigFile (install: FrontendInstall, home: string = homedir()): string {
  if (install.root !== null && install.adapter.id === 'retrobat') return path.join(install.root, 'emulators', 'retroarch', 'retroarch.cfg')
  if (install.root !== null && install.adapter.id === 'batocera') return path.join(install.root, 'system', 'configs', 'retroarch', 'retroarchcustom.cfg')
  return path.join(home, '.config', 'retroarch', 'retroarch.cfg')
}
