/**
 * Whose data dir a `cabinethub` MAME plugin writes for. `install-mame-plugin` writes the definition
 * folder into the plugin; installed without the `--data-dir` of the running service, the plugin
 * reads definitions this service never writes, so nothing it watches ever arrives. The plugin says
 * where it is and which folder it reads when MAME starts a machine (plugin-bridge.ts), and an
 * installed one says it in its `init.lua`: both are checked here against the service's own folder.
 */
import path from 'node:path'
import { commandToRun } from '../../core/launcher.js'
import { samePath } from '../../core/same-path.js'
import { definitionsRoot } from '../watches/definition-store.js'
import type { PluginDescription } from './plugin-bridge.js'
import { installedPlugin, pluginName } from './plugin-files.js'

/** What is wrong, and the command that fixes it. */
export interface PluginProblem {
  readonly message: string
  readonly fix: string
}

/** The status' one line: the problem, then its fix. */
export const oneLine = (problem: PluginProblem): string => `${problem.message}; fix: ${problem.fix}`

/** Says the plugin writes for another data dir; null when it writes for `dataDir`. */
export function pluginElsewhereProblem (plugin: PluginDescription, dataDir: string): PluginProblem | null {
  const ours = definitionsRoot(path.resolve(dataDir))
  if (samePath(plugin.definitionsDir, ours)) return null
  // MAME names the plugin's folder; an unknown one (set_folder never called) leaves DIR to fill in.
  const pluginsDir = plugin.folder === '' ? 'DIR' : path.dirname(plugin.folder)
  return {
    message: `the ${pluginName} MAME plugin${plugin.folder === '' ? '' : ` in ${plugin.folder}`} reads watch definitions from ${plugin.definitionsDir}, but this service keeps them in ${ours}, so no watched value reaches it`,
    fix: commandToRun(`install-mame-plugin --plugins-dir ${pluginsDir} --data-dir ${path.resolve(dataDir)}`)
  }
}

/**
 * MAME serves its outputs to every listener on its one port, so every service on the machine
 * hears every plugin. One installed for another data dir and another service's port is that
 * service's; one for another data dir with this service's port (or none: an older plugin) is this
 * service's, installed without its `--data-dir`.
 */
export function isOtherServicesPlugin (plugin: PluginDescription, dataDir: string, servicePort: number): boolean {
  return plugin.servicePort !== null && plugin.servicePort !== servicePort && pluginElsewhereProblem(plugin, dataDir) !== null
}

/** For `doctor`: the problem of the plugin installed in `pluginsDir`; null when none is there or it writes for `dataDir`. */
export async function installedPluginProblem (pluginsDir: string, dataDir: string): Promise<PluginProblem | null> {
  const plugin = await installedPlugin(pluginsDir)
  return plugin === null ? null : pluginElsewhereProblem(plugin, dataDir)
}
