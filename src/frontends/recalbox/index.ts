/**
 * Recalbox (`/recalbox/share` is the root): roms and their `gamelist.xml` in `<root>/roms/<system>/`
 * with scraped media under `media/`, settings in `<root>/system/recalbox.conf`. Its events come
 * from its own MQTT broker, games launch over UDP, and what runs is read from its web API.
 */
import path from 'node:path'
import type { FrontendAdapter, FrontendLayout } from '../adapter.js'
import { esFormats } from '../emulationstation/index.js'
import { MqttEventSource } from './mqtt-source.js'
import { recalboxConfigOf, recalboxOptions } from './options.js'
import { readRecalboxConf } from './settings.js'
import { parseRecalboxSystems } from './systemlist.js'
import { RecalboxWebApi } from './web-api.js'

/** Where Recalbox keeps everything; its paths in events start with it. */
const recalboxShare = '/recalbox/share'

/** Recalbox's virtual systems: on the carousel like systems, holding games of other systems. */
const virtualSystems: ReadonlySet<string> = new Set(['favorites', 'lastplayed', 'multiplayer', 'allgames', 'tate', 'lightgun'])

/**
 * The systems are configured in share_init, beside the share; the share's own copy, when the owner
 * made one, only orders them (wiki.recalbox.com, "Systems display").
 */
export function recalboxSystemsFiles (root: string): string[] {
  const absoluteRoot = path.resolve(root)
  return [path.join(path.dirname(absoluteRoot), 'share_init'), absoluteRoot].map((share) => path.join(share, 'system', '.emulationstation', 'systemlist.xml'))
}

function recalboxLayout (root: string): FrontendLayout {
  const absoluteRoot = path.resolve(root)
  const homeDir = path.join(absoluteRoot, 'system')
  return { root: absoluteRoot, profile: 'recalbox', esConfigDir: homeDir, romsDir: path.join(absoluteRoot, 'roms'), homeDir, themesDirs: [path.join(absoluteRoot, 'themes')] }
}

/** The family with the values of the frontends options (unconfigured: the defaults and no folders). */
function recalboxFamily (values: Readonly<Record<string, unknown>>): FrontendAdapter {
  const config = recalboxConfigOf(values)
  const root = typeof values.frontendRoot === 'string' ? path.resolve(values.frontendRoot) : null
  const romsRoot = typeof values.romsRoot === 'string' ? path.resolve(values.romsRoot) : root === null ? null : recalboxLayout(root).romsDir
  // A Recalbox share mounted elsewhere (or a simulated one): its paths are read from the root given.
  const localPath = (recalboxPath: string): string => root !== null && recalboxPath.startsWith(`${recalboxShare}/`) ? path.join(root, recalboxPath.slice(recalboxShare.length + 1)) : recalboxPath
  const { host } = config.broker
  return {
    id: 'recalbox',
    title: 'Recalbox',
    family: 'recalbox',
    layout: recalboxLayout,
    readSettings: readRecalboxConf,
    systemsFiles: () => root === null ? [] : recalboxSystemsFiles(root),
    gamelistFile: (paths, systemId) => paths.romsRoot === null ? null : path.join(paths.romsRoot, systemId, 'gamelist.xml'),
    isCollection: (systemId) => virtualSystems.has(systemId),
    // Its gamelists are EmulationStation's (frontends.md §2); its systems file is its own.
    formats: { ...esFormats, readSystems: parseRecalboxSystems },
    hooks: null,
    webApi: (baseUrl) => new RecalboxWebApi(baseUrl, { host, launchPort: config.launchPort, romsRoot, localPath }),
    controls: null,
    options: recalboxOptions,
    configure: recalboxFamily,
    webApiUrl: `http://${host}:${config.apiPort}`,
    eventSource: new MqttEventSource({ broker: config.broker, stateFile: config.stateFile, localPath })
  }
}

export const recalboxAdapter = recalboxFamily({})
