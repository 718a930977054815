/**
 * What the setup page's buttons do: each calls the function its command calls (install-hooks,
 * install-mame-plugin, setup retroarch, install-service), so a click writes what the command
 * writes and refuses what it refuses (409 SETUP_REFUSED, nothing written).
 */
import path from 'node:path'
import { pointRetroarchAt, retroarchBackupOf, serviceUrl, undoRetroarchSetup } from '../achievements/index.js'
import { defaultServiceTarget, installService, thisCommand } from '../boot/index.js'
import { writeConfigValues } from '../core/config-file.js'
import { HubError } from '../core/errors.js'
import { builtInAdapters, HookSetupError, installProblem, readFrontendInstall, setHookScripts, type FrontendsConfig } from '../frontends/index.js'
import { setMamePlugin } from '../game-events/index.js'
import { exists, mamePluginsDir, retroarchConfigFile } from './places.js'
import type { ChangedResponseType } from './schemas.js'
import { spoolDir, type SetupContext } from './setup-context.js'

const refused = (message: string): HubError => new HubError(409, 'SETUP_REFUSED', message)

export async function setHooks (context: SetupContext, install: boolean): Promise<ChangedResponseType> {
  try {
    const report = await setHookScripts(context.install, { install, create: false, enableScripts: false, spoolDir: spoolDir(context), port: context.port })
    const changed = [...report.written, ...report.removed]
    return { changed, message: install ? `hook scripts written in ${report.esConfigDir}` : changed.length === 0 ? `no cabinet-hub hook scripts under ${report.esConfigDir}` : `hook scripts removed from ${report.esConfigDir}` }
  } catch (error) {
    if (error instanceof HookSetupError) throw refused(error.message)
    throw error
  }
}

export async function setMamePluginFiles (context: SetupContext, install: boolean): Promise<ChangedResponseType> {
  const pluginsDir = mamePluginsDir(context.install, context.dataDir)
  const changed = await setMamePlugin(pluginsDir, context.dataDir, context.port, install)
  return { changed, message: install ? `MAME plugin written in ${pluginsDir}: run MAME with -plugin cabinethub -pluginspath "${pluginsDir};<MAME's plugins>" -output network` : `MAME plugin removed from ${pluginsDir}` }
}

export async function setRetroarch (context: SetupContext, undo: boolean): Promise<ChangedResponseType> {
  const file = retroarchConfigFile(context.install)
  if (!await exists(file)) throw refused(`${file} does not exist (RetroArch writes it on its first run)`)
  const hadBackup = await exists(retroarchBackupOf(file))
  const report = undo ? await undoRetroarchSetup(file) : await pointRetroarchAt(file, serviceUrl(context.host, context.port))
  const backup = hadBackup !== await exists(retroarchBackupOf(file)) ? [retroarchBackupOf(file)] : []
  return { changed: report.changed ? [file, ...backup] : [], message: report.message }
}

export async function setService (context: SetupContext): Promise<ChangedResponseType> {
  const { install } = context
  const target = defaultServiceTarget(install.adapter.id)
  const report = await installService({
    target,
    command: await thisCommand(context.serviceArgs()),
    unitDir: null,
    userdata: target === 'batocera' ? install.root : null,
    esConfigDir: install.esConfigDir,
    core: context
  })
  return { changed: [report.file], message: report.next }
}

/** Writes the frontend the owner chose into the config file the next start reads; refuses a folder that is not an install of that family. */
export async function chooseFrontend (context: SetupContext, choice: { root: string, profile: string }): Promise<ChangedResponseType> {
  const family = builtInAdapters.find((adapter) => adapter.id === choice.profile)
  if (family === undefined) throw refused(`no frontend family ${choice.profile}: one of ${builtInAdapters.map((adapter) => adapter.id).join(', ')}`)
  const root = path.resolve(choice.root)
  const problem = await installProblem(await readFrontendInstall({ frontendRoot: root, profile: choice.profile, esConfigDir: null, romsRoot: null } as FrontendsConfig, family))
  if (problem !== null) throw refused(problem)
  await writeConfigValues(context.configFile, { frontendRoot: root, profile: choice.profile })
  return { changed: [context.configFile], message: `${context.configFile} now points the service at ${root} (${choice.profile}); restart the service to leave the demo` }
}
