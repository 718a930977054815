/**
 * The frontend installation: which frontend family (adapter), where its folders are, how to reach
 * its web API, and how to read its settings. Every module that looks at the frontend's files asks
 * the service this module provides.
 */
import type { FrontendSettings } from '../core/settings.js'
import { defineModule } from '../core/module.js'
import { serviceKey } from '../core/services.js'
import type { FrontendAdapter, FrontendHooks } from './adapter.js'
import { builtInAdapters } from './adapters.js'
import { effectiveEsConfigDir, frontendInstall, type FrontendInstall } from './install.js'
import { frontendsOptionsFor, type FrontendsConfig } from './options.js'

export const frontendInstallService = serviceKey<FrontendInstall>()('frontendInstall')

function adapterFor (adapters: readonly FrontendAdapter[], profile: string): FrontendAdapter {
  const adapter = adapters.find((a) => a.id === profile)
  // The option's schema lists exactly these ids, so a loaded configuration always names one.
  if (adapter === undefined) throw new Error(`no frontend adapter ${profile}`)
  return adapter
}

/** The module over a set of frontend adapters; a build with another family passes its adapter too. */
export function frontendsModuleWith (adapters: readonly FrontendAdapter[]) {
  return defineModule({
    name: 'frontends',
    gate: null,
    options: frontendsOptionsFor(adapters),
    provides: [frontendInstallService],
    register: async (_scope, { options, provide }) => {
      provide(frontendInstallService, frontendInstall(options, adapterFor(adapters, options.profile)))
    }
  })
}

export const frontendsModule = frontendsModuleWith(builtInAdapters)

/** The frontend's settings, read before the service is built (its manager switches are among them). */
export async function readFrontendSettings (config: FrontendsConfig, adapters: readonly FrontendAdapter[] = builtInAdapters): Promise<FrontendSettings> {
  const adapter = adapterFor(adapters, config.profile)
  return adapter.readSettings(effectiveEsConfigDir(config, adapter))
}

/** The config folder of the configured frontend, for commands that write into it (hook scripts). */
export function configuredEsConfigDir (config: FrontendsConfig, adapters: readonly FrontendAdapter[] = builtInAdapters): string | null {
  return effectiveEsConfigDir(config, adapterFor(adapters, config.profile))
}

/** The configured installation, for commands that look at it without starting the service (doctor). */
export function configuredInstall (config: FrontendsConfig, adapters: readonly FrontendAdapter[] = builtInAdapters): FrontendInstall {
  return frontendInstall(config, adapterFor(adapters, config.profile))
}

/** The hooks of the configured frontend family, for commands that install our scripts; null when it runs none. */
export function configuredFrontendHooks (config: FrontendsConfig, adapters: readonly FrontendAdapter[] = builtInAdapters): FrontendHooks | null {
  return adapterFor(adapters, config.profile).hooks
}

export { HookSetupError, setHookScripts } from './hook-setup.js'
export { hookArgumentRules, hookScriptsProblem, installedHookScripts, installHooksCommand, installProblem, readFrontendInstall, spoolDirsOf, themeRoots, type FrontendInstall } from './install.js'
export type { FrontendsConfig } from './options.js'
export { readRecalboxConf } from './recalbox/settings.js'
export { recalboxSystemsFiles } from './recalbox/index.js'
export { parseRecalboxSystems } from './recalbox/systemlist.js'
export { hasWebApi } from './adapter.js'
export type { FrontendAction, FrontendAdapter, FrontendControls, FrontendEventSource, FrontendFormats, FrontendGame, FrontendLayout, FrontendResponse, FrontendWebApi, GamelistEntry, SystemInfo } from './adapter.js'
export { FrontendUnreachableError } from './unreachable.js'
export { processRunning } from './running-process.js'
export { navigationInputs, type BackendStatus, type InputBackend, type NavigationInput } from './controls.js'
export { builtInAdapters } from './adapters.js'
export { readFirstSystemsFile } from './systems-file.js'
export { listRomFiles } from './rom-files.js'
export { esButtons, esFormats, GamelistChangedError, hookScriptBaseName, hookShellNames, indentBefore, rewriteGamelist, setTag, toSystemInfo, type GamelistEdit, type LocatedGame } from './emulationstation/index.js'
export { esDeSettingsNow } from './es-de/index.js'
export { demoTreeProfiles, frontendLayout, hookScriptsDir, resolveSystemPath, simulatedProfiles, toEsPath, type DemoTreeProfile, type FrontendProfile, type SimulatedProfile } from './profiles.js'
