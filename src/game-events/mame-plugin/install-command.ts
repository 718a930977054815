/** `cabinet-hub install-mame-plugin --plugins-dir DIR [--uninstall]`: writes or removes the `cabinethub` MAME plugin. */
import { CommandUsageError, type ModuleCommand } from '../../core/module.js'
import type { gameEventsOptions } from '../options.js'
import { definitionsRoot } from '../watches/definition-store.js'
import { installPlugin, pluginName, uninstallPlugin } from './plugin-files.js'

/** Writes (or removes) the plugin for the service of `dataDir`; returns the files written or removed. The setup page's button calls it too. */
export async function setMamePlugin (pluginsDir: string, dataDir: string, port: number, install: boolean): Promise<string[]> {
  return install ? installPlugin(pluginsDir, definitionsRoot(dataDir), port) : uninstallPlugin(pluginsDir)
}

export const installMamePluginCommand: ModuleCommand<typeof gameEventsOptions> = {
  name: 'install-mame-plugin',
  usage: `  cabinet-hub install-mame-plugin --plugins-dir DIR [--uninstall]
                                  write (or remove) the ${pluginName} MAME plugin; run MAME with
                                  -plugin ${pluginName} -pluginspath "DIR;<MAME's plugins>" -output network
`,
  async run (args, context) {
    const { core, flags, positionals } = context.parse(args, { 'plugins-dir': { type: 'string' }, uninstall: { type: 'boolean' } })
    if (positionals.length > 0) throw new CommandUsageError(`install-mame-plugin: unexpected argument ${positionals[0]}`)
    const pluginsDir = flags['plugins-dir']
    if (pluginsDir === undefined) throw new CommandUsageError('install-mame-plugin: --plugins-dir DIR is required')
    const files = await setMamePlugin(pluginsDir, core.dataDir, core.port, flags.uninstall !== true)
    context.stdout.write(`${flags.uninstall === true ? 'removed' : 'wrote'} ${files.length === 0 ? 'nothing' : files.join(', ')}\n`)
    return 0
  }
}
