/**
 * ES-DE (Linux, Windows, macOS, Android handhelds): `--frontend-root` is its application data
 * folder (default: found as ES-DE finds it), with its settings, its gamelists apart from the roms,
 * its media by convention under downloaded_media, its custom event scripts, and no web API.
 */
import path from 'node:path'
import type { FrontendAdapter, FrontendHooks, FrontendPaths } from '../adapter.js'
import { cmdArguments, esFormats, installedEsHookScripts, installHooks, uninstallHooks } from '../emulationstation/index.js'
import { esDeAppDataDir, esDeLayout, readEsDeLayout } from './app-data.js'
import { esDeControls } from './controls.js'
import { esDeHookNames, esDeShArguments, interpretEsDeHook } from './hooks.js'
import { EsDeNoWebApi } from './no-web-api.js'
import { readEsDeSettings, switchedOffSettings, switchOnSettings } from './settings.js'

/** ES-DE's automatic collections, on the carousel beside the systems. */
const autoCollections: ReadonlySet<string> = new Set(['all', 'favorites', 'lastplayed'])

const esDeHooks: FrontendHooks = {
  names: esDeHookNames,
  interpret: interpretEsDeHook,
  install: (target) => installHooks(target, esDeHookNames),
  uninstall: uninstallHooks,
  installed: installedEsHookScripts,
  argumentRules: { sh: esDeShArguments, cmd: cmdArguments },
  switchedOff: switchedOffSettings,
  switchOn: switchOnSettings
}

export const esDeAdapter: FrontendAdapter = {
  id: 'es-de',
  title: 'ES-DE',
  family: 'es-de',
  defaultRoot: () => esDeAppDataDir(),
  layout: esDeLayout,
  readLayout: readEsDeLayout,
  readSettings: readEsDeSettings,
  // The bundled systems are inside the install; the user's own are in custom_systems.
  systemsFiles: (paths: FrontendPaths) => paths.esConfigDir === null ? [] : [path.join(paths.esConfigDir, 'custom_systems', 'es_systems.xml')],
  gamelistFile: (paths: FrontendPaths, systemId: string) => paths.esConfigDir === null ? null : path.join(paths.esConfigDir, 'gamelists', systemId, 'gamelist.xml'),
  isCollection: (systemId) => autoCollections.has(systemId),
  // ES-DE's gamelists and es_systems.xml are EmulationStation's formats (frontends.md §1).
  formats: esFormats,
  hooks: esDeHooks,
  // Its executable since 3.0 (frontends.md §4); its startup and quit events tell after the first look.
  presence: { kind: 'process', processNames: ['es-de'] },
  webApi: (baseUrl) => new EsDeNoWebApi(baseUrl),
  controls: esDeControls
}

/** ES-DE's settings as they are on disk now (the simulated ES-DE reads RunInBackground from them). */
export { settingsNow as esDeSettingsNow } from './settings-at-start.js'
