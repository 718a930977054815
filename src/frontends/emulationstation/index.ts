/**
 * What every EmulationStation of the RetroBat/Batocera family shares: es_settings.cfg and
 * es_systems.cfg in the config folder, `roms/<system>/gamelist.xml` beside the roms, the hooks of
 * `scripts/<event>/`, and the web API on port 1234.
 */
import path from 'node:path'
import type { FrontendAdapter, FrontendControls, FrontendHooks, FrontendLayout, FrontendPaths } from '../adapter.js'
import { readEsSettings } from '../es-settings.js'
import { esFormats } from './formats.js'
import { installedEsHookScripts, installHooks, uninstallHooks } from './hook-scripts.js'
import { cmdArguments, esShArguments } from './hook-arguments.js'
import { esHookNames, interpretEsHook } from './hooks.js'
import { SimulatorBackend } from './simulator-backend.js'
import { EsWebApi } from './web-api.js'
import { XdotoolBackend } from './xdotool-backend.js'

/** ES's automatic collections: they sit on the carousel like systems, and hold games of every system. */
const esAutoCollections: ReadonlySet<string> = new Set(['all', 'favorites', 'recent'])

const esHooks: FrontendHooks = {
  names: esHookNames,
  interpret: interpretEsHook,
  install: installHooks,
  uninstall: uninstallHooks,
  installed: installedEsHookScripts,
  argumentRules: { sh: esShArguments, cmd: cmdArguments }
}

/**
 * ES names its OK button `b` and its back button `a` (Return and Escape on its default keyboard).
 * The simulated ES is an ES too (src/sim/README.md): its `/sim/input` is one more way in.
 */
export const esButtons = { ok: 'b', back: 'a' } as const

const esControls: FrontendControls = {
  ...esButtons,
  listsWrap: true,
  windowClass: 'emulationstation',
  backend: (kind, context) => kind === 'simulator'
    ? new SimulatorBackend(context.webApi)
    : new XdotoolBackend({ xdotool: '/usr/bin/xdotool', inputFile: context.esConfigDir === null ? null : path.join(context.esConfigDir, 'es_input.cfg'), windowClass: context.windowClass, display: context.display })
}

export function emulationStationAdapter (id: string, title: string, platform: NodeJS.Platform, layout: (root: string) => FrontendLayout): FrontendAdapter {
  return {
    id,
    title,
    family: 'emulationstation',
    platform,
    layout,
    readSettings: readEsSettings,
    systemsFiles: (paths: FrontendPaths) => paths.esConfigDir === null ? [] : [path.join(paths.esConfigDir, 'es_systems.cfg')],
    gamelistFile: (paths: FrontendPaths, systemId: string) => paths.romsRoot === null ? null : path.join(paths.romsRoot, systemId, 'gamelist.xml'),
    isCollection: (systemId) => esAutoCollections.has(systemId),
    formats: esFormats,
    hooks: esHooks,
    webApi: (baseUrl) => new EsWebApi(baseUrl),
    // ES's default theme, the one other theme the incumbent looks in.
    defaultTheme: 'es-theme-carbon',
    controls: esControls
  }
}

export { batScript, hookScriptBaseName, hookShellNames, installedEsHookScripts, installHooks, uninstallHooks } from './hook-scripts.js'
export { esFormats } from './formats.js'
export { cmdArguments, withoutCharacters } from './hook-arguments.js'
export { toSystemInfo } from './es-systems.js'
export { GamelistChangedError, indentBefore, rewriteGamelist, setTag, type GamelistEdit, type LocatedGame } from './gamelist-edit.js'
export { startedGamePath } from './hooks.js'
export { SimulatorBackend } from './simulator-backend.js'
export { XdotoolBackend } from './xdotool-backend.js'
