/**
 * The frontend installation: which EmulationStation family profile, where its folders are, how
 * to reach its web API, and how to read its settings. Every module that looks at the frontend's
 * files asks the service this module provides.
 */
import { defineModule } from '../core/module.js'
import { serviceKey } from '../core/services.js'
import { frontendInstall, type FrontendInstall } from './install.js'
import { frontendsOptions } from './options.js'

export const frontendInstallService = serviceKey<FrontendInstall>('frontends.install')

export const frontendsModule = defineModule({
  name: 'frontends',
  gate: null,
  options: frontendsOptions,
  provides: [frontendInstallService],
  register: async (_scope, { options, provide }) => {
    provide(frontendInstallService, frontendInstall(options))
  }
})

export { effectiveEsConfigDir, themeRoots, type FrontendInstall } from './install.js'
export type { FrontendsConfig } from './options.js'
export { readEsSettings } from './es-settings.js'
export { frontendLayout, frontendProfiles, hookScriptsDir, resolveSystemPath, toEsPath, type FrontendLayout, type FrontendProfile } from './profiles.js'
