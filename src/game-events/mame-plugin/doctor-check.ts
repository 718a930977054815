/** `cabinet-hub doctor --plugins-dir DIR`: a `cabinethub` plugin installed there for another data dir. */
import type { DoctorCheck } from '../../core/module.js'
import { installedPluginProblem } from './plugin-check.js'

export const mamePluginDoctorCheck: DoctorCheck = {
  flags: { 'plugins-dir': { type: 'string', multiple: true } },
  async run (flags, core) {
    const pluginsDirs = (flags['plugins-dir'] ?? []) as readonly string[]
    const problems = await Promise.all(pluginsDirs.map(async (pluginsDir) => installedPluginProblem(pluginsDir, core.dataDir)))
    return problems.flatMap((problem) => problem === null ? [] : [{ kind: 'mame-plugin-elsewhere', ...problem }])
  }
}
