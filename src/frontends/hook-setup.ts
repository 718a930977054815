/**
 * `install-hooks` and `uninstall-hooks`, and the setup page's hooks button: one implementation, so
 * the page writes exactly the files the command does and refuses what it refuses.
 */
import type { HookInstallReport } from './adapter.js'
import { installProblem, type FrontendInstall } from './install.js'

/** A request the configured frontend cannot take; the message says what to do instead. */
export class HookSetupError extends Error {}

export interface HookSetupRequest {
  readonly install: boolean
  /** Makes the folders of a root that is not an install yet (install-hooks --create). */
  readonly create: boolean
  /** Also switches on the frontend settings the hooks need (install-hooks --enable-scripts). */
  readonly enableScripts: boolean
  readonly spoolDir: string
  readonly port: number
}

export interface HookSetupReport extends HookInstallReport {
  readonly esConfigDir: string
  /** The frontend settings switched on; null when none was asked for. */
  readonly switchedOn: string[] | null
}

export async function setHookScripts (install: FrontendInstall, request: HookSetupRequest): Promise<HookSetupReport> {
  const command = request.install ? 'install-hooks' : 'uninstall-hooks'
  const { esConfigDir, adapter } = install
  if (esConfigDir === null) throw new HookSetupError(`${command} needs --frontend-root (or --es-config-dir)`)
  // A mistyped root would otherwise get a whole new tree of folders nobody runs.
  const problem = request.install && !request.create ? await installProblem(install) : null
  if (problem !== null) throw new HookSetupError(`install-hooks: ${problem} (or pass --create to make the folders)`)
  const hooks = adapter.hooks
  if (hooks === null) throw new HookSetupError(`${command}: the ${adapter.id} frontend runs no hook scripts`)
  if (request.enableScripts && hooks.switchOn === undefined) throw new HookSetupError(`install-hooks --enable-scripts: the ${adapter.id} frontend has no setting to switch on`)
  const report = request.install
    ? await hooks.install({ esConfigDir, spoolDir: request.spoolDir, port: request.port, platform: process.platform })
    : await hooks.uninstall(esConfigDir)
  const switchedOn = request.enableScripts && hooks.switchOn !== undefined ? await hooks.switchOn(esConfigDir) : null
  return { ...report, esConfigDir, switchedOn }
}
