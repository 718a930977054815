/**
 * Where ES-DE keeps its files (frontends.md §2): the application data folder `<appdata>` holds
 * `settings/es_settings.xml`, `gamelists/<system>/gamelist.xml`, `scripts/<event>/`,
 * `custom_systems/` and, unless `MediaDirectory` says otherwise, `downloaded_media/`. The roms are
 * in `ROMDirectory`, by default `~/ROMs`.
 */
import os from 'node:os'
import path from 'node:path'
import type { FrontendLayout } from '../adapter.js'
import { readSettingsNow } from './settings.js'
import { settingsNow } from './settings-at-start.js'

/**
 * The application data folder ES-DE uses on this machine: `ESDE_APPDATA_DIR` (Linux and macOS
 * only), else `$HOME/ES-DE`; on Windows `%HOMEDRIVE%%HOMEPATH%\ES-DE` (the portable release's
 * `ES-DE\ES-DE` beside its exe is not found: name it with --frontend-root).
 */
export function esDeAppDataDir (env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = os.homedir()): string {
  if (platform === 'win32') {
    const { HOMEDRIVE: drive, HOMEPATH: homePath } = env
    return drive !== undefined && homePath !== undefined && drive !== '' && homePath !== '' ? path.win32.join(`${drive}${homePath}`, 'ES-DE') : path.win32.join(home, 'ES-DE')
  }
  const configured = env.ESDE_APPDATA_DIR?.trim()
  return configured !== undefined && configured !== '' ? configured : path.join(home, 'ES-DE')
}

/** A folder setting: `~` is ES-DE's home. */
function folderSetting (value: string, homeDir: string): string {
  return value === '~' || value.startsWith('~/') ? path.join(homeDir, value.slice(2)) : path.resolve(value)
}

/**
 * The layout of the ES-DE whose application data folder is `root`. ES-DE's `~` is the folder above
 * it when that is named `ES-DE` (the default place, and what `--home DIR` gives), else the user's
 * home; `ROMDirectory` and `MediaDirectory` come from es_settings.xml, blank meaning their defaults.
 */
export function esDeLayout (root: string): FrontendLayout {
  return layoutWith(path.resolve(root), settingsNow(path.resolve(root)))
}

/** The same, its settings read without stopping the loop (the setup page's choice of a frontend). */
export async function readEsDeLayout (root: string): Promise<FrontendLayout> {
  return layoutWith(path.resolve(root), await readSettingsNow(path.resolve(root)))
}

function layoutWith (appData: string, settings: ReadonlyMap<string, string>): FrontendLayout {
  const homeDir = path.basename(appData) === 'ES-DE' ? path.dirname(appData) : os.homedir()
  const romDirectory = settings.get('ROMDirectory')?.trim() ?? ''
  const mediaDirectory = settings.get('MediaDirectory')?.trim() ?? ''
  return {
    root: appData,
    profile: 'es-de',
    esConfigDir: appData,
    romsDir: romDirectory === '' ? path.join(homeDir, 'ROMs') : folderSetting(romDirectory, homeDir),
    homeDir,
    themesDirs: [],
    downloadedMediaDir: mediaDirectory === '' ? path.join(appData, 'downloaded_media') : folderSetting(mediaDirectory, homeDir)
  }
}
